/** The leads inbox API: GET /api/staff/leads, leads.csv, leads/counts, PATCH /leads/:id, POST /leads/:id/resend. */
import { readFile } from "node:fs/promises";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { InboxLead, LeadCounts } from "../domain/lead-follow-up";
import { readStoredLeads } from "./store/lead-files";
import { freePort, startSmtpSink } from "./testing/smtp-sink";
import { addAccount, call, readTree, signIn } from "./testing/staff-client";
import { postJson, startTestServer, tempDataDir, validLead, type TestServer } from "./testing/test-server";
import { LEAD_CSV_HEADER } from "../domain/leads-csv";
import { closedAfterEach, mailEnv as mailEnvOf } from "./testing/mail-env";

vi.setConfig({ testTimeout: 60_000, hookTimeout: 60_000 });

const OWNER = { email: "owner@example.com", password: "owner password 1" };
const SALES = { email: "sales@example.com", password: "sales password 1" };
const FOREIGN = "https://evil.example";
const mailEnv = (url: string) => mailEnvOf(url, 600_000);

type Page = { leads: InboxLead[]; nextCursor: string | null };
const json = async <T>(res: Response) => (await res.json()) as T;

const post = async (s: TestServer, over: Record<string, unknown> = {}, origin?: string) => {
  const res = await postJson(`${s.url}/api/contact`, validLead(over), origin ? { origin } : {});
  expect(res.status, await res.clone().text()).toBe(201);
  return (await json<{ id: string }>(res)).id;
};

