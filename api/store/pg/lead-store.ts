import { DeliverySchema, LeadSchema, type Delivery, type Lead } from "../../../domain/lead";
import { FOLLOW_UP_STATUSES, OPEN_STATUSES, type FollowUpStatus, type LeadCounts, type LeadSelection } from "../../../domain/lead-follow-up";
import { INTERESTS, type Interest } from "../../../domain/contact";
import { bySourceOrder, encodeCursor, leadSearchText, searchWords } from "../../../domain/lead-follow-up";
import { EXPORT_BATCH, newLead, SlotTakenError, TooManyTestDrivesError, type LeadStore } from "../lead-store";
import type { Database } from "./database";
import { searchConditions, trigramStatsReader, type TrigramStats } from "./lead-search";

interface LeadRow {
  seq: string;
  lead: Omit<Lead, "delivery">;
  delivery: Delivery;
}

/** The first key of the advisory lock a test drive's confirmation is sent under (the second: the lead id's hash). */
const CONFIRM_LOCK = 30047;
/** The first key of the advisory lock a site's capped test drives are booked under (the second: the site id's hash). */
const VISITOR_CAP_LOCK = 30053;

/** A test drive's upcoming bookings by the same e-mail (any case) or address, on its site ($1 site, $2 from, $3 e-mail, $4 address). */
const UPCOMING_OF_VISITOR = `SELECT count(*)::int AS held FROM leads
  WHERE site = $1 AND (lead ->> 'kind') = 'test-drive' AND (lead ->> 'slot') >= $2
    AND (lower(lead ->> 'email') = lower($3) OR (lead ->> 'address') = $4)`;

const fromRow = (row: LeadRow): Lead => LeadSchema.parse({ ...row.lead, delivery: row.delivery });

/** Why the database cannot take leads, for the health check: the error's code, never the URL. */
export function describeDbError(err: unknown): string {
  const e = err as { code?: string; message?: string };
  return `leads cannot be written: database ${e?.code ?? "unreachable"}`;
}

/** The columns the inbox filters and searches on, taken from a lead (migration 6): its row is written with them. */
export const leadQueryColumns = (lead: Lead) => ({
  site: lead.site,
  source: lead.source,
  origin: lead.origin,
  interest: lead.interest,
  search: leadSearchText(lead),
  phone_digits: lead.phone.replace(/\D/g, ""),
});

/** The columns a lead's row is written with, in the order of insertLeadParams. */
export const INSERT_LEAD_COLUMNS = "id, created_at, lead, delivery, delivery_status, site, source, origin, interest, search, phone_digits";

const INSERT_LEAD = `INSERT INTO leads (${INSERT_LEAD_COLUMNS})
  VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11) RETURNING seq`;

/** The parameters of INSERT_LEAD for a lead. */
export function insertLeadParams(lead: Lead): unknown[] {
  const { delivery, ...body } = lead;
  const c = leadQueryColumns(lead);
  return [
    lead.id,
    lead.createdAt,
    JSON.stringify(body),
    JSON.stringify(delivery),
    delivery.status,
    c.site,
    c.source,
    c.origin,
    c.interest,
    c.search,
    c.phone_digits,
  ];
}
export { INSERT_LEAD };

/**
 * A selection as SQL conditions on the leads table (every one served by an
 * index: (site, seq), created_at, status, and trigram indexes on the search
 * text and the phone's digits, asked as lead-search.ts plans each word), with
 * its parameters, numbered from 1; `indexed` when a search word asks the trigram index.
 */
