/**
 * The inbox's sales side, on both storage engines: assignment by the site's rule (round robin, per
 * interest), the mine and unassigned filters, due dates with the overdue leads first and counted, replies to the
 * visitor through a real SMTP sink (and their failure and Resend), the live inbox's poll, and every new endpoint's guards.
 */
import { readFileSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { InboxLead, LeadCounts } from "../domain/lead-follow-up";
import type { Site } from "../domain/site";
import { sitesFromExample } from "../domain/site-seed";
import { postgresForSuite } from "./testing/suite-postgres";
import { freePort, startSmtpSink, type SmtpSink } from "./testing/smtp-sink";
import { call, signIn } from "./testing/staff-client";
import { postJson, startTestServer, validLead, type TestServer } from "./testing/test-server";
import { mailEnv as mailEnvOf } from "./testing/mail-env";

vi.setConfig({ testTimeout: 120_000, hookTimeout: 120_000 });

const [capeMay] = sitesFromExample(JSON.parse(readFileSync(new URL("../tests/fixtures/example-sites.json", import.meta.url), "utf8")));
const OWNER = { email: "owner@example.com", password: "owner password 1" };
const ANN = { email: "ann@example.com", password: "ann password 123" };
const BOB = { email: "bob@example.com", password: "bob password 123" };
const CAPE = { email: "cape@example.com", password: "cape password 12" };
const FOREIGN = "https://evil.example";
const mailEnv = (url: string) => mailEnvOf(url, 600_000);

type Page = { overdue: InboxLead[]; leads: InboxLead[]; nextCursor: string | null };
const json = async <T = Record<string, unknown>>(res: Response) => (await res.json()) as T;

const postgres = await postgresForSuite();
const { unavailable } = postgres;

describe.each(["lowdb", "postgres"] as const)("on %s", (engine) => {
  if (engine === "postgres" && unavailable) return void it.skip(`PostgreSQL: ${unavailable}`);

  let s: TestServer;
  let smtp: SmtpSink;
  let databaseUrl: string | null;
  const cookies: Record<string, string> = {};
  beforeAll(async () => {
    smtp = await startSmtpSink();
    databaseUrl = engine === "postgres" ? await postgres.createDatabase() : null;
    s = await startTestServer({ ...mailEnv(smtp.url), ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}) });
    await s.staff.accounts.add({ ...OWNER, role: "owner" });
    await s.staff.accounts.add({ ...BOB, role: "sales" });
    await s.staff.accounts.add({ ...ANN, role: "sales" });
    await s.staff.accounts.add({ ...CAPE, role: "sales", sites: ["cape-may"] });
    for (const a of [OWNER, ANN, BOB, CAPE]) cookies[a.email] = await signIn(s, a.email, a.password);
    expect((await call(s, "POST", "/api/staff/sites", { cookie: cookies[OWNER.email], body: capeMay })).status).toBe(201);
  });
  afterAll(async () => {
    await s?.close();
    await smtp?.close();
  });

  const as = (who: { email: string }) => cookies[who.email]!;
  const post = async (over: Record<string, unknown> = {}) => {
    const res = await postJson(`${s.url}/api/contact`, validLead(over));
    expect(res.status, await res.clone().text()).toBe(201);
    return (await json<{ id: string }>(res)).id;
  };
  const page = async (query: string, who = ANN) => {
    const res = await call(s, "GET", `/api/staff/leads${query}`, { cookie: as(who) });
    expect(res.status, await res.clone().text()).toBe(200);
    return json<Page>(res);
  };
  const counts = async (query = "", who = ANN) => json<LeadCounts>(await call(s, "GET", `/api/staff/leads/counts${query}`, { cookie: as(who) }));
  const one = async (id: string, who = ANN) => json<InboxLead>(await call(s, "GET", `/api/staff/leads/${id}`, { cookie: as(who) }));
  /** Set the first site's assignment rule through the sites API, with its ETag. */
  const setRule = async (leadAssignment: Site["leadAssignment"]) => {
    const got = await call(s, "GET", "/api/staff/sites/sussex-coast", { cookie: as(OWNER) });
    const etag = got.headers.get("etag")!;
    const site = await json<Site>(got);
    const saved = await call(s, "PUT", "/api/staff/sites/sussex-coast", {
      cookie: as(OWNER),
      body: { ...site, leadAssignment },
      headers: { "if-match": etag },
    });
    expect(saved.status, await saved.clone().text()).toBe(200);
    return etag;
  };
  const ids: Record<string, string> = {};

  it("round robin: a site's new leads go to its sales accounts in turn (by e-mail), none to a scoped account of another site", async () => {
    const stale = await setRule({ rule: "round-robin", byInterest: {} });
    // The rule lives on the versioned site record: a save against the version before is refused.
    const site = await json<Site>(await call(s, "GET", "/api/staff/sites/sussex-coast", { cookie: as(OWNER) }));
    const refused = await call(s, "PUT", "/api/staff/sites/sussex-coast", {
      cookie: as(OWNER),
      body: { ...site, leadAssignment: { rule: "none", byInterest: {} } },
      headers: { "if-match": stale },
    });
    expect(refused.status).toBe(412);
    expect(site.leadAssignment).toEqual({ rule: "round-robin", byInterest: {} });

    for (const name of ["r1", "r2", "r3", "r4"]) ids[name] = await post({ firstName: name });
    const assigned = await Promise.all(["r1", "r2", "r3", "r4"].map(async (n) => (await one(ids[n]!)).assignee));
    expect(assigned).toEqual([ANN.email, BOB.email, ANN.email, BOB.email]);
    expect((await one(ids.r1!)).assignedBy).toBe("assignment rule");
  });

  it("per interest: each interest's leads go to its account; an interest without one waits unassigned", async () => {
    await setRule({ rule: "interest", byInterest: { service: BOB.email } });
    ids.service = await post({ firstName: "Service", interest: "service" });
    ids.sales = await post({ firstName: "Sales", interest: "sales" });
    expect((await one(ids.service)).assignee).toBe(BOB.email);
    expect((await one(ids.sales)).assignee).toBeNull();
    await setRule({ rule: "none", byInterest: {} });
  });

  it("filters mine and unassigned, and counts them (from running totals on PostgreSQL)", async () => {
    const mine = (await page("?assigned=mine")).leads.map((l) => l.firstName);
    expect(mine).toEqual(["r3", "r1"]);
    expect((await page("?assigned=mine", BOB)).leads.map((l) => l.firstName)).toEqual(["Service", "r4", "r2"]);
    expect((await page("?assigned=unassigned")).leads.map((l) => l.firstName)).toEqual(["Sales"]);
    expect(await counts()).toMatchObject({ total: 6, mine: 2, unassigned: 1 });
    expect(await counts("", BOB)).toMatchObject({ mine: 3 });
    // Reassigned by hand: the filters and counts follow at once.
    const res = await call(s, "PATCH", `/api/staff/leads/${ids.sales}`, { cookie: as(ANN), body: { assignee: ANN.email } });
    expect(res.status, await res.clone().text()).toBe(200);
    expect(await json<InboxLead>(res)).toMatchObject({ assignee: ANN.email, assignedBy: ANN.email });
    expect((await page("?assigned=unassigned")).leads).toEqual([]);
    expect(await counts()).toMatchObject({ mine: 3, unassigned: 0 });
    expect((await call(s, "GET", "/api/staff/leads?assigned=someone", { cookie: as(ANN) })).status).toBe(400);
  });

  it("assigns only to an account that may act on the lead's site; a scoped account of another site cannot touch it", async () => {
    const bad = await call(s, "PATCH", `/api/staff/leads/${ids.sales}`, { cookie: as(ANN), body: { assignee: CAPE.email } });
    expect(bad.status).toBe(400);
    expect((await json(bad)).error).toMatch(/may take the leads of the site sussex-coast/);
    expect((await call(s, "PATCH", `/api/staff/leads/${ids.sales}`, { cookie: as(ANN), body: { assignee: "nobody@example.com" } })).status).toBe(400);
    expect((await call(s, "PATCH", `/api/staff/leads/${ids.sales}`, { cookie: as(CAPE), body: { assignee: CAPE.email } })).status).toBe(403);
    const assignees = await json<{ accounts: { email: string }[] }>(await call(s, "GET", "/api/staff/leads/assignees?site=sussex-coast", { cookie: as(ANN) }));
    expect(assignees.accounts.map((a) => a.email).sort()).toEqual([ANN.email, BOB.email, OWNER.email]);
    expect((await call(s, "GET", "/api/staff/leads/assignees?site=sussex-coast", { cookie: as(CAPE) })).status).toBe(403);
    expect((await page("?assigned=mine", CAPE)).leads).toEqual([]);
  });

  it("If-Match: a change made against an older version of the follow-up is refused (412) with the lead as it is now", async () => {
    const got = await call(s, "GET", `/api/staff/leads/${ids.r1}`, { cookie: as(ANN) });
    const etag = got.headers.get("etag")!;
    expect(etag).toMatch(/^"follow-up-\d+"$/);
    const taken = await call(s, "PATCH", `/api/staff/leads/${ids.r1}`, { cookie: as(BOB), body: { assignee: BOB.email }, headers: { "if-match": etag } });
    expect(taken.status).toBe(200);
    const stale = await call(s, "PATCH", `/api/staff/leads/${ids.r1}`, { cookie: as(ANN), body: { assignee: ANN.email }, headers: { "if-match": etag } });
    expect(stale.status).toBe(412);
    expect(await json(stale)).toMatchObject({ error: expect.stringMatching(/bob@example.com's/), current: { assignee: BOB.email } });
    expect((await one(ids.r1!)).assignee).toBe(BOB.email);
    // Two changes against one version at once: one passes.
    const now = taken.headers.get("etag")!;
    const both = await Promise.all(
      [ANN, BOB].map((who) => call(s, "PATCH", `/api/staff/leads/${ids.r1}`, { cookie: as(who), body: { assignee: who.email }, headers: { "if-match": now } })),
    );
    expect(both.map((r) => r.status).sort()).toEqual([200, 412]);
  });

  it("due dates: the overdue leads come first, most overdue first, apart from the list, and are counted; a won lead is not overdue", async () => {
    const hour = 3_600_000;
    const due = (id: string, at: number | null, status?: string) =>
      call(s, "PATCH", `/api/staff/leads/${id}`, {
        cookie: as(ANN),
        body: { due: at === null ? null : new Date(at).toISOString(), ...(status && { status }) },
      });
    expect((await due(ids.r2!, Date.now() - hour)).status).toBe(200);
    expect((await due(ids.r4!, Date.now() - 5 * hour)).status).toBe(200);
    expect((await due(ids.r3!, Date.now() + 24 * hour)).status).toBe(200);
    expect((await due(ids.service!, Date.now() - 9 * hour, "won")).status).toBe(200);
    const first = await page("");
    expect(first.overdue.map((l) => l.firstName)).toEqual(["r4", "r2"]);
    expect(first.leads.map((l) => l.firstName)).not.toContain("r4");
    expect(first.leads.map((l) => l.firstName)).toContain("r3");
    expect(first.leads).toHaveLength(4);
    expect((await counts()).overdue).toBe(2);
    expect((await page("?assigned=mine", BOB)).overdue.map((l) => l.firstName)).toEqual(["r4", "r2"]);
    expect((await page("?status=won")).overdue).toEqual([]);
    // Paging leaves them out too, and later pages list none apart.
    const p1 = await page("?limit=2");
    const p2 = await page(`?limit=2&cursor=${encodeURIComponent(p1.nextCursor!)}`);
    expect(p2.overdue).toEqual([]);
    expect([...p1.leads, ...p2.leads].map((l) => l.firstName)).not.toContain("r2");
    expect((await due(ids.r4!, null)).status).toBe(200);
    expect((await counts()).overdue).toBe(1);
    expect((await call(s, "PATCH", `/api/staff/leads/${ids.r4}`, { cookie: as(ANN), body: { due: "tomorrow" } })).status).toBe(400);
  });

  it("a reply reaches the visitor through the real SMTP sink, from the site, Reply-To the salesperson, and is in the lead's history", async () => {
    const id = await post({ firstName: "Zoë", email: "zoe@visitor.example", message: "Is the D5 in stock?" });
    const res = await call(s, "POST", `/api/staff/leads/${id}/replies`, { cookie: as(ANN), body: { text: "Yes, <b>it is</b>. Come by Saturday." } });
    expect(res.status, await res.clone().text()).toBe(201);
    const lead = await json<InboxLead>(res);
    expect(lead.replies).toEqual([expect.objectContaining({ text: "Yes, <b>it is</b>. Come by Saturday.", author: ANN.email, status: "sent", attempts: 1 })]);
    // The new lead is now contacted, by the one who replied.
    expect(lead).toMatchObject({ status: "contacted", statusBy: ANN.email });
    await vi.waitFor(() => expect(smtp.messages.some((m) => m.subject?.startsWith("Re:"))).toBe(true), { timeout: 10_000 });
    const mail = smtp.messages.find((m) => m.subject?.startsWith("Re:"))!;
    expect(mail.to && "value" in mail.to ? mail.to.value[0]?.address : null).toBe("zoe@visitor.example");
    expect(mail.replyTo?.value[0]?.address).toBe(ANN.email);
    expect(mail.from?.value[0]?.address).toBe("web@dealer.example");
    expect(mail.subject).toMatch(/^Re: your message to /);
    expect(mail.text).toContain("Yes, <b>it is</b>. Come by Saturday.");
    expect(mail.text).toContain("> Is the D5 in stock?");
    expect((await one(id)).replies[0]?.status).toBe("sent");
    const audit = await json<{ entries: { action: string; fields: string[] }[] }>(await call(s, "GET", "/api/staff/audit?limit=5", { cookie: as(OWNER) }));
    expect(audit.entries.map((e) => e.action)).toContain("lead-reply");
    expect(audit.entries).toContainEqual(expect.objectContaining({ action: "lead-status", fields: [id, "contacted"] }));
    const again = await call(s, "POST", `/api/staff/leads/${id}/replies/${lead.replies[0]!.id}/resend`, { cookie: as(ANN) });
    expect(again.status).toBe(409);
    expect((await call(s, "POST", `/api/staff/leads/${id}/replies`, { cookie: as(ANN), body: { text: "  " } })).status).toBe(400);
  });

  it("a reply whose mail fails is marked failed; Resend sends it once the mail server is back, and never twice", async () => {
    const port = await freePort();
    // A second server on the same data (PostgreSQL: a second instance) whose mail server is down.
    const down = await startTestServer({ ...mailEnv(`smtp://127.0.0.1:${port}`), ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}) });
    try {
      if (!databaseUrl) await down.staff.accounts.add({ ...ANN, role: "sales" });
      const cookie = await signIn(down, ANN.email, ANN.password);
      const res = await postJson(`${down.url}/api/contact`, validLead({ email: "late@visitor.example" }));
      const id = (await json<{ id: string }>(res)).id;
      const sent = await call(down, "POST", `/api/staff/leads/${id}/replies`, { cookie, body: { text: "Thanks, we will call." } });
      expect(sent.status).toBe(201);
      const failed = await json<InboxLead>(sent);
      const reply = failed.replies[0]!;
      expect(reply).toMatchObject({ status: "failed", attempts: 1, error: expect.stringMatching(/ECONNREFUSED|connect/i) });
      // Not reached: the lead is still new.
      expect(failed.status).toBe("new");
      const sink = await startSmtpSink(port);
      try {
        const [a, b] = await Promise.all([1, 2].map(() => call(down, "POST", `/api/staff/leads/${id}/replies/${reply.id}/resend`, { cookie })));
        expect([a!.status, b!.status].sort()).toEqual([200, 409]);
        const ok = [a, b].find((r) => r!.status === 200)!;
        expect(await json<InboxLead>(ok)).toMatchObject({ status: "contacted", replies: [expect.objectContaining({ status: "sent", attempts: 2 })] });
        expect(sink.messages.filter((m) => m.subject?.startsWith("Re:"))).toHaveLength(1);
        expect((await call(down, "POST", `/api/staff/leads/${id}/replies/${reply.id}/resend`, { cookie })).status).toBe(409);
        expect((await call(down, "POST", `/api/staff/leads/${id}/replies/no-such/resend`, { cookie })).status).toBe(404);
      } finally {
        await sink.close();
      }
    } finally {
      await down.close();
    }
  });

  it("the live inbox's poll: the newest lead's ETag, 304 while nothing new came, the new lead when one did", async () => {
    const first = await call(s, "GET", "/api/staff/leads/latest", { cookie: as(ANN) });
    expect(first.status).toBe(200);
    const etag = first.headers.get("etag")!;
    expect(etag).toMatch(/^"latest-/);
    const same = await call(s, "GET", "/api/staff/leads/latest", { cookie: as(ANN), headers: { "if-none-match": etag } });
    expect(same.status).toBe(304);
    const id = await post({ firstName: "Newest" });
    const changed = await call(s, "GET", "/api/staff/leads/latest", { cookie: as(ANN), headers: { "if-none-match": etag } });
    expect(changed.status).toBe(200);
    expect(await json(changed)).toMatchObject({ newest: { id, firstName: "Newest" } });
    // Per filter and per site: another site's account hears nothing of it.
    expect(await json(await call(s, "GET", "/api/staff/leads/latest", { cookie: as(CAPE) }))).toEqual({ newest: null });
  });

  it("the CSV adds status, assignee, due date and notes in the site's time, after a UTF-8 byte order mark", async () => {
    const res = await call(s, "GET", "/api/staff/leads.csv?q=r4", { cookie: as(ANN) });
    const bytes = Buffer.from(await res.arrayBuffer());
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const lines = new TextDecoder().decode(bytes).trimEnd().split("\r\n");
    expect(lines[0]).toMatch(/,site,kind,vehicleId,vehicleName,stockNumber,vinOrSerial,testDriveSlot,status,assignee,due,notes,received,timeZone$/);
    expect(lines[1]).toMatch(
      new RegExp(`,sussex-coast,message,,,,,,New,${BOB.email.replace(".", "\\.")},,,\\d{4}-\\d\\d-\\d\\d \\d\\d:\\d\\d,America/New_York$`),
    );
    // A note, with its author, in the site's time.
    await call(s, "PATCH", `/api/staff/leads/${ids.r4}`, { cookie: as(ANN), body: { note: "Called, línea ocupada" } });
    const noted = new TextDecoder().decode(Buffer.from(await (await call(s, "GET", "/api/staff/leads.csv?q=r4", { cookie: as(ANN) })).arrayBuffer()));
    expect(noted).toMatch(/,"\d{4}-\d\d-\d\d \d\d:\d\d ann@example\.com: Called, línea ocupada",/);
  });

  describe("every new endpoint", () => {
    const endpoints = () => [
      { method: "GET", url: "/api/staff/leads/latest" },
      { method: "GET", url: "/api/staff/leads/assignees?site=sussex-coast" },
      { method: "PATCH", url: `/api/staff/leads/${ids.r3}`, body: { assignee: ANN.email, due: null } },
      { method: "POST", url: `/api/staff/leads/${ids.r3}/replies`, body: { text: "Hello" } },
      { method: "POST", url: `/api/staff/leads/${ids.r3}/replies/any/resend` },
    ];
    it("without a session: 401", async () => {
      for (const { method, url, body } of endpoints()) expect((await call(s, method, url, { body })).status, `${method} ${url}`).toBe(401);
    });
    it("writes from a foreign Origin: 403 and nothing changed; reads carry no CORS header", async () => {
      const before = await one(ids.r3!);
      for (const { method, url, body } of endpoints()) {
        const res = await call(s, method, url, { cookie: as(ANN), origin: FOREIGN, body });
        if (method === "GET") {
          expect(res.status).toBe(200);
          expect(res.headers.get("access-control-allow-origin")).toBeNull();
        } else expect(res.status, `${method} ${url}`).toBe(403);
      }
      expect(await one(ids.r3!)).toEqual(before);
    });
  });
});
