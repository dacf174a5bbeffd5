/**
 * The lead store's query interface, on each engine: a page, the
 * counts and the export of a selection are what the inbox showed when it
 * filtered every lead in memory (the domain's leadsPage, countLeads and
 * leadMatcher are the reference), including the accent-insensitive search,
 * phone digits, sources, sites, statuses and periods; and on PostgreSQL the
 * search, filters and counts can use an index rather than a scan.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { ContactMessage } from "../../domain/contact";
import type { Lead } from "../../domain/lead";
import { countLeads, leadSearchText, leadsPage, selectionMatcher, type LeadQuery, type LeadSelection } from "../../domain/lead-follow-up";
import { storeEngines } from "../testing/store-engines";
import { storedLeads } from "../testing/stored-leads";
import { validLead } from "../testing/test-server";
import type { LeadStore } from "./lead-store";
import type { Stores } from "./open-stores";
import { likeTrigrams, type TrigramStats } from "./pg/lead-search";
import { openPgLeadStore } from "./pg/lead-store";

vi.setConfig({ testTimeout: 30_000 });
const { engines, stop } = await storeEngines();
afterAll(stop);

const PEOPLE: Partial<ContactMessage>[] = [
  { firstName: "José", lastName: "Núñez", phone: "(302) 555-0100" },
  { firstName: "Jose", lastName: "Nunez", message: "Plain letters, 100% sure_thing." },
  { firstName: "Ann", lastName: "Lee", interest: "service", phone: "302.555.0199" },
  { firstName: "Bob", lastName: "Ray", email: "bob@resort.example", interest: "parts" },
  { firstName: "Zoë", lastName: "Ørsted", message: "Café delivery to Lewes?" },
];

const QUERIES: LeadQuery[] = [
  {},
  { q: "nunez" },
  { q: "Núñez" },
  { q: "JOSE nun" },
  { q: "302 555" },
  { q: "555-0100" },
  { q: "100%" },
  { q: "sure_" },
  { q: "cafe lewes" },
  { q: "zoe" },
  { interest: "service" },
  { source: "landing" },
  { source: "https://resort.example" },
  { site: "cape-may" },
  { status: "contacted" },
  { status: "new", site: "sussex-coast" },
  { from: Date.now() - 3_600_000 },
  { to: Date.now() - 3_600_000 },
  { q: "nobody-by-this-name" },
];

describe.each(engines)("lead queries: $name", (engine) => {
  if (engine.unavailable) {
    it.skip(`skipped: ${engine.unavailable}`, () => {});
    return;
  }
  let stores: Stores;
  let all: Lead[];
  const selection = (query: LeadQuery, sites?: string[]): LeadSelection => ({ query, followUp: stores.staff.followUps.get, ...(sites ? { sites } : {}) });

  beforeAll(async () => {
    stores = await engine.open(await engine.fresh());
    // Three rounds of every person, through two sites and three sources.
    for (let round = 0; round < 3; round++)
      for (const [i, person] of PEOPLE.entries()) {
        await stores.leads.add(
          {
            message: validLead(person) as ContactMessage,
            origin: (round + i) % 3 === 0 ? "https://resort.example" : null,
            source: (round + i) % 3 === 1 ? "landing" : null,
            site: (round + i) % 2 ? "cape-may" : "sussex-coast",
          },
          { status: "not-sent", attempts: 0 },
        );
      }
    all = await storedLeads(stores.leads);
    for (const lead of all.filter((_, i) => i % 4 === 0))
      await stores.staff.followUps.record({ leadId: lead.id, at: new Date().toISOString(), by: "sales@example.com", status: "contacted" });
  });

  it("stores and streams every lead, oldest first", () => {
    expect(all.map((l) => `${l.firstName} ${l.lastName}`).slice(0, 5)).toEqual(PEOPLE.map((p) => `${p.firstName} ${p.lastName}`));
    expect(all).toHaveLength(15);
  });

  /** A query's pages, counts and export from `leads` are what the inbox showed. */
  async function expectTheInbox(query: LeadQuery, leads: LeadStore = stores.leads): Promise<void> {
    for (const sites of [undefined, ["cape-may"]]) {
      const sel = selection(query, sites);
      const match = selectionMatcher(sel);
      // Every page of 2, by cursor, until the last.
      const pages: string[][] = [];
      let before: { id: string; createdAt: string } | null = null;
      for (;;) {
        const page = await leads.page(sel, { limit: 2, before });
        expect(page).toEqual(leadsPage(all, match, { limit: 2, before }));
        pages.push(page.leads.map((l) => l.id));
        if (!page.nextCursor) break;
        const last = page.leads.at(-1)!;
        before = { id: last.id, createdAt: last.createdAt };
      }
      expect(pages.flat()).toEqual(
        all
          .filter(match)
          .map((l) => l.id)
          .reverse(),
      );
      expect(await leads.count(sel)).toEqual(countLeads(all, match, sel.followUp));
      const exported: Lead[] = [];
      for await (const batch of leads.stream(sel)) exported.push(...batch);
      expect(exported).toEqual(all.filter(match));
    }
  }

  it.each(QUERIES.map((q) => [JSON.stringify(q), q] as const))("%s: its pages, counts and export are the inbox's", async (_, query) => {
    await expectTheInbox(query);
  });

  // Each way a search word can be planned (pg/lead-search.ts) selects what LIKE '%word%' selects: forced by the trigram
  // frequencies the store is given (every trigram rare: the index asked for a part of each word; every one common: the
  // newest leads walked), then by the database's own statistics once ANALYZE has made them.
  const allTrigrams = (share: number): TrigramStats => {
    const freq = new Map(
      all.flatMap((l) =>
        leadSearchText(l)
          .split(/\s+/)
          .flatMap((w) => likeTrigrams(w).map((t) => [t.trigram, share] as const)),
      ),
    );
    return { search: { freq, unlisted: share }, phone_digits: { freq, unlisted: share } };
  };
  it.runIf(engine.name === "postgres").each(["all rare", "all common", "ANALYZE made"] as const)(
    "every query's pages, counts and export are the inbox's with the trigram frequencies %s",
    async (kind) => {
      if (kind === "ANALYZE made") await stores.db!.pool.query("ANALYZE leads");
      const trigramStats = kind === "ANALYZE made" ? undefined : async () => allTrigrams(kind === "all rare" ? 0.0001 : 1);
      const leads = await openPgLeadStore(stores.db!, trigramStats ? { trigramStats } : {});
      for (const query of [...QUERIES, { q: "zoe 0100" }, { q: "example.com" }, { q: "nunez@" }] as LeadQuery[]) await expectTheInbox(query, leads);
    },
  );

  it("finds one lead by id, and none for an unknown id", async () => {
    expect(await stores.leads.get(all[3]!.id)).toEqual(all[3]);
    expect(await stores.leads.get("no-such-lead")).toBeUndefined();
  });

  it("counts what a scan counts after leads arrive at once from several connections and change status again", async () => {
    const more = await Promise.all(
      PEOPLE.map((person, i) =>
        stores.leads.add(
          { message: validLead(person) as ContactMessage, origin: null, source: i % 2 ? "landing" : null, site: i % 2 ? "cape-may" : "sussex-coast" },
          { status: "not-sent", attempts: 0 },
        ),
      ),
    );
    for (const [i, status] of (["won", "lost", "contacted"] as const).entries()) {
      await stores.staff.followUps.record({ leadId: more[i]!.id, at: new Date().toISOString(), by: "sales@example.com", status });
      await stores.staff.followUps.record({ leadId: all[i * 4]!.id, at: new Date().toISOString(), by: "sales@example.com", status });
    }
    const now = await storedLeads(stores.leads);
    expect(now).toHaveLength(20);
    for (const query of [{}, { status: "won" }, { status: "contacted", site: "cape-may" }, { source: "landing" }, { interest: "service" }] as LeadQuery[])
      for (const sites of [undefined, ["cape-may"]]) {
        const sel = selection(query, sites);
        expect(await stores.leads.count(sel)).toEqual(countLeads(now, selectionMatcher(sel), sel.followUp));
      }
  });

  it.runIf(engine.name === "postgres")("counts with no search or period read running totals, not the leads", async () => {
    const db = stores.db!;
    const spy = vi.spyOn(db.pool, "query");
    try {
      for (const query of [{}, { status: "contacted" }, { site: "cape-may", source: "landing", interest: "service" }] as LeadQuery[]) {
        spy.mockClear();
        await stores.leads.count(selection(query, ["cape-may", "sussex-coast"]));
        const [sql, params] = spy.mock.calls.at(-1) as unknown as [string, unknown[]];
        const plan = (await db.pool.query<{ "QUERY PLAN": string }>(`EXPLAIN ${sql}`, params)).rows.map((r) => r["QUERY PLAN"]).join("\n");
        expect(plan).toMatch(/lead_counters/);
        expect(plan).not.toMatch(/ on leads\b/);
      }
    } finally {
      spy.mockRestore();
    }
  });

  it.runIf(engine.name === "postgres")("search, site, period and status filters can use an index, not a scan of every lead", async () => {
    const client = await stores.db!.pool.connect();
    try {
      // Fifteen rows are cheaper to scan: the planner is told not to, to show an index serves each condition.
      await client.query("SET enable_seqscan = off");
      await client.query("ANALYZE leads");
      const plan = async (where: string) =>
        (await client.query<{ "QUERY PLAN": string }>(`EXPLAIN SELECT count(*) FROM leads WHERE ${where}`)).rows.map((r) => r["QUERY PLAN"]).join("\n");
      expect(await plan("search LIKE '%nunez%'")).toMatch(/leads_search/);
      expect(await plan("phone_digits LIKE '%3025550%'")).toMatch(/leads_phone_digits/);
      expect(await plan("site = 'cape-may'")).toMatch(/leads_site/);
      expect(await plan("created_at >= now() - interval '1 day'")).toMatch(/leads_created_at/);
      expect(await plan("status = 'won'")).toMatch(/leads_status/);
      // The assignee, and the overdue ones (a range of the partial index of leads given a date).
      expect(await plan("assignee = 'ann@example.com'")).toMatch(/leads_assignee/);
      expect(await plan("due_at < now() AND status IN ('new', 'contacted')")).toMatch(/leads_due/);
    } finally {
      await client.query("RESET enable_seqscan");
      client.release();
    }
  });
});
