/** The sales side in the core: the fold of assignment, due dates and replies; overdue; the rule; the CSV's follow-up columns. */
import { describe, expect, it } from "vitest";
import type { Lead } from "./lead";
import { chooseAssignee } from "./lead-assignment";
import {
  applyFollowUpEvent,
  countLeads,
  isOverdue,
  mayResendReply,
  NO_FOLLOW_UP,
  overdueLeads,
  selectionMatcher,
  type FollowUp,
  type FollowUpEvent,
} from "./lead-follow-up";
import { composeReplyMail } from "./lead-reply-mail";
import { CSV_BOM, LEAD_CSV_COLUMNS, leadCsvRows, localTime } from "./leads-csv";
import { firstSite } from "./site-seed";
import { VALID_MESSAGE } from "./testing/valid-lead";

const lead = (id: string, over: Partial<Lead> = {}): Lead => ({
  id,
  createdAt: "2026-11-21T15:04:05.000Z",
  ...VALID_MESSAGE,
  origin: null,
  source: null,
  site: "sussex-coast",
  delivery: { status: "sent", attempts: 1 },
  ...over,
});
const fold = (events: Omit<FollowUpEvent, "leadId">[]) => events.reduce<FollowUp>((f, e) => applyFollowUpEvent(f, { leadId: "l", ...e }), NO_FOLLOW_UP);

describe("the follow-up fold", () => {
  it("assigns, unassigns, sets and clears a due date, counting each change as a version", () => {
    const f = fold([
      { at: "2026-11-21T10:00:00.000Z", by: "assignment rule", assignee: "ann@dealer.example" },
      { at: "2026-11-21T11:00:00.000Z", by: "bob@dealer.example", due: "2026-11-22T15:00:00.000Z" },
    ]);
    expect(f).toMatchObject({ assignee: "ann@dealer.example", assignedBy: "assignment rule", due: "2026-11-22T15:00:00.000Z", version: 2, status: "new" });
    const cleared = applyFollowUpEvent(f, { leadId: "l", at: "2026-11-21T12:00:00.000Z", by: "bob@dealer.example", assignee: null, due: null });
    expect(cleared).toMatchObject({ assignee: null, assignedBy: "bob@dealer.example", due: null, version: 3 });
  });

  it("a reply is sending, then sent or failed; a failed one may be sent again, a sent one never", () => {
    const sending = fold([{ at: "2026-11-21T10:00:00.000Z", by: "ann@dealer.example", reply: { id: "r1", text: "Hello" } }]);
    expect(sending.replies).toEqual([
      {
        id: "r1",
        text: "Hello",
        author: "ann@dealer.example",
        at: "2026-11-21T10:00:00.000Z",
        status: "sending",
        attempts: 1,
        attemptAt: "2026-11-21T10:00:00.000Z",
      },
    ]);
    const failed = applyFollowUpEvent(sending, {
      leadId: "l",
      at: "2026-11-21T10:00:01.000Z",
      by: "ann@dealer.example",
      replyResult: { id: "r1", ok: false, error: "ECONNREFUSED" },
    });
    expect(failed.replies[0]).toMatchObject({ status: "failed", error: "ECONNREFUSED" });
    const now = Date.parse("2026-11-21T10:00:30.000Z");
    expect(mayResendReply(failed.replies[0]!, now)).toBe(true);
    expect(mayResendReply(sending.replies[0]!, now)).toBe(false);
    expect(mayResendReply(sending.replies[0]!, now + 5 * 60_000)).toBe(true);
    const retried = applyFollowUpEvent(failed, { leadId: "l", at: "2026-11-21T10:01:00.000Z", by: "bob@dealer.example", replyRetry: { id: "r1", attempt: 2 } });
    expect(retried.replies[0]).toMatchObject({ status: "sending", attempts: 2, author: "ann@dealer.example" });
    expect(retried.replies[0]).not.toHaveProperty("error");
    const sent = applyFollowUpEvent(retried, { leadId: "l", at: "2026-11-21T10:01:01.000Z", by: "bob@dealer.example", replyResult: { id: "r1", ok: true } });
    expect(sent.replies[0]).toMatchObject({ status: "sent", sentAt: "2026-11-21T10:01:01.000Z" });
    expect(mayResendReply(sent.replies[0]!, now + 60 * 60_000)).toBe(false);
  });

  it("overdue: a due time passed on a lead still new or contacted", () => {
    const now = Date.parse("2026-11-22T12:00:00.000Z");
    expect(isOverdue({ due: "2026-11-22T11:59:00.000Z", status: "new" }, now)).toBe(true);
    expect(isOverdue({ due: "2026-11-22T11:59:00.000Z", status: "contacted" }, now)).toBe(true);
    expect(isOverdue({ due: "2026-11-22T11:59:00.000Z", status: "won" }, now)).toBe(false);
    expect(isOverdue({ due: "2026-11-22T12:01:00.000Z", status: "new" }, now)).toBe(false);
    expect(isOverdue({ due: null, status: "new" }, now)).toBe(false);
  });

  it("mine, unassigned and overdue as filters, counts and the overdue list, most overdue first", () => {
    const now = Date.parse("2026-11-22T12:00:00.000Z");
    const all = [lead("a"), lead("b"), lead("c"), lead("d")];
    const f: Record<string, FollowUp> = {
      a: { ...NO_FOLLOW_UP, assignee: "ann@x.example", due: "2026-11-22T10:00:00.000Z" },
      b: { ...NO_FOLLOW_UP, assignee: "bob@x.example", due: "2026-11-21T10:00:00.000Z" },
      c: { ...NO_FOLLOW_UP, due: "2026-11-23T10:00:00.000Z" },
      d: { ...NO_FOLLOW_UP, status: "won", due: "2026-11-20T10:00:00.000Z" },
    };
    const followUp = (id: string) => f[id]!;
    const ids = (q: Parameters<typeof selectionMatcher>[0]) => all.filter(selectionMatcher(q)).map((l) => l.id);
    expect(ids({ query: { assigned: "mine" }, followUp, me: "ann@x.example" })).toEqual(["a"]);
    expect(ids({ query: { assigned: "mine" }, followUp })).toEqual([]);
    expect(ids({ query: { assigned: "unassigned" }, followUp })).toEqual(["c", "d"]);
    expect(ids({ query: {}, followUp, due: { now, overdue: "exclude" } })).toEqual(["c", "d"]);
    expect(overdueLeads(all, { query: {}, followUp }, now, 10).map((l) => l.id)).toEqual(["b", "a"]);
    expect(overdueLeads(all, { query: {}, followUp }, now, 1).map((l) => l.id)).toEqual(["b"]);
    expect(countLeads(all, () => true, followUp, { me: "ann@x.example", now })).toMatchObject({ total: 4, mine: 1, unassigned: 2, overdue: 2 });
  });
});