describe("the inbox (mail off)", () => {
  let s: TestServer;
  let owner: string;
  let sales: string;
  const ids: Record<string, string> = {};
  beforeAll(async () => {
    s = await startTestServer({ ALLOWED_ORIGINS: "https://partner.example" });
    await addAccount(s.dataDir, OWNER.email, "owner", OWNER.password);
    await addAccount(s.dataDir, SALES.email, "sales", SALES.password);
    owner = await signIn(s, OWNER.email, OWNER.password);
    sales = await signIn(s, SALES.email, SALES.password);
    ids.first = await post(s, { firstName: "Ada", lastName: "Lovelace", interest: "service", phone: "(302) 555-0199" });
    ids.partner = await post(
      s,
      { firstName: "Grace", lastName: "Hopper", source: "spring-landing", message: "Do you rent 6-seaters weekly?" },
      "https://partner.example",
    );
    ids.formula = await post(s, { firstName: '=HYPERLINK("http://x")', lastName: "+cmd", message: "-2+3 is a formula" });
    ids.markup = await post(s, { firstName: "<img src=x onerror=alert(1)>", message: "<script>alert(1)</script> hello" });
  });
  afterAll(() => s.close());

  const list = async (query = "", cookie = sales) => {
    const res = await call(s, "GET", `/api/staff/leads${query}`, { cookie });
    expect(res.status, await res.clone().text()).toBe(200);
    return json<Page>(res);
  };

  it("lists leads newest first, each as stored plus its follow-up: existing leads read as new with no notes", async () => {
    const page = await list();
    expect(page.leads.map((l) => l.id)).toEqual([ids.markup, ids.formula, ids.partner, ids.first]);
    expect(page.nextCursor).toBeNull();
    const grace = page.leads[2]!;
    expect(grace).toMatchObject({ firstName: "Grace", source: "spring-landing", origin: "https://partner.example", status: "new", notes: [] });
    expect(grace.delivery).toEqual({ status: "not-sent", attempts: 0 });
    expect(grace.createdAt).toMatch(/^\d{4}-\d\d-\d\dT/);
  });

  it("filters by interest, source (label or origin), date range and a search over name, e-mail, phone and message", async () => {
    expect((await list("?interest=service")).leads.map((l) => l.id)).toEqual([ids.first]);
    expect((await list("?source=spring-landing")).leads.map((l) => l.id)).toEqual([ids.partner]);
    expect((await list("?source=https%3A%2F%2Fpartner.example")).leads.map((l) => l.id)).toEqual([ids.partner]);
    expect((await list("?q=hopper")).leads.map((l) => l.id)).toEqual([ids.partner]);
    expect((await list("?q=ada%20lovelace")).leads.map((l) => l.id)).toEqual([ids.first]);
    expect((await list("?q=302%20555-0199")).leads.map((l) => l.id)).toEqual([ids.first]);
    expect((await list("?q=6-SEATERS")).leads.map((l) => l.id)).toEqual([ids.partner]);
    expect((await list("?q=dana%40example.com")).leads).toHaveLength(4);
    expect((await list("?q=nobody-by-that-name")).leads).toEqual([]);
    const today = new Date().toISOString().slice(0, 10);
    expect((await list(`?from=${today}&to=${today}`)).leads).toHaveLength(4);
    expect((await list(`?to=2020-01-01`)).leads).toEqual([]);
    expect((await list(`?from=2999-01-01`)).leads).toEqual([]);
  });

  it("pages with nextCursor until null, each lead once", async () => {
    const first = await list("?limit=3");
    expect(first.leads).toHaveLength(3);
    expect(first.nextCursor).toEqual(expect.any(String));
    const second = await list(`?limit=3&cursor=${encodeURIComponent(first.nextCursor!)}`);
    expect(second.leads.map((l) => l.id)).toEqual([ids.first]);
    expect(second.nextCursor).toBeNull();
  });

  it("answers 400 for a bad filter, limit or cursor, naming it", async () => {
    for (const [query, field] of [
      ["?status=maybe", "status"],
      ["?interest=boats", "interest"],
      ["?limit=501", "limit"],
      ["?limit=0", "limit"],
      ["?from=yesterday", "from"],
      ["?cursor=not-a-cursor", "cursor"],
      ["?status=new&status=won", "status"],
    ] as const) {
      const res = await call(s, "GET", `/api/staff/leads${query}`, { cookie: sales });
      expect(res.status, query).toBe(400);
      expect(Object.keys((await json<{ fields: object }>(res)).fields), query).toEqual([field]);
    }
  });

  it("PATCH sets the status and adds notes, each with its author and time; the status filter and counts follow; 400 for an unknown status", async () => {
    const before = Date.now();
    const res = await call(s, "PATCH", `/api/staff/leads/${ids.partner}`, {
      cookie: sales,
      body: { status: "contacted", note: "Called back, <b>keen</b> on a 6-seater." },
    });
    expect(res.status).toBe(200);
    const lead = await json<InboxLead>(res);
    expect(lead).toMatchObject({ id: ids.partner, status: "contacted", statusBy: SALES.email });
    expect(Date.parse(lead.statusAt!)).toBeGreaterThanOrEqual(before - 1000);
    expect(lead.notes).toEqual([{ text: "Called back, <b>keen</b> on a 6-seater.", author: SALES.email, at: lead.statusAt }]);

    const won = await json<InboxLead>(await call(s, "PATCH", `/api/staff/leads/${ids.partner}`, { cookie: owner, body: { status: "won" } }));
    expect(won).toMatchObject({ status: "won", statusBy: OWNER.email });
    const noted = await json<InboxLead>(await call(s, "PATCH", `/api/staff/leads/${ids.partner}`, { cookie: owner, body: { note: "Delivered." } }));
    expect(noted.notes.map((n) => `${n.author}: ${n.text}`)).toEqual([`${SALES.email}: Called back, <b>keen</b> on a 6-seater.`, `${OWNER.email}: Delivered.`]);
    expect(noted.status).toBe("won");

    const bad = await call(s, "PATCH", `/api/staff/leads/${ids.partner}`, { cookie: sales, body: { status: "maybe" } });
    expect(bad.status).toBe(400);
    expect(await bad.json()).toMatchObject({ error: "status must be one of: new, contacted, won, lost" });
    expect((await call(s, "PATCH", `/api/staff/leads/${ids.partner}`, { cookie: sales, body: {} })).status).toBe(400);
    expect((await call(s, "PATCH", `/api/staff/leads/${ids.partner}`, { cookie: sales, body: { note: "   " } })).status).toBe(400);
    expect((await call(s, "PATCH", "/api/staff/leads/no-such-lead", { cookie: sales, body: { status: "won" } })).status).toBe(404);
    const unknown = await call(s, "GET", "/api/staff/leads/no-such-lead", { cookie: sales });
    expect(unknown.status).toBe(404);
    expect(await json<{ error: string }>(unknown)).toEqual({ error: expect.stringMatching(/^No lead/) });

    expect((await list("?status=won")).leads.map((l) => l.id)).toEqual([ids.partner]);
    expect((await list("?status=new")).leads.map((l) => l.id)).toEqual([ids.markup, ids.formula, ids.first]);

    const counts = await json<LeadCounts>(await call(s, "GET", "/api/staff/leads/counts", { cookie: sales }));
    expect(counts.total).toBe(4);
    expect(counts.byStatus).toEqual({ new: 3, contacted: 0, won: 1, lost: 0 });
    expect(counts.bySource).toEqual([
      { source: null, origin: null, count: 3 },
      { source: "spring-landing", origin: "https://partner.example", count: 1 },
    ]);
    const none = await json<LeadCounts>(await call(s, "GET", "/api/staff/leads/counts?to=2020-01-01", { cookie: sales }));
    expect(none).toMatchObject({ total: 0, bySource: [] });

    const { entries } = await json<{ entries: { action: string; email: string; fields: string[]; leadName?: string | null }[] }>(
      await call(s, "GET", "/api/staff/audit", { cookie: owner }),
    );
    expect(entries.slice(0, 3).map((e) => `${e.email} ${e.action} ${e.fields.join(" ")}`)).toEqual([
      `${OWNER.email} lead-note ${ids.partner}`,
      `${OWNER.email} lead-status ${ids.partner} won`,
      `${SALES.email} lead-note ${ids.partner}`,
    ]);
    // Each names its lead, for the console's History.
    expect(entries.slice(0, 3).map((e) => e.leadName)).toEqual(["Grace Hopper", "Grace Hopper", "Grace Hopper"]);
  });

  it("the CSV holds the filtered leads in the columns of `npm run leads`, with formulas neutralised", async () => {
    const res = await call(s, "GET", `/api/staff/leads.csv?q=formula`, { cookie: sales });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(res.headers.get("content-disposition")).toMatch(/^attachment; filename="leads-\d{4}-\d\d-\d\d\.csv"$/);
    const bytes = Buffer.from(await res.arrayBuffer());
    // A UTF-8 byte order mark first, so a spreadsheet opens accents intact; a decoder drops it.
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const lines = new TextDecoder().decode(bytes).trimEnd().split("\r\n");
    expect(`${lines[0]}\r\n`).toBe(LEAD_CSV_HEADER);
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain(`,"'=HYPERLINK(""http://x"")",'+cmd,dana@example.com,302-555-0101,sales,'-2+3 is a formula,,,not-sent,0,`);
    // The follow-up columns: the status, nobody assigned, no date, no notes, the time in the site's zone.
    expect(lines[1]).toMatch(/,sussex-coast,message,,,,,,New,,,,\d{4}-\d\d-\d\d \d\d:\d\d,America\/New_York$/);
  });

  it("follow-ups are kept apart from the lead files, which they never touch, and survive a restart", async () => {
    const leadFiles = [...(await readTree(s.dataDir)).entries()].filter(([name]) => name.startsWith("leads"));
    await call(s, "PATCH", `/api/staff/leads/${ids.first}`, { cookie: sales, body: { status: "lost", note: "Bought elsewhere" } });
    expect([...(await readTree(s.dataDir)).entries()].filter(([name]) => name.startsWith("leads"))).toEqual(leadFiles);
    const log = await readFile(path.join(s.dataDir, "lead-follow-ups.jsonl"), "utf8");
    expect(log.trimEnd().split("\n").at(-1)).toContain(`"leadId":"${ids.first}"`);

    const again = await startTestServer({}, s.dataDir);
    try {
      const cookie = await signIn(again, SALES.email, SALES.password);
      const page = await json<Page>(await call(again, "GET", `/api/staff/leads?status=lost`, { cookie }));
      expect(page.leads.map((l) => [l.id, l.statusBy, l.notes.at(-1)?.text])).toEqual([[ids.first, SALES.email, "Bought elsewhere"]]);
    } finally {
      await again.close();
    }
  });

  it("resend answers 409 when mail is off, naming why; the session tells the console that mail is off", async () => {
    const res = await call(s, "POST", `/api/staff/leads/${ids.first}/resend`, { cookie: sales });
    expect(res.status).toBe(409);
    expect((await json<{ error: string }>(res)).error).toMatch(/Lead mail is off/);
    expect(await json(await call(s, "GET", "/api/staff/session", { cookie: sales }))).toEqual({ email: SALES.email, role: "sales", leadMail: false });
  });

  describe("every endpoint", () => {
    const endpoints = () => [
      { method: "GET", url: "/api/staff/leads" },
      { method: "GET", url: "/api/staff/leads.csv" },
      { method: "GET", url: "/api/staff/leads/counts" },
      { method: "GET", url: `/api/staff/leads/${ids.formula}` },
      { method: "PATCH", url: `/api/staff/leads/${ids.formula}`, body: { status: "won", note: "x" } },
      { method: "POST", url: `/api/staff/leads/${ids.formula}/resend` },
    ];
    it("without a session: 401 JSON, no-store", async () => {
      for (const { method, url, body } of endpoints()) {
        const res = await call(s, method, url, { body });
        expect(res.status, `${method} ${url}`).toBe(401);
        expect(res.headers.get("cache-control")).toBe("no-store");
        expect(await res.json()).toEqual({ error: "Please sign in" });
        // The call itself exists: with a session it is answered.
        const signedIn = await call(s, method, url, { cookie: sales, body });
        expect([200, 202, 409], `${method} ${url} signed in`).toContain(signedIn.status);
      }
    });
    it("writes from a foreign Origin with a session: 403, nothing changed; reads from a foreign Origin carry no CORS header", async () => {
      const before = await readTree(s.dataDir);
      for (const { method, url, body } of endpoints()) {
        const res = await call(s, method, url, { cookie: sales, origin: FOREIGN, body });
        if (method === "GET") {
          expect(res.status, url).toBe(200);
          expect(res.headers.get("access-control-allow-origin"), url).toBeNull();
          continue;
        }
        expect(res.status, `${method} ${url}`).toBe(403);
        expect(await res.json()).toEqual({ error: "Staff changes are accepted only from the dealership's own site" });
        const crossSite = await call(s, method, url, { cookie: sales, origin: null, body, headers: { "sec-fetch-site": "cross-site" } });
        expect(crossSite.status).toBe(403);
      }
      expect(await readTree(s.dataDir)).toEqual(before);
    });
  });
});