function whereOf(
  { query, sites, me, due }: LeadSelection,
  stats: TrigramStats,
  params: unknown[] = [],
): { where: string; params: unknown[]; indexed: boolean } {
  const and: string[] = [];
  const p = (value: unknown) => `$${params.push(value)}`;
  if (sites) and.push(`site = ANY(${p([...sites])}::text[])`);
  if (query.site) and.push(`site = ${p(query.site)}`);
  if (query.interest) and.push(`interest = ${p(query.interest)}`);
  // The cart a lead is about: read from the lead's JSON, within the other conditions' rows.
  if (query.vehicle) and.push(`(lead ->> 'vehicleId') = ${p(query.vehicle)}`);
  if (query.source) {
    const s = p(query.source);
    and.push(`(source = ${s} OR origin = ${s})`);
  }
  if (query.from !== undefined) and.push(`created_at >= ${p(new Date(query.from).toISOString())}`);
  if (query.to !== undefined) and.push(`created_at < ${p(new Date(query.to).toISOString())}`);
  if (query.status) and.push(`status = ${p(query.status)}`);
  const search = searchConditions(searchWords(query.q), stats, p);
  and.push(...search.and);
  and.push(...followUpConditions({ query, me, due }, p));
  return { where: and.length ? `WHERE ${and.join(" AND ")}` : "", params, indexed: search.indexed };
}

/**
 * The order of a page or batch: by seq, walked in its index (the LIMIT stops
 * the walk early); or, when the trigram index finds the rows, by `seq + 0`,
 * which the planner cannot walk, so it sorts the few rows the index found
 * rather than walking every lead in the hope the matches come soon.
 */
const bySeq = (indexed: boolean, direction: "ASC" | "DESC") => `ORDER BY ${indexed ? "seq + 0" : "seq"} ${direction}`;

/** Overdue at a time (a parameter): given a date before it, and still open (the partial index leads_due). */
const overdueAt = (now: string) => `(due_at < ${now} AND status IN (${OPEN_STATUSES.map((s) => `'${s}'`).join(", ")}))`;

/** The conditions of the sales side's filters: the asker's own leads or nobody's (leads_assignee), overdue ones only or none of them. */
function followUpConditions({ query, me, due }: Pick<LeadSelection, "query" | "me" | "due">, p: (value: unknown) => string): string[] {
  const and: string[] = [];
  if (query.assigned === "mine") and.push(me === undefined ? "false" : `assignee = ${p(me)}`);
  if (query.assigned === "unassigned") and.push("assignee IS NULL");
  if (due) {
    const overdue = overdueAt(p(new Date(due.now).toISOString()));
    and.push(due.overdue === "only" ? overdue : `(due_at IS NULL OR NOT ${overdue})`);
  }
  return and;
}

/** The unique index that makes a test drive's (site, cart, slot) one booking (migration 11). */
export const TEST_DRIVE_INDEX = "leads_test_drive_slot";

/** Rows fetched to fill the derived columns of leads stored before migration 6 (or by a writer that left them out), per statement. */
const BACKFILL_BATCH = 2_000;

/**
 * Leads in PostgreSQL, one row each, read by query and never held in memory:
 * start-up reads no lead, and the inbox's pages, counts, search and export are
 * SQL on indexed columns (migration 6). `add` resolves once the row is
 * committed (the 201 comes after), so a lead acknowledged by any instance
 * survives that instance's crash. New leads committed by other instances
 * arrive by NOTIFY (for the outbox). A delivery is claimed with
 * SELECT … FOR UPDATE SKIP LOCKED, held while the mail is sent, so two
 * instances never mail the same lead at once, and a sent lead never again.
 */
