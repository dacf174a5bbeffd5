/**
 * The database's data as records (../data-folder.ts), both ways: read whole
 * from one snapshot, and loaded into an empty database in one transaction,
 * checked by counting the rows before it commits (the rentals included). What `npm run
 * migrate-to-postgres`, and backups and restores under PostgreSQL, are made of.
 */
import type pg from "pg";
import { LeadSchema, type Lead } from "../../../domain/lead";
import { SiteListSchema } from "../../../domain/site";
import { FollowUpEventSchema } from "../../../domain/lead-follow-up";
import { AuditEntrySchema, StaffRoleSchema } from "../../../domain/staff";
import { VehicleListSchema } from "../../../domain/vehicle";
import type { Reservation } from "../../../domain/rental-booking";
import type { InventorySource, SourceRun } from "../../../domain/inventory-source";
import type { DataRecords, StreamedRecords } from "../data-folder";
import type { RentalMail, RentalsFile, StoredRentalSettings } from "../rental-store";
import type { Database } from "./database";
import { INSERT_LEAD_COLUMNS, insertLeadParams } from "./lead-store";
import type { AccountRow } from "./staff-stores";
import { INSERT_VEHICLES } from "./vehicle-store";
import { columns as reservationColumns, INSERT_RESERVATION, insertMail } from "./rental-store";

/** Every table the stores write, in the order they are filled. */
export const DATA_TABLES = [
  "catalogue",
  "vehicles",
  "leads",
  "lead_follow_ups",
  "staff_accounts",
  "staff_sessions",
  "staff_audit",
  "partner_origins",
  "sites",
  "rental_settings",
  "rental_reservations",
  "rental_mails",
  "rental_link_key",
  "inventory_sources",
  "inventory_runs",
] as const;
export type DataTable = (typeof DATA_TABLES)[number];

export class NotEmptyError extends Error {
  override name = "NotEmptyError";
  constructor(
    /** "leads (8)" for each table that holds rows. */
    readonly held: string[],
  ) {
    super(`The database already holds data: ${held.join(", ")}. Nothing was written.`);
  }
}

/** The rows `data` makes in each table; with its leads streamed, `leads` is the number loaded. */
export function rowCounts(data: DataRecords | StreamedRecords, leads = Array.isArray(data.leads) ? data.leads.length : 0): Record<DataTable, number> {
  return {
    catalogue: data.catalogue ? 1 : 0,
    vehicles: data.catalogue?.length ?? 0,
    leads,
    lead_follow_ups: data.followUps.length,
    staff_accounts: data.accounts.length,
    staff_sessions: data.sessions.length,
    staff_audit: data.audit.length,
    partner_origins: Object.keys(data.origins ?? {}).length,
    sites: data.sites?.length ?? 0,
    rental_settings: Object.keys(data.rentals?.settings ?? {}).length,
    rental_reservations: data.rentals?.reservations.length ?? 0,
    rental_mails: data.rentals?.mails.length ?? 0,
    inventory_sources: data.inventory?.sources.length ?? 0,
    inventory_runs: data.inventory?.runs.length ?? 0,
    rental_link_key: data.rentalLinkKey ? 1 : 0,
  };
}

const count = async (q: pg.Pool | pg.PoolClient, table: DataTable) => Number((await q.query<{ n: string }>(`SELECT count(*) AS n FROM ${table}`)).rows[0]!.n);

/** "leads (8)" for each table that holds rows: none for an empty database. */
export async function heldTables(q: pg.Pool | pg.PoolClient): Promise<string[]> {
  const held: string[] = [];
  for (const table of DATA_TABLES) {
    const n = await count(q, table);
    if (n > 0) held.push(`${table} (${n})`);
  }
  return held;
}

/** Leads per query when a snapshot's leads are read. */
const SNAPSHOT_BATCH = 1_000;

/**
 * Everything the stores keep, as of one moment, handed to `use` while a
 * single REPEATABLE READ transaction stays open: every write committed (and so
 * acknowledged) before it began is in it, and none that commits while it
 * reads. The leads are batches read as `use` takes them (keyset queries on
 * seq), so a backup of a million holds one batch at a time.
 */
