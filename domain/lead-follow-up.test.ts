import { describe, expect, it } from "vitest";
import { VALID_MESSAGE } from "./testing/valid-lead";
import type { Lead } from "./lead";
import {
  applyFollowUpEvent,
  countLeads,
  decodeCursor,
  encodeCursor,
  FollowUpChangeSchema,
  leadMatcher,
  leadsPage,
  LeadQuerySchema,
  NO_FOLLOW_UP,
  type FollowUp,
} from "./lead-follow-up";

const lead = (i: number, over: Partial<Lead> = {}): Lead => ({
  ...VALID_MESSAGE,
  id: `lead-${i}`,
  createdAt: new Date(Date.UTC(2026, 10, 1) + i * 3_600_000).toISOString(),
  origin: null,
  source: null,
  site: "sussex-coast",
  delivery: { status: "not-sent", attempts: 0 },
  ...over,
});
const leads = Array.from({ length: 10 }, (_, i) => lead(i));
const none = () => NO_FOLLOW_UP;
const all = leadMatcher({}, none);

describe("follow-up", () => {
  it("folds events: the last status with who and when, every note in order", () => {
    let f: FollowUp = NO_FOLLOW_UP;
    f = applyFollowUpEvent(f, { leadId: "a", at: "2026-11-01T10:00:00.000Z", by: "s@x.example", status: "contacted", note: "called" });
    f = applyFollowUpEvent(f, { leadId: "a", at: "2026-11-02T10:00:00.000Z", by: "o@x.example", note: "visited" });
    expect(f).toEqual({
      ...NO_FOLLOW_UP,
      status: "contacted",
      statusBy: "s@x.example",
      statusAt: "2026-11-01T10:00:00.000Z",
      notes: [
        { text: "called", author: "s@x.example", at: "2026-11-01T10:00:00.000Z" },
        { text: "visited", author: "o@x.example", at: "2026-11-02T10:00:00.000Z" },
      ],
      version: 2,
    });
    expect(NO_FOLLOW_UP.notes).toEqual([]);
  });

  it("takes a status, a note or both; refuses an unknown status, an empty note, nothing and other keys", () => {
    expect(FollowUpChangeSchema.parse({ status: "won", note: "  sold a D5  " })).toEqual({ status: "won", note: "sold a D5" });
    expect(FollowUpChangeSchema.safeParse({ status: "maybe" }).error?.issues[0]?.message).toBe("status must be one of: new, contacted, won, lost");
    expect(FollowUpChangeSchema.safeParse({ note: " " }).success).toBe(false);
    expect(FollowUpChangeSchema.safeParse({}).success).toBe(false);
    expect(FollowUpChangeSchema.safeParse({ status: "won", by: "someone" }).success).toBe(false);
  });
});

describe("the inbox's pages", () => {
  it("pages newest first with a cursor until null, each lead once", () => {
    const first = leadsPage(leads, all, { limit: 4 });
    expect(first.leads.map((l) => l.id)).toEqual(["lead-9", "lead-8", "lead-7", "lead-6"]);
    const second = leadsPage(leads, all, { limit: 4, before: decodeCursor(first.nextCursor!) });
    expect(second.leads.map((l) => l.id)).toEqual(["lead-5", "lead-4", "lead-3", "lead-2"]);
    const third = leadsPage(leads, all, { limit: 4, before: decodeCursor(second.nextCursor!) });
    expect(third).toEqual({ leads: [leads[1], leads[0]], nextCursor: null });
    // Exactly a page left: the last page says so.
    expect(leadsPage(leads, all, { limit: 10 }).nextCursor).toBeNull();
  });

  it("goes on after a cursor whose lead is gone, from the first lead older than it", () => {
    const cursor = decodeCursor(encodeCursor(leads[5]!))!;
    const without = leads.filter((l) => l.id !== "lead-5");
    expect(leadsPage(without, all, { limit: 2, before: cursor }).leads.map((l) => l.id)).toEqual(["lead-4", "lead-3"]);
  });

  it("refuses a cursor it did not make", () => {
    for (const bad of ["", "abc", "zzzzzzzzzzzzzz.x", "12.", "..x"]) expect(decodeCursor(bad), bad).toBeNull();
  });

  it("filters by every field of the query together", () => {
    const mixed = [
      lead(1, { interest: "service", source: "spring-landing", origin: "https://partner.example" }),
      lead(2, { firstName: "Ada", phone: "(302) 555-0142", message: "A cart with a <b>roof</b>" }),
      lead(3, { interest: "parts" }),
    ];
    const ids = (q: Record<string, string>, followUp: (id: string) => FollowUp = none) =>
      mixed.filter(leadMatcher(LeadQuerySchema.parse(q), followUp)).map((l) => l.id);
    expect(ids({ interest: "service" })).toEqual(["lead-1"]);
    expect(ids({ source: "spring-landing" })).toEqual(["lead-1"]);
    expect(ids({ source: "https://partner.example" })).toEqual(["lead-1"]);
    expect(ids({ q: "ADA <B>ROOF" })).toEqual(["lead-2"]);
    expect(ids({ q: "302-555 0142" })).toEqual(["lead-2"]);
    expect(ids({ q: "3025550142" })).toEqual(["lead-2"]);
    expect(ids({ q: ".*" })).toEqual([]);
    expect(ids({ from: "2026-11-01T02:00:00Z", to: "2026-11-01T03:00:00Z" })).toEqual(["lead-2"]);
    expect(ids({ to: "2026-11-01" })).toEqual(["lead-1", "lead-2", "lead-3"]);
    expect(ids({ to: "2026-10-31" })).toEqual([]);
    expect(ids({ status: "won" }, (id) => (id === "lead-3" ? { ...NO_FOLLOW_UP, status: "won" } : NO_FOLLOW_UP))).toEqual(["lead-3"]);
    expect(ids({ status: "new" })).toEqual(["lead-1", "lead-2", "lead-3"]);
  });

  it("counts per status, interest and source pair, most first", () => {
    const mixed = [
      lead(1, { source: "a", origin: "https://p.example" }),
      lead(2, { source: "a", origin: "https://p.example", interest: "parts" }),
      lead(3, { source: "a", origin: null }),
      lead(4),
    ];
    const counts = countLeads(mixed, all, (id) => (id === "lead-4" ? { ...NO_FOLLOW_UP, status: "lost" } : NO_FOLLOW_UP));
    expect(counts).toEqual({
      total: 4,
      byStatus: { new: 3, contacted: 0, won: 0, lost: 1 },
      byInterest: { sales: 3, service: 0, parts: 1, general: 0 },
      bySource: [
        { source: "a", origin: "https://p.example", count: 2 },
        { source: "a", origin: null, count: 1 },
        { source: null, origin: null, count: 1 },
      ],
      bySite: [{ site: "sussex-coast", count: 4 }],
      mine: 0,
      unassigned: 4,
      overdue: 0,
    });
  });

  it("orders pairs with as many leads by source, then origin, whichever came first (so running totals give the same order)", () => {
    const tied = [
      lead(1, { source: "a", origin: "https://z.example" }),
      lead(2, { source: "a", origin: "https://b.example" }),
      lead(3, { source: "a", origin: null }),
    ];
    expect(countLeads(tied, all, () => NO_FOLLOW_UP).bySource.map((s) => s.origin)).toEqual(["https://b.example", "https://z.example", null]);
  });
});