export async function openPgLeadStore(
  db: Database,
  /** The trigram frequencies searches are planned by (lead-search.ts): read from the database's statistics unless given (tests). */
  { trigramStats = trigramStatsReader(db) }: { trigramStats?: () => Promise<TrigramStats> } = {},
): Promise<LeadStore> {
  const remote = new Set<(lead: Lead) => void>();
  /** Leads this instance is storing: their NOTIFY is no news from another server. */
  const mine = new Set<string>();

  // Rows without their query columns (stored before migration 6, or copied in by an older tool) get them now, once.
  for (;;) {
    const { rows } = await db.pool.query<LeadRow>("SELECT seq, lead, delivery FROM leads WHERE search IS NULL LIMIT $1", [BACKFILL_BATCH]);
    if (!rows.length) break;
    const leads = rows.map(fromRow);
    await db.pool.query(
      `UPDATE leads SET site = v.site, source = v.source, origin = v.origin, interest = v.interest, search = v.search, phone_digits = v.phone_digits
       FROM json_to_recordset($1::json) AS v(id text, site text, source text, origin text, interest text, search text, phone_digits text) WHERE leads.id = v.id`,
      [JSON.stringify(leads.map((l) => ({ id: l.id, ...leadQueryColumns(l) })))],
    );
  }

  /** Leads other writers committed: a new one (pending, never tried) is told to the listeners, for the outbox to take over should its server stop. */
  let wanted = new Set<string>();
  let fetching: Promise<void> | null = null;
  const fetchWanted = async () => {
    while (wanted.size) {
      const ids = [...wanted];
      wanted = new Set();
      try {
        const { rows } = await db.pool.query<LeadRow>(
          "SELECT seq, lead, delivery FROM leads WHERE id = ANY($1::text[]) AND delivery_status = 'pending' ORDER BY seq",
          [ids],
        );
        for (const lead of rows.map(fromRow)) if (lead.delivery.attempts === 0 && !mine.has(lead.id)) for (const l of remote) l(lead);
      } catch (err) {
        console.error("[leads] could not read a change from the database:", err);
      }
    }
  };
  db.onChange("leads", (id) => {
    if (!remote.size || mine.has(id)) return;
    wanted.add(id);
    fetching ??= fetchWanted().finally(() => (fetching = null));
  });

  const select = async (sql: string, params: unknown[]) => (await db.pool.query<LeadRow>(sql, params)).rows.map(fromRow);

  return {
    async add(input, delivery, cap) {
      const lead = newLead(input, delivery);
      mine.add(lead.id);
      try {
        if (cap && lead.kind === "test-drive")
          await db.transaction(async (client) => {
            // A site's capped bookings one at a time across every server: the count and the insert are one step.
            await client.query("SELECT pg_advisory_xact_lock($1, hashtext($2))", [VISITOR_CAP_LOCK, lead.site]);
            const { rows } = await client.query<{ held: number }>(UPCOMING_OF_VISITOR, [lead.site, cap.from, lead.email, lead.address ?? null]);
            const held = rows[0]?.held ?? 0;
            if (held >= cap.max) throw new TooManyTestDrivesError(held);
            await client.query(INSERT_LEAD, insertLeadParams(lead));
          });
        else await db.pool.query(INSERT_LEAD, insertLeadParams(lead));
      } catch (err) {
        // The unique index on a test drive's (site, cart, slot) (migration 11) refused it: another server or visitor was first.
        if ((err as { code?: string; constraint?: string }).code === "23505" && (err as { constraint?: string }).constraint === TEST_DRIVE_INDEX)
          throw new SlotTakenError(lead.slot!);
        throw err;
      } finally {
        // Its NOTIFY may still be on its way: forget the id a little later.
        setTimeout(() => mine.delete(lead.id), 60_000).unref();
      }
      // Committed (a statement outside a transaction commits on its own): only now is it answered.
      return lead;
    },
    async bookedSlots(site, vehicleId, date) {
      // Served by the unique index of migration 11 (site, cart, slot), for test drives only.
      const { rows } = await db.pool.query<{ slot: string }>(
        `SELECT lead ->> 'slot' AS slot FROM leads
         WHERE site = $1 AND (lead ->> 'vehicleId') = $2 AND (lead ->> 'slot') LIKE $3 AND (lead ->> 'kind') = 'test-drive'`,
        [site, vehicleId, `${date}T%`],
      );
      return rows.map((r) => r.slot);
    },
    async setDelivery(id, delivery) {
      const d = DeliverySchema.parse(delivery);
      const { rowCount } = await db.pool.query("UPDATE leads SET delivery = $2, delivery_status = $3 WHERE id = $1", [id, JSON.stringify(d), d.status]);
      if (!rowCount) throw new Error(`No lead ${id}`);
    },
    async deliver(id, attempt) {
      const delivery = await db.transaction(async (client) => {
        const { rows } = await client.query<LeadRow>("SELECT seq, lead, delivery FROM leads WHERE id = $1 FOR UPDATE SKIP LOCKED", [id]);
        const row = rows[0];
        if (!row) return undefined; // Unknown, or another instance holds it right now.
        const claimed = fromRow(row);
        if (claimed.delivery.status !== "pending") return undefined;
        const d = DeliverySchema.parse(await attempt(claimed));
        await client.query("UPDATE leads SET delivery = $2, delivery_status = $3 WHERE id = $1", [id, JSON.stringify(d), d.status]);
        return d;
      });
      return delivery !== undefined;
    },
    async confirm(id, attempt) {
      // A lock of its own per lead (not the row's, which the sales mail's delivery holds while it sends): one server
      // confirms a test drive at a time, and the row is locked only for the short update that records it.
      const confirmation = await db.transaction(async (client) => {
        const { rows: locked } = await client.query<{ ok: boolean }>("SELECT pg_try_advisory_xact_lock($1, hashtext($2)) AS ok", [CONFIRM_LOCK, id]);
        if (!locked[0]?.ok) return undefined;
        const { rows } = await client.query<LeadRow>("SELECT seq, lead, delivery FROM leads WHERE id = $1", [id]);
        const claimed = rows[0] && fromRow(rows[0]);
        if (claimed?.confirmation?.status !== "pending") return undefined;
        const d = DeliverySchema.parse(await attempt(claimed));
        await client.query("UPDATE leads SET lead = jsonb_set(lead::jsonb, '{confirmation}', $2::jsonb)::json WHERE id = $1", [id, JSON.stringify(d)]);
        return d;
      });
      return confirmation !== undefined;
    },
    // Test drives only, which the partial unique index of migration 11 lists: no scan of every lead.
    pendingConfirmations: () =>
      select(
        "SELECT seq, lead, delivery FROM leads WHERE (lead ->> 'kind') = 'test-drive' AND (lead -> 'confirmation' ->> 'status') = 'pending' ORDER BY seq",
        [],
      ),
    // Nothing is read ahead: every query goes to the database.
    ready: Promise.resolve(),
    // Every write was committed before it resolved: nothing waits to be written.
    flush: async () => {},
    pending: () => select("SELECT seq, lead, delivery FROM leads WHERE delivery_status = 'pending' ORDER BY seq", []),
    get: async (id) => (await select("SELECT seq, lead, delivery FROM leads WHERE id = $1", [id]))[0],
    async page(selection, { limit, before }) {
      const { where, params, indexed } = whereOf(selection, await trigramStats());
      let after = "";
      if (before) {
        // After the cursor's lead; once it is gone, after the first lead older than it.
        const { rows } = await db.pool.query<{ seq: string }>("SELECT seq FROM leads WHERE id = $1", [before.id]);
        after = rows[0] ? `seq < $${params.push(rows[0].seq)}` : `created_at < $${params.push(before.createdAt)}`;
        after = where ? ` AND ${after}` : `WHERE ${after}`;
      }
      const leads = await select(`SELECT seq, lead, delivery FROM leads ${where}${after} ${bySeq(indexed, "DESC")} LIMIT $${params.push(limit + 1)}`, params);
      const more = leads.length > limit;
      if (more) leads.pop();
      return { leads, nextCursor: more ? encodeCursor(leads[leads.length - 1]!) : null };
    },
    async count(selection, now = Date.now()) {
      const stats = await trigramStats();
      const { where, params } = whereOf({ ...selection, due: undefined }, stats);
      // The overdue ones: a range of the partial index on due_at, which holds only the leads given a date.
      const overdue = whereOf({ ...selection, due: { now, overdue: "only" } }, stats);
      const overdueCount = Number((await db.pool.query<{ n: string }>(`SELECT count(*) AS n FROM leads ${overdue.where}`, overdue.params)).rows[0]!.n);
      // With no search and no period, every condition is on a counted column: the running totals answer (migration 7).
      const { q, from, to } = selection.query;
      const totals = !searchWords(q).length && from === undefined && to === undefined && selection.query.vehicle === undefined;
      const { rows } = await db.pool.query<{
        status: FollowUpStatus;
        interest: Interest;
        source: string | null;
        origin: string | null;
        site: string;
        assignee: string | null;
        n: string;
      }>(
        totals
          ? `SELECT status, interest, source, origin, site, assignee, sum(n) AS n FROM lead_counters ${where}
             GROUP BY status, interest, source, origin, site, assignee HAVING sum(n) <> 0`
          : `SELECT status, interest, source, origin, site, assignee, count(*) AS n FROM leads ${where} GROUP BY status, interest, source, origin, site, assignee`,
        params,
      );
      const byStatus = Object.fromEntries(FOLLOW_UP_STATUSES.map((s) => [s, 0])) as Record<FollowUpStatus, number>;
      const byInterest = Object.fromEntries(INTERESTS.map((s) => [s, 0])) as Record<Interest, number>;
      // Per source label, then per origin.
      const sources = new Map<string | null, Map<string | null, { source: string | null; origin: string | null; count: number }>>();
      const sites = new Map<string, number>();
      let total = 0;
      let mine = 0;
      let unassigned = 0;
      for (const r of rows) {
        const n = Number(r.n);
        total += n;
        if (r.assignee === null) unassigned += n;
        else if (r.assignee === selection.me) mine += n;
        byStatus[r.status] += n;
        byInterest[r.interest] += n;
        sites.set(r.site, (sites.get(r.site) ?? 0) + n);
        let origins = sources.get(r.source);
        if (!origins) sources.set(r.source, (origins = new Map()));
        const entry = origins.get(r.origin) ?? { source: r.source, origin: r.origin, count: 0 };
        entry.count += n;
        origins.set(r.origin, entry);
      }
      const counts: LeadCounts = {
        total,
        byStatus,
        byInterest,
        bySource: [...sources.values()].flatMap((origins) => [...origins.values()]).sort(bySourceOrder),
        bySite: [...sites].map(([site, count]) => ({ site, count })).sort((a, b) => b.count - a.count || a.site.localeCompare(b.site)),
        mine,
        unassigned,
        overdue: overdueCount,
      };
      return counts;
    },
    async overdue(selection, now, limit) {
      const { where, params } = whereOf({ ...selection, due: { now, overdue: "only" } }, await trigramStats());
      return select(`SELECT seq, lead, delivery FROM leads ${where} ORDER BY due_at, seq LIMIT $${params.push(limit)}`, params);
    },
    async *stream(selection) {
      // Keyset batches in seq order: each a short indexed query, so no transaction or cursor stays open while the client reads.
      let last = "0";
      const stats = await trigramStats();
      for (;;) {
        const { where, params, indexed } = whereOf(selection, stats);
        const sql = `SELECT seq, lead, delivery FROM leads ${where ? `${where} AND` : "WHERE"} seq > $${params.push(last)} ${bySeq(indexed, "ASC")} LIMIT $${params.push(EXPORT_BATCH)}`;
        const { rows } = await db.pool.query<LeadRow>(sql, params);
        if (!rows.length) return;
        last = rows[rows.length - 1]!.seq;
        yield rows.map(fromRow);
        if (rows.length < EXPORT_BATCH) return;
      }
    },
    async writeProblem() {
      try {
        await db.pool.query("SELECT 1 FROM leads LIMIT 0");
        return null;
      } catch (err) {
        return describeDbError(err);
      }
    },
    onRemoteLead(listener) {
      remote.add(listener);
      return () => remote.delete(listener);
    },
  };
}