export async function withDatabaseSnapshot<T>(db: Database, use: (records: StreamedRecords) => Promise<T>): Promise<T> {
  return db.transaction(async (c) => {
    await c.query("SET TRANSACTION ISOLATION LEVEL REPEATABLE READ, READ ONLY");
    const catalogue = (await c.query("SELECT 1 FROM catalogue WHERE id = 1")).rowCount
      ? (await c.query<{ vehicle: unknown }>("SELECT vehicle FROM vehicles WHERE vehicle IS NOT NULL ORDER BY seq")).rows
      : undefined;
    async function* leads(): AsyncIterable<Lead[]> {
      for (let last = "0"; ;) {
        const { rows } = await c.query<{ seq: string; lead: object; delivery: object }>(
          "SELECT seq, lead, delivery FROM leads WHERE seq > $1 ORDER BY seq LIMIT $2",
          [last, SNAPSHOT_BATCH],
        );
        if (!rows.length) return;
        last = rows[rows.length - 1]!.seq;
        yield rows.map((r) => LeadSchema.parse({ ...r.lead, delivery: r.delivery }));
      }
    }
    const followUps = await c.query<{ event: unknown }>("SELECT event FROM lead_follow_ups ORDER BY seq");
    const accounts = await c.query<AccountRow>("SELECT * FROM staff_accounts ORDER BY seq");
    const sessions = await c.query<{ hash: string; email: string; created_at: string; last_seen_at: string }>(
      "SELECT * FROM staff_sessions ORDER BY created_at",
    );
    const audit = await c.query<{ entry: unknown }>("SELECT entry FROM staff_audit ORDER BY seq");
    const origins = (await c.query<{ site: string; added: string[] }>("SELECT site, added FROM partner_origins ORDER BY site")).rows;
    const sites = (await c.query<{ site: unknown }>("SELECT site FROM sites ORDER BY seq")).rows;
    const rentalSettings = (
      await c.query<{ site: string; settings: Omit<StoredRentalSettings, "version">; version: number }>("SELECT * FROM rental_settings ORDER BY site")
    ).rows;
    const reservations = (await c.query<{ reservation: Reservation }>("SELECT reservation FROM rental_reservations ORDER BY seq")).rows;
    const mails = (await c.query<{ mail: RentalMail }>("SELECT mail FROM rental_mails ORDER BY seq")).rows;
    const linkKey = (await c.query<{ key: Buffer }>("SELECT key FROM rental_link_key WHERE id = 1")).rows[0]?.key;
    const sources = (await c.query<{ source: InventorySource }>("SELECT source FROM inventory_sources ORDER BY seq")).rows.map((r) => r.source);
    const runs = (await c.query<{ run: SourceRun }>("SELECT run FROM inventory_runs ORDER BY seq DESC")).rows.map((r) => r.run);
    const rentals: RentalsFile | undefined =
      rentalSettings.length || reservations.length || mails.length
        ? {
            settings: Object.fromEntries(rentalSettings.map((r) => [r.site, { ...r.settings, version: r.version }])),
            reservations: reservations.map((r) => r.reservation),
            mails: mails.map((r) => r.mail),
          }
        : undefined;
    return use({
      catalogue: catalogue && VehicleListSchema.parse(catalogue.map((r) => r.vehicle)),
      leads: leads(),
      followUps: followUps.rows.map((r) => FollowUpEventSchema.parse(r.event)),
      accounts: accounts.rows.map((r) => ({
        email: r.email,
        role: StaffRoleSchema.parse(r.role),
        createdAt: r.created_at,
        ...(r.sites && { sites: r.sites }),
        passwordHash: r.password_hash,
        passwordChangedAt: r.password_changed_at,
        mustChangePassword: r.must_change_password,
        failures: r.failures,
        lockedUntil: r.locked_until,
      })),
      sessions: sessions.rows.map((r) => ({ hash: r.hash, email: r.email, createdAt: Number(r.created_at), lastSeenAt: Number(r.last_seen_at) })),
      audit: audit.rows.map((r) => AuditEntrySchema.parse(r.entry)),
      origins: origins.length ? Object.fromEntries(origins.map((r) => [r.site, r.added])) : undefined,
      sites: sites.length ? SiteListSchema.parse(sites.map((r) => r.site)) : undefined,
      rentals,
      rentalLinkKey: linkKey,
      inventory: sources.length || runs.length ? { sources, runs } : undefined,
    });
  });
}

/** Leads per INSERT when leads are loaded (11 parameters each: under PostgreSQL's 65,535). */
const LOAD_BATCH = 1_000;

/** Insert leads, oldest first, a multi-row INSERT per LOAD_BATCH, as the store writes them; how many. */
async function insertLeads(c: pg.PoolClient, batches: Iterable<Lead[]> | AsyncIterable<Lead[]>): Promise<number> {
  let n = 0;
  let rows: Lead[] = [];
  const flush = async () => {
    if (!rows.length) return;
    const params: unknown[] = [];
    const values = rows.map((lead) => `(${insertLeadParams(lead).map((v) => `$${params.push(v)}`)})`);
    await c.query(`INSERT INTO leads (${INSERT_LEAD_COLUMNS}) VALUES ${values.join(", ")}`, params);
    n += rows.length;
    rows = [];
  };
  for await (const batch of batches)
    for (const lead of batch) {
      rows.push(lead);
      if (rows.length >= LOAD_BATCH) await flush();
    }
  await flush();
  return n;
}

