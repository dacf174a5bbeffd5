import { createHash, randomBytes } from "node:crypto";
import { applyFollowUpEvent, FollowUpEventSchema, NO_FOLLOW_UP, type FollowUp } from "../../../domain/lead-follow-up";
import { AuditEntrySchema, StaffRoleSchema, type AuditEntry, type StaffAccount } from "../../../domain/staff";
import { dummyHash, hashPassword, verifyPassword } from "../../auth/password";
import { AccountError, type AccountState, type AccountStore, type ListedAccount } from "../account-store";
import type { AuditStore } from "../audit-store";
import { ClaimTakenError, type FollowUpStore } from "../follow-up-store";
import { originReads, type OriginStore, type SiteOrigins } from "../origin-store";
import { SESSION_IDLE_MS, SESSION_MAX_MS, SESSION_TOKEN_BYTES, type SessionStore } from "../session-store";
import type { StaffStores } from "../staff-stores";
import type { Database } from "./database";
import { pgSignInThrottle } from "./sign-in-throttle";

/** A row of staff_accounts. */
export interface AccountRow {
  email: string;
  role: string;
  created_at: string;
  password_hash: string;
  password_changed_at: string;
  /** No longer read (auth/sign-in-throttle.ts replaced the lock). */
  failures: number;
  locked_until: string | null;
  must_change_password: boolean;
  /** The site ids the account is scoped to; null: every site (migration 5). */
  sites: string[] | null;
}

const publicView = (r: AccountRow): StaffAccount => ({
  email: r.email,
  role: StaffRoleSchema.parse(r.role),
  createdAt: r.created_at,
  ...(r.sites && { sites: r.sites }),
});
const listed = (r: AccountRow): ListedAccount => ({ ...publicView(r), mustChangePassword: r.must_change_password });
const state = (r: AccountRow): AccountState => ({ ...listed(r), passwordChangedAt: r.password_changed_at });
const unknown = (email: string) => new AccountError("unknown", `No staff account for ${email}`);

/**
 * Staff accounts in PostgreSQL, read fresh on every call (as the lowdb store
 * reads its file again when it changed), so every instance and `npm run staff`
 * see each change at once. Failed sign-ins are counted apart (sign-in-throttle.ts).
 */
export function pgAccountStore(db: Database, now: () => number = Date.now): AccountStore {
  const row = async (email: string) => (await db.pool.query<AccountRow>("SELECT * FROM staff_accounts WHERE email = $1", [email])).rows[0];

  return {
    list: async () => (await db.pool.query<AccountRow>("SELECT * FROM staff_accounts ORDER BY seq")).rows.map(listed),
    async get(email) {
      const r = await row(email);
      return r && state(r);
    },
    async add({ email, role, password, sites }) {
      const passwordHash = await hashPassword(password);
      const at = new Date(now()).toISOString();
      const { rows } = await db.pool.query<AccountRow>(
        `INSERT INTO staff_accounts (email, role, created_at, password_hash, password_changed_at, sites) VALUES ($1, $2, $3, $4, $3, $5)
         ON CONFLICT (email) DO NOTHING RETURNING *`,
        [email, role, at, passwordHash, sites ? JSON.stringify(sites) : null],
      );
      if (!rows[0]) throw new AccountError("exists", `A staff account for ${email} already exists`);
      return publicView(rows[0]);
    },
    async remove(email) {
      const { rowCount } = await db.pool.query("DELETE FROM staff_accounts WHERE email = $1", [email]);
      if (!rowCount) throw unknown(email);
    },
    async setPassword(email, password, { mustChange = false } = {}) {
      const passwordHash = await hashPassword(password);
      const { rowCount } = await db.pool.query(
        "UPDATE staff_accounts SET password_hash = $2, password_changed_at = $3, must_change_password = $4, failures = 0, locked_until = NULL WHERE email = $1",
        [email, passwordHash, new Date(now()).toISOString(), mustChange],
      );
      if (!rowCount) throw unknown(email);
    },
    async signIn(email, password) {
      const a = await row(email);
      const right = await verifyPassword(password, a?.password_hash ?? (await dummyHash()));
      return a && right ? { ok: true, account: state(a) } : { ok: false };
    },
  };
}

const TOUCH_WRITE_MS = 60_000;
const hashToken = (token: string) => createHash("sha256").update(token).digest("hex");