describe("the inbox's search and period, in words a person reads", () => {
  let s: TestServer;
  let sales: string;
  beforeAll(async () => {
    s = await startTestServer();
    await addAccount(s.dataDir, SALES.email, "sales", SALES.password);
    sales = await signIn(s, SALES.email, SALES.password);
  });
  afterAll(() => s.close());
  const get = (query: string) => call(s, "GET", `/api/staff/leads${query}`, { cookie: sales });

  it("a search finds a name with or without its accents, either way round", async () => {
    const nunez = await post(s, { firstName: "José", lastName: "Núñez" });
    const plain = await post(s, { firstName: "Jose", lastName: "Nunez", message: "Plain letters." });
    for (const [q, found] of [
      ["nunez", [plain, nunez]],
      ["N%C3%BA%C3%B1ez", [plain, nunez]],
      ["jos%C3%A9%20nunez", [plain, nunez]],
      ["nu%C3%B1", [plain, nunez]],
      ["nuna", []],
    ] as const) {
      const res = await get(`?q=${q}`);
      expect(res.status, q).toBe(200);
      expect(
        (await json<Page>(res)).leads.map((l) => l.id),
        q,
      ).toEqual(found);
    }
  });

  it("a search over 200 characters, or a From date after the To date, is refused in plain words", async () => {
    const long = await get(`?q=${"a".repeat(201)}`);
    expect(long.status).toBe(400);
    expect(await long.json()).toEqual({ error: "A search can be at most 200 characters long", fields: { q: "A search can be at most 200 characters long" } });
    const backwards = await get("?from=2026-11-05&to=2026-11-01");
    expect(backwards.status).toBe(400);
    expect(((await backwards.json()) as { error: string }).error).toBe(
      "The From date is after the To date: no lead can match. Choose a From date on or before the To date.",
    );
    expect((await get("?from=2026-11-01&to=2026-11-01")).status).toBe(200);
  });
});