/**
 * Load `data` into the database in one transaction, holding every table
 * locked so no server writes meanwhile, and count each table's rows against
 * `data` before committing. A database that holds data is refused
 * (NotEmptyError, nothing written) unless `replace`, which empties it first.
 * Streamed leads are inserted as their batches come, so memory holds a batch
 * whatever their number (a restore, `npm run migrate-to-postgres`).
 */
export async function loadDatabase(db: Database, data: DataRecords | StreamedRecords, { replace = false } = {}): Promise<Record<DataTable, number>> {
  let expected = rowCounts(data);
  await db.transaction(async (c) => {
    await c.query(`LOCK TABLE ${DATA_TABLES.join(", ")} IN EXCLUSIVE MODE`);
    const held = await heldTables(c);
    // A replaced catalogue gets a newer version than the one it replaces, so no cache can take it for an older one.
    const version = Number((await c.query<{ v: string }>("SELECT coalesce(max(version), 0) + 1 AS v FROM catalogue")).rows[0]!.v);
    if (held.length && !replace) throw new NotEmptyError(held);
    if (held.length) await c.query(`TRUNCATE ${DATA_TABLES.join(", ")}`);

    // Loaded whole (`rewritten`): a server showing an older version reads every row, not only the changed ones.
    if (data.catalogue) {
      await c.query("INSERT INTO catalogue (id, version, rewritten) VALUES (1, $1, $1)", [version]);
      await c.query(INSERT_VEHICLES, [JSON.stringify(data.catalogue), version]);
    }
    expected = rowCounts(data, await insertLeads(c, Array.isArray(data.leads) ? [data.leads] : data.leads));
    for (const e of data.followUps) await c.query("INSERT INTO lead_follow_ups (lead_id, event) VALUES ($1, $2)", [e.leadId, JSON.stringify(e)]);
    for (const a of data.accounts)
      await c.query(
        "INSERT INTO staff_accounts (email, role, created_at, password_hash, password_changed_at, must_change_password, failures, locked_until, sites) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)",
        [
          a.email,
          a.role,
          a.createdAt,
          a.passwordHash,
          a.passwordChangedAt,
          a.mustChangePassword,
          a.failures,
          a.lockedUntil,
          a.sites ? JSON.stringify(a.sites) : null,
        ],
      );
    for (const s of data.sessions)
      await c.query("INSERT INTO staff_sessions (hash, email, created_at, last_seen_at) VALUES ($1, $2, $3, $4)", [s.hash, s.email, s.createdAt, s.lastSeenAt]);
    for (const e of data.audit) await c.query("INSERT INTO staff_audit (entry) VALUES ($1)", [JSON.stringify(e)]);
    for (const [site, added] of Object.entries(data.origins ?? {}))
      await c.query("INSERT INTO partner_origins (site, added) VALUES ($1, $2)", [site, JSON.stringify(added)]);
    for (const site of data.sites ?? []) await c.query("INSERT INTO sites (id, site) VALUES ($1, $2)", [site.id, JSON.stringify(site)]);
    for (const [site, { version, ...settings }] of Object.entries(data.rentals?.settings ?? {}))
      await c.query("INSERT INTO rental_settings (site, settings, version) VALUES ($1, $2, $3)", [site, JSON.stringify(settings), version]);
    // Oldest first, as they were taken (seq orders the calendar's ties); a reference given twice fails the count below.
    for (const r of data.rentals?.reservations ?? []) await c.query(INSERT_RESERVATION, [r.id, ...reservationColumns(r)]);
    for (const mail of data.rentals?.mails ?? []) await insertMail(c, mail);
    if (data.rentalLinkKey) await c.query("INSERT INTO rental_link_key (id, key) VALUES (1, $1)", [data.rentalLinkKey]);
    for (const source of data.inventory?.sources ?? [])
      await c.query("INSERT INTO inventory_sources (id, source) VALUES ($1, $2)", [source.id, JSON.stringify(source)]);
    // Oldest first, so the newest has the highest seq, as the store lists them.
    for (const run of [...(data.inventory?.runs ?? [])].reverse())
      await c.query("INSERT INTO inventory_runs (id, source_id, run) VALUES ($1, $2, $3)", [run.id, run.source, JSON.stringify(run)]);

    for (const table of DATA_TABLES) {
      const n = await count(c, table);
      if (n !== expected[table]) throw new Error(`${table}: ${n} rows in the database, ${expected[table]} to load; nothing was written`);
    }
  });
  return expected;
}