/** Sessions in PostgreSQL: every instance finds a session any instance began, and a sign-out ends it on all of them. */
export function pgSessionStore(db: Database, now: () => number = Date.now): SessionStore {
  const alive = (s: { created_at: string; last_seen_at: string }, t: number) =>
    t - Number(s.last_seen_at) < SESSION_IDLE_MS && t - Number(s.created_at) < SESSION_MAX_MS;
  return {
    async create(email) {
      const token = randomBytes(SESSION_TOKEN_BYTES).toString("base64url");
      const t = now();
      await db.pool.query("INSERT INTO staff_sessions (hash, email, created_at, last_seen_at) VALUES ($1, $2, $3, $3)", [hashToken(token), email, t]);
      // Dead sessions go at each sign-in, as the lowdb store drops them at each write.
      await db.pool.query("DELETE FROM staff_sessions WHERE last_seen_at <= $1 OR created_at <= $2", [t - SESSION_IDLE_MS, t - SESSION_MAX_MS]);
      return { token, session: { email, createdAt: t } };
    },
    async touch(token) {
      const hash = hashToken(token);
      const { rows } = await db.pool.query<{ email: string; created_at: string; last_seen_at: string }>(
        "SELECT email, created_at, last_seen_at FROM staff_sessions WHERE hash = $1",
        [hash],
      );
      const s = rows[0];
      const t = now();
      if (!s) return undefined;
      if (!alive(s, t)) {
        await db.pool.query("DELETE FROM staff_sessions WHERE hash = $1", [hash]);
        return undefined;
      }
      if (t - Number(s.last_seen_at) >= TOUCH_WRITE_MS) await db.pool.query("UPDATE staff_sessions SET last_seen_at = $2 WHERE hash = $1", [hash, t]);
      return { email: s.email, createdAt: Number(s.created_at) };
    },
    async revoke(token) {
      await db.pool.query("DELETE FROM staff_sessions WHERE hash = $1", [hashToken(token)]);
    },
    async revokeAll(email) {
      await db.pool.query("DELETE FROM staff_sessions WHERE email = $1", [email]);
    },
  };
}

/** Audit entries the console can ask for at most (GET /api/staff/audit?limit=1000): what memory holds. */
const AUDIT_HELD = 1000;

/** The audit history in PostgreSQL, append-only; the most recent entries held in memory, refreshed when any instance appends. */
export async function pgAuditStore(db: Database): Promise<AuditStore> {
  /**
   * The most recent rows, by their `seq`, oldest first. A read and this instance's appends may overtake each other
   * (each on its own connection); merging by `seq` keeps every row once, whichever answer comes first.
   */
  let held: { seq: number; entry: AuditEntry }[] = [];
  /** The row of each entry this instance appended lately, which `retract` deletes by. */
  const seqOf = new Map<AuditEntry, number>();
  /** The rows' entries, held, and each as stored. */
  const hold = (rows: { seq: string; entry: unknown }[]): AuditEntry[] => {
    const bySeq = new Map(held.map((h) => [h.seq, h.entry]));
    const added = rows.map((r) => {
      const entry = AuditEntrySchema.parse(r.entry);
      bySeq.set(Number(r.seq), entry);
      return entry;
    });
    held = [...bySeq]
      .map(([seq, entry]) => ({ seq, entry }))
      .sort((x, y) => x.seq - y.seq)
      .slice(-AUDIT_HELD);
    return added;
  };
  const load = async () => {
    const { rows } = await db.pool.query<{ seq: string; entry: unknown }>("SELECT seq, entry FROM staff_audit ORDER BY seq DESC LIMIT $1", [AUDIT_HELD]);
    hold(rows);
  };
  await load();
  let loading: Promise<void> | null = null;
  let again = false;
  db.onChange("staff_audit", () => {
    // An append told while a read is in flight may be past that read's snapshot: read once more after it.
    if (loading) return void (again = true);
    loading = (async () => {
      do {
        again = false;
        await load();
      } while (again);
    })()
      .catch((err: unknown) => console.error("[audit] could not read the history:", err))
      .finally(() => (loading = null));
  });
  db.onResync(load);
  /** This instance's appended rows, held, and each entry as stored with its row kept for `retract`. */
  const mine = (rows: { seq: string; entry: unknown }[]): AuditEntry[] => {
    const added = hold(rows);
    added.forEach((e, i) => seqOf.set(e, Number(rows[i]!.seq)));
    for (const old of seqOf.keys()) {
      if (seqOf.size <= AUDIT_HELD) break;
      seqOf.delete(old);
    }
    return added;
  };
  return {
    async append(entry) {
      const parsed = AuditEntrySchema.parse(entry);
      const { rows } = await db.pool.query<{ seq: string; entry: unknown }>("INSERT INTO staff_audit (entry) VALUES ($1) RETURNING seq, entry", [
        JSON.stringify(parsed),
      ]);
      return mine(rows)[0]!;
    },
    async appendMany(batch) {
      const parsed = batch.map((e) => AuditEntrySchema.parse(e));
      // One statement, whatever the batch's size: side-by-side inserts would wait on the pool's few connections.
      const { rows } = await db.pool.query<{ seq: string; entry: unknown }>(
        "INSERT INTO staff_audit (entry) SELECT x.value FROM json_array_elements($1::json) WITH ORDINALITY AS x(value, n) ORDER BY x.n RETURNING seq, entry",
        [JSON.stringify(parsed)],
      );
      return mine(rows);
    },
    async retract(gone) {
      const seqs = gone.flatMap((e) => seqOf.get(e) ?? []);
      if (!seqs.length) return;
      await db.pool.query("DELETE FROM staff_audit WHERE seq = ANY($1::bigint[])", [seqs]);
      held = held.filter((h) => !seqs.includes(h.seq));
      for (const e of gone) seqOf.delete(e);
    },
    recent: (limit) =>
      held
        .slice(-limit)
        .reverse()
        .map((h) => h.entry),
    async page(filter, before, limit) {
      // The whole table, not the rows held in memory: a page may be years back. Each condition is left out when not asked.
      const { rows } = await db.pool.query<{ seq: string; entry: unknown }>(
        `SELECT seq, entry FROM staff_audit
          WHERE ($1::bigint IS NULL OR seq < $1)
            AND ($2::text IS NULL OR entry->>'vehicleId' = $2)
            AND ($3::text IS NULL OR strpos(lower(entry->>'email'), lower($3)) > 0)
            AND ($4::text[] IS NULL OR entry->>'action' = ANY($4))
          ORDER BY seq DESC LIMIT $5`,
        [before, filter.vehicleId ?? null, filter.who ?? null, filter.actions ?? null, limit + 1],
      );
      const entries = rows.slice(0, limit).map((r) => ({ seq: Number(r.seq), entry: AuditEntrySchema.parse(r.entry) }));
      return { entries, next: rows.length > limit ? entries.at(-1)!.seq : null };
    },
  };
}