describe("resend (mail on, through a real SMTP sink)", () => {
  const track = closedAfterEach();
  const mailFor = (smtp: { messages: { attachments: { filename?: string }[] }[] }, id: string) =>
    smtp.messages.filter((m) => m.attachments.some((a) => a.filename === `lead-${id}.adf.xml`));

  it("re-queues a lead whose mail failed: one mail per resend, none when it already landed, none doubled by concurrent resends", async () => {
    const port = await freePort();
    const s = track(await startTestServer(mailEnv(`smtp://127.0.0.1:${port}`)));
    await addAccount(s.dataDir, SALES.email, "sales", SALES.password);
    const cookie = await signIn(s, SALES.email, SALES.password);
    const id = await post(s);
    const delivery = async () => (await readStoredLeads(s.dataDir)).find((l) => l.id === id)!.delivery;
    await vi.waitFor(async () => expect(await delivery()).toMatchObject({ status: "pending", attempts: 1 }), { timeout: 10_000 });

    // Still down: the resend is tried at once (not in 10 minutes), and fails again.
    expect((await call(s, "POST", `/api/staff/leads/${id}/resend`, { cookie })).status).toBe(202);
    await vi.waitFor(async () => expect(await delivery()).toMatchObject({ status: "pending", attempts: 2 }), { timeout: 10_000 });

    const smtp = track(await startSmtpSink(port));
    const [a, b, c] = await Promise.all([1, 2, 3].map(() => call(s, "POST", `/api/staff/leads/${id}/resend`, { cookie })));
    expect([a!.status, b!.status, c!.status]).toEqual([202, 202, 202]);
    await vi.waitFor(async () => expect(await delivery()).toMatchObject({ status: "sent", attempts: 3 }), { timeout: 10_000 });

    const again = await call(s, "POST", `/api/staff/leads/${id}/resend`, { cookie });
    expect(again.status).toBe(409);
    expect((await json<{ error: string }>(again)).error).toMatch(/already delivered/);
    await s.outbox!.stop();
    expect(mailFor(smtp, id)).toHaveLength(1);
    expect(await delivery()).toMatchObject({ status: "sent", attempts: 3 });
  });

  it("sends a lead stored while mail was off (not-sent) once mail is on: one mail; the session tells the console that mail is on", async () => {
    const dataDir = await tempDataDir();
    const off = await startTestServer({}, dataDir);
    const id = await post(off);
    await off.close();
    const smtp = track(await startSmtpSink());
    const s = track(await startTestServer(mailEnv(smtp.url), dataDir));
    await addAccount(dataDir, SALES.email, "sales", SALES.password);
    const cookie = await signIn(s, SALES.email, SALES.password);
    expect(await json(await call(s, "GET", "/api/staff/session", { cookie }))).toEqual({ email: SALES.email, role: "sales", leadMail: true });
    const res = await call(s, "POST", `/api/staff/leads/${id}/resend`, { cookie });
    expect(res.status).toBe(202);
    // The answer is what was queued (pending, attempts 0), whatever the outbox has done since: the sink on loopback may
    // already have taken the mail.
    expect((await json<InboxLead>(res)).delivery).toEqual({ status: "pending", attempts: 0 });
    await vi.waitFor(async () => expect((await readStoredLeads(dataDir))[0]!.delivery).toMatchObject({ status: "sent", attempts: 1 }), { timeout: 10_000 });
    await s.outbox!.stop();
    expect(mailFor(smtp, id)).toHaveLength(1);
    expect((await call(s, "POST", "/api/staff/leads/no-such-lead/resend", { cookie })).status).toBe(404);
  });
});
