import type pg from "pg";
import { LeadSchema, type Lead } from "../../../domain/lead";
import { CHANGES_CHANNEL, MIGRATIONS, type Migration } from "./migrations";

/** Any number: the advisory lock two instances starting together take before migrating. */
const MIGRATION_LOCK = 0x6763_6d69; // "gcmi"
const RECONNECT_MS = 1000;

export type ChangeListener = (key: string) => void;

/** One PostgreSQL database: a connection pool, the migrated schema, and the changes other writers commit. */
export interface Database {
  pool: pg.Pool;
  /** Run `work` in a transaction on one connection: committed when it resolves, rolled back when it throws. */
  transaction<T>(work: (client: pg.PoolClient) => Promise<T>): Promise<T>;
  /** Hear of every committed change to `table` (the key the table's trigger sends: an id, a version…). */
  onChange(table: string, listener: ChangeListener): void;
  /** Called after the change listener reconnected: changes may have been missed, so caches reload. */
  onResync(listener: () => Promise<void> | void): void;
  close(): Promise<void>;
}

/**
 * The driver, loaded when a database is opened: a server on lowdb never loads it, and one on PostgreSQL loads it while
 * it connects (decision 0014: loading modules is most of a restart's time).
 */
const loadPg = async (): Promise<typeof pg> => (await import("pg")).default;

/** The database URL with its password hidden, for messages. */
export const redactUrl = (url: string): string => url.replace(/\/\/([^:/@]*):[^@/]*@/, "//$1:***@");

/** Every lead in the database, oldest first, read without migrating or writing anything (`npm run leads`). */
export async function readPgLeads(url: string): Promise<Lead[]> {
  const { Client } = await loadPg();
  const client = new Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ lead: object; delivery: object }>("SELECT lead, delivery FROM leads ORDER BY seq");
    return rows.map((r) => LeadSchema.parse({ ...r.lead, delivery: r.delivery }));
  } finally {
    await client.end();
  }
}

/** Apply the migrations not yet applied, in one transaction under an advisory lock; the versions applied now. */
export async function migrate(pool: pg.Pool, migrations: readonly Migration[] = MIGRATIONS): Promise<number[]> {
  return inTransaction(pool, async (client) => {
    await client.query("SELECT pg_advisory_xact_lock($1)", [MIGRATION_LOCK]);
    await client.query(
      "CREATE TABLE IF NOT EXISTS schema_migrations (version int PRIMARY KEY, name text NOT NULL, applied_at timestamptz NOT NULL DEFAULT now())",
    );
    const { rows } = await client.query<{ version: number }>("SELECT version FROM schema_migrations");
    const done = new Set(rows.map((r) => r.version));
    const applied: number[] = [];
    for (const m of [...migrations].sort((a, b) => a.version - b.version)) {
      if (done.has(m.version)) continue;
      await client.query(m.sql);
      await client.query("INSERT INTO schema_migrations (version, name) VALUES ($1, $2)", [m.version, m.name]);
      applied.push(m.version);
    }
    return applied;
  });
}

/** Run `work` in a transaction on one of the pool's connections: committed when it resolves, rolled back when it throws. */
async function inTransaction<T>(pool: pg.Pool, work: (client: pg.PoolClient) => Promise<T>): Promise<T> {
  const client = await pool.connect();
  try {
    await client.query("BEGIN");
    const result = await work(client);
    await client.query("COMMIT");
    return result;
  } catch (err) {
    await client.query("ROLLBACK").catch(() => {});
    throw err;
  } finally {
    client.release();
  }
}

/**
 * Connect to `url`, migrate, and LISTEN for changes on a connection of its
 * own (reconnected after a second when it drops, then every cache reloads).
 */
export async function openDatabase(url: string, { max = 10, listen: listening = true }: { max?: number; listen?: boolean } = {}): Promise<Database> {
  const { Client, Pool } = await loadPg();
  const pool = new Pool({ connectionString: url, max, connectionTimeoutMillis: 5000 });
  // An idle connection's error (the server restarted) is the pool's to replace, not a crash.
  pool.on("error", (err) => console.warn(`[db] an idle connection failed: ${err.message}`));
  await migrate(pool);

  const listeners = new Map<string, Set<ChangeListener>>();
  const resyncs = new Set<() => Promise<void> | void>();
  let closed = false;
  let listener: pg.Client | null = null;

  const dispatch = (msg: pg.Notification) => {
    if (msg.channel !== CHANGES_CHANNEL || !msg.payload) return;
    let change: { table: string; key: string };
    try {
      change = JSON.parse(msg.payload) as { table: string; key: string };
    } catch {
      return;
    }
    for (const l of listeners.get(change.table) ?? []) {
      try {
        l(change.key);
      } catch (err) {
        console.error(`[db] a change listener of ${change.table} failed:`, err);
      }
    }
  };

  const listen = async (): Promise<void> => {
    const client = new Client({ connectionString: url });
    client.on("notification", dispatch);
    client.on("error", (err) => {
      if (closed) return;
      console.warn(`[db] the change listener lost its connection (${err.message}); reconnecting`);
    });
    client.on("end", () => {
      if (closed || listener !== client) return;
      listener = null;
      setTimeout(() => void reconnect(), RECONNECT_MS).unref();
    });
    await client.connect();
    await client.query(`LISTEN ${CHANGES_CHANNEL}`);
    listener = client;
  };

  const reconnect = async (): Promise<void> => {
    if (closed) return;
    try {
      await listen();
      for (const r of resyncs) await r();
    } catch (err) {
      console.warn(`[db] the change listener could not reconnect (${(err as Error).message}); retrying`);
      setTimeout(() => void reconnect(), RECONNECT_MS).unref();
    }
  };

  if (listening) await listen();

  return {
    pool,
    transaction: (work) => inTransaction(pool, work),
    onChange(table, l) {
      let set = listeners.get(table);
      if (!set) listeners.set(table, (set = new Set()));
      set.add(l);
    },
    onResync(r) {
      resyncs.add(r);
    },
    async close() {
      closed = true;
      const l = listener;
      listener = null;
      await l?.end().catch(() => {});
      await pool.end();
    },
  };
}
