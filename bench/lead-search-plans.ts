/**
 * npx tsx bench/lead-search-plans.ts DATABASE_URL
 *
 * Lead search on PostgreSQL before and after decision 0038, in one run on one
 * database (fill it first, e.g. with bench/lib/lead-fixtures.ts's insertPgLeads,
 * as benchScaleLeads does): each query's median time through the lead store
 * without the trigram statistics (the store then sends the SQL it sent before
 * migration 9), then with them (CREATE STATISTICS and ANALYZE, as migration 9),
 * and the plan of three searches. It drops and makes again migration 9's
 * statistics: run it on a bench database, not a server's.
 */
import { openStores, type Stores } from "../api/store/open-stores";
import { openPgLeadStore } from "../api/store/pg/lead-store";
import type { LeadQuery } from "../domain/lead-follow-up";
const url = process.argv[2];
if (!url) throw new Error("Usage: npx tsx bench/lead-search-plans.ts DATABASE_URL (a bench database holding the leads to search)");
const median = (v: number[]) => [...v].sort((a, b) => a - b)[Math.floor(v.length / 2)]!;
const SAMPLES = Number(process.env.SAMPLES ?? 15);
async function time(f: () => Promise<unknown>) {
  const t = performance.now();
  await f();
  return performance.now() - t;
}
const stores: Stores = await openStores({ dataDir: "/nonexistent", databaseUrl: url, leadOrigins: [] });
const db = stores.db!;
const N = Number((await db.pool.query<{ n: string }>("SELECT count(*) AS n FROM leads")).rows[0]!.n);
const QUERIES: Record<string, (i: number) => LeadQuery> = {
  "page q=visitorN@": (i) => ({ q: `visitor${(i * 7919) % Math.max(N, 1)}@` }),
  "count q=visitorN@": (i) => ({ q: `visitor${(i * 7919) % Math.max(N, 1)}@` }),
  "page q=visitor": () => ({ q: "visitor" }),
  "page q=555-NNNN": (i) => ({ q: `555-${String(1000 + i * 37).padStart(4, "0")}` }),
  "page q=reyes status=won": () => ({ q: "reyes", status: "won" }),
  "count (all)": () => ({}),
  "count status=contacted": () => ({ status: "contacted" }),
};
async function measure(label: string) {
  const leads = await openPgLeadStore(db);
  const sel = (query: LeadQuery) => ({ query, followUp: stores.staff.followUps.get });
  await leads.page(sel({ q: "warm-up" }), { limit: 50, before: null });
  const out: Record<string, number> = {};
  for (const [name, q] of Object.entries(QUERIES)) {
    const t: number[] = [];
    for (let i = 1; i <= SAMPLES; i++)
      t.push(await time(() => (name.startsWith("count") ? leads.count(sel(q(i))) : leads.page(sel(q(i)), { limit: 50, before: null }))));
    out[name] = Math.round(median(t) * 10) / 10;
  }
  console.log(label, out);
  return leads;
}
// Before: without migration 9's statistics the store sends the SQL it sent until now (every trigram of each word).
await db.pool.query("DROP STATISTICS IF EXISTS leads_search_trigrams, leads_phone_trigrams");
await measure("before (no trigram statistics; median ms)");
const t0 = performance.now();
await db.pool.query(
  "CREATE STATISTICS leads_search_trigrams ON (show_trgm(search)) FROM leads; CREATE STATISTICS leads_phone_trigrams ON (show_trgm(phone_digits)) FROM leads; ANALYZE leads",
);
console.log("CREATE STATISTICS + ANALYZE:", Math.round(performance.now() - t0), "ms");
const leads = await measure("after (median ms)");
// The SQL of the last query the store sent, and its plan.
const query = db.pool.query.bind(db.pool) as (sql: string, params: unknown[]) => Promise<{ rows: Record<string, string>[] }>;
let last: [string, unknown[]] = ["", []];
(db.pool as unknown as { query: typeof query }).query = (sql, params) => ((last = [sql, params]), query(sql, params));
for (const q of [{ q: "visitor7919@" }, { q: "555-1037" }, { q: "visitor" }]) {
  await leads.page({ query: q, followUp: stores.staff.followUps.get }, { limit: 50, before: null });
  console.log(q, ...last);
  console.log((await query(`EXPLAIN ANALYZE ${last[0]}`, last[1])).rows.map((r) => r["QUERY PLAN"]).join("\n"));
}
await stores.close();