/** Each site's added partner origins in PostgreSQL (a row per site), held in memory (asked on every lead post) and reloaded when any instance changes them. */
export async function pgOriginStore(db: Database, startup: readonly string[]): Promise<OriginStore> {
  let lists: SiteOrigins = {};
  const load = async () => {
    const { rows } = await db.pool.query<{ site: string; added: string[] }>("SELECT site, added FROM partner_origins");
    lists = Object.fromEntries(rows.map((r) => [r.site, r.added]));
  };
  await load();
  db.onChange("partner_origins", () => void load().catch((err: unknown) => console.error("[origins] could not read the origins:", err)));
  db.onResync(load);
  return {
    ...originReads(startup, () => lists),
    async setAdded(site, origins) {
      const list = [...new Set(origins)];
      await db.pool.query("INSERT INTO partner_origins (site, added) VALUES ($1, $2) ON CONFLICT (site) DO UPDATE SET added = EXCLUDED.added", [
        site,
        JSON.stringify(list),
      ]);
      lists = { ...lists, [site]: list };
      return list;
    },
  };
}

/** Follow-up events in PostgreSQL, folded per lead in memory; a lead's fold is read again when any instance records an event for it. */
export async function pgFollowUpStore(db: Database): Promise<FollowUpStore> {
  const byLead = new Map<string, FollowUp>();
  const fold = (events: unknown[]) => events.map((e) => FollowUpEventSchema.parse(e)).reduce(applyFollowUpEvent, NO_FOLLOW_UP);
  const loadAll = async () => {
    const { rows } = await db.pool.query<{ lead_id: string; event: unknown }>("SELECT lead_id, event FROM lead_follow_ups ORDER BY seq");
    const events = new Map<string, unknown[]>();
    for (const r of rows) events.set(r.lead_id, [...(events.get(r.lead_id) ?? []), r.event]);
    byLead.clear();
    for (const [id, list] of events) byLead.set(id, fold(list));
  };
  const loadLead = async (leadId: string): Promise<FollowUp> => {
    const { rows } = await db.pool.query<{ event: unknown }>("SELECT event FROM lead_follow_ups WHERE lead_id = $1 ORDER BY seq", [leadId]);
    const next = fold(rows.map((r) => r.event));
    byLead.set(leadId, next);
    return next;
  };
  await loadAll();
  db.onChange("lead_follow_ups", (leadId) => void loadLead(leadId).catch((err: unknown) => console.error("[follow-ups] could not read a change:", err)));
  db.onResync(loadAll);
  return {
    get: (leadId) => byLead.get(leadId) ?? NO_FOLLOW_UP,
    async record(event) {
      const parsed = FollowUpEventSchema.parse(event);
      try {
        await db.pool.query("INSERT INTO lead_follow_ups (lead_id, event) VALUES ($1, $2)", [parsed.leadId, JSON.stringify(parsed)]);
      } catch (err) {
        // The unique index on a claim (migration 10): another instance made this change first.
        if (parsed.claim && (err as { code?: string }).code === "23505") throw new ClaimTakenError(parsed.claim);
        throw err;
      }
      return loadLead(parsed.leadId);
    },
    async nextTurn(site) {
      // One row per site, counted up in one statement: two instances never take the same turn.
      const { rows } = await db.pool.query<{ n: string }>(
        `INSERT INTO lead_assignment_turns AS t (site, n) VALUES ($1, 0) ON CONFLICT (site) DO UPDATE SET n = t.n + 1 RETURNING n`,
        [site],
      );
      return Number(rows[0]!.n);
    },
  };
}

/** The staff stores over one database. */
export async function openPgStaffStores(db: Database, startupOrigins: readonly string[], now: () => number = Date.now): Promise<StaffStores> {
  return {
    accounts: pgAccountStore(db, now),
    sessions: pgSessionStore(db, now),
    audit: await pgAuditStore(db),
    origins: await pgOriginStore(db, startupOrigins),
    followUps: await pgFollowUpStore(db),
    signInThrottle: pgSignInThrottle(db, now),
  };
}