describe("the assignment rule", () => {
  const accounts = [
    { email: "owner@x.example", role: "owner" as const },
    { email: "zed@x.example", role: "sales" as const },
    { email: "amy@x.example", role: "sales" as const },
    { email: "cape@x.example", role: "sales" as const, sites: ["cape-may"] },
  ];
  const turns = () => {
    let n = 0;
    return async () => n++;
  };
  it("round robin takes the site's sales accounts in turn, by e-mail", async () => {
    const turn = turns();
    const rule = { rule: "round-robin" as const, byInterest: {} };
    const got = [];
    for (let i = 0; i < 4; i++) got.push(await chooseAssignee(rule, { site: "sussex-coast", interest: "sales" }, accounts, turn));
    expect(got).toEqual(["amy@x.example", "zed@x.example", "amy@x.example", "zed@x.example"]);
    expect(await chooseAssignee(rule, { site: "cape-may", interest: "sales" }, accounts.slice(3), turns())).toBe("cape@x.example");
    expect(await chooseAssignee(rule, { site: "sussex-coast", interest: "sales" }, accounts.slice(3), turns())).toBeNull();
  });
  it("per interest gives each interest's account, when it may act on the site; none gives nobody", async () => {
    const rule = { rule: "interest" as const, byInterest: { service: "owner@x.example", parts: "cape@x.example", sales: "gone@x.example" } };
    expect(await chooseAssignee(rule, { site: "sussex-coast", interest: "service" }, accounts, turns())).toBe("owner@x.example");
    expect(await chooseAssignee(rule, { site: "sussex-coast", interest: "parts" }, accounts, turns())).toBeNull();
    expect(await chooseAssignee(rule, { site: "sussex-coast", interest: "sales" }, accounts, turns())).toBeNull();
    expect(await chooseAssignee(rule, { site: "sussex-coast", interest: "general" }, accounts, turns())).toBeNull();
    expect(await chooseAssignee({ rule: "none", byInterest: {} }, { site: "sussex-coast", interest: "sales" }, accounts, turns())).toBeNull();
    expect(await chooseAssignee(undefined, { site: "sussex-coast", interest: "sales" }, accounts, turns())).toBeNull();
  });
});

describe("the CSV's follow-up columns", () => {
  it("status, assignee, due date and notes, in the site's time zone, named in a column", () => {
    const f: FollowUp = {
      ...NO_FOLLOW_UP,
      status: "contacted",
      assignee: "ann@dealer.example",
      due: "2026-07-01T18:30:00.000Z",
      notes: [
        { text: "Called, línea ocupada", author: "ann@dealer.example", at: "2026-11-21T15:10:00.000Z" },
        { text: "=2+2\nsecond line", author: "bob@dealer.example", at: "2026-11-21T16:00:00.000Z" },
      ],
    };
    const row = leadCsvRows([lead("a", { firstName: "José" })], { followUp: () => f, timeZone: () => "America/New_York" });
    const names = LEAD_CSV_COLUMNS.map((c) => c.name);
    expect(
      row.endsWith(
        `,sussex-coast,message,,,,,,Contacted,ann@dealer.example,2026-07-01 14:30,"2026-11-21 10:10 ann@dealer.example: Called, línea ocupada\n2026-11-21 11:00 bob@dealer.example: =2+2\nsecond line",2026-11-21 10:04,America/New_York\r\n`,
      ),
    ).toBe(true);
    expect(row.split(",").length).toBeGreaterThan(names.length);
    expect(row).toContain("José");
    expect(CSV_BOM).toBe("\uFEFF");
    expect(Buffer.from(CSV_BOM, "utf8")).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
    expect(localTime("2026-11-21T04:30:00.000Z", "America/Los_Angeles")).toBe("2026-11-20 20:30");
  });
});

describe("the reply mail", () => {
  it("goes to the visitor, Reply-To the salesperson, naming the site, quoting the visitor's message as text", () => {
    const m = composeReplyMail(
      lead("a", { message: "Is the <b>6-seater</b> in stock?" }),
      { id: "r1", text: "Yes, it is.\nCome by." },
      "ann@dealer.example",
      firstSite(),
    );
    expect(m.to.address).toBe(VALID_MESSAGE.email);
    expect(m.replyTo).toBe("ann@dealer.example");
    expect(m.subject).toBe(`Re: your message to ${firstSite().name}`);
    expect(m.text).toContain("Yes, it is.\nCome by.");
    expect(m.text).toContain("> Is the <b>6-seater</b> in stock?");
    expect(m.html).toContain("&lt;b&gt;6-seater&lt;/b&gt;");
    expect(m.html).not.toContain("<b>6-seater");
  });
});
