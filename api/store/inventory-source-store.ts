import path from "node:path";
import type { InventorySource, SourceRun } from "../../domain/inventory-source";
import { CoalescedFile } from "./coalesced-file";
import { openJsonFile, readJsonFile } from "./json-file";
import type { Database } from "./pg/database";

export const INVENTORY_SOURCES_FILE = "inventory-sources.json";
/** The runs kept per source, newest first: a month of four runs a day, and every held one until it is resolved. */
export const RUNS_KEPT = 120;

/**
 * The inventory sources and their runs. Sources are few (a group's DMS feeds), so each engine answers
 * from a plain read of its rows or file; what must be exact across servers is that a source runs on one of them at a
 * time (`exclusive`).
 */
export interface InventorySourceStore {
  list(): Promise<InventorySource[]>;
  get(id: string): Promise<InventorySource | undefined>;
  /** Create or replace. */
  put(source: InventorySource): Promise<void>;
  /** False when there was none. */
  remove(id: string): Promise<boolean>;
  /** Record a run, or its resolution (same id). */
  putRun(run: SourceRun): Promise<void>;
  /** A source's runs, newest first. */
  runs(sourceId: string, limit?: number): Promise<SourceRun[]>;
  run(id: string): Promise<SourceRun | undefined>;
  /**
   * `work` as the only run of source `id` anywhere: on PostgreSQL under an advisory lock every server asks for; on
   * lowdb (one server) under a lock in memory. Undefined, without running it, when another holds the source.
   */
  exclusive<T>(id: string, work: () => Promise<T>): Promise<{ value: T } | undefined>;
}

/** inventory-sources.json: the sources in the order they were added, and their last runs, newest first. */
export interface SourcesFile {
  sources: InventorySource[];
  runs: SourceRun[];
}

/** The sources' file under `dir`, only read (a backup, a migration); undefined when there is none. */
export const readInventorySources = (dir: string): Promise<SourcesFile | undefined> =>
  readJsonFile(path.join(dir, INVENTORY_SOURCES_FILE), (d) => d as SourcesFile);

/** A source's runs past RUNS_KEPT go, held ones last. */
function trimRuns(runs: SourceRun[], sourceId: string): SourceRun[] {
  const own = runs.filter((r) => r.source === sourceId);
  if (own.length <= RUNS_KEPT) return runs;
  const drop = new Set(
    own
      .filter((r) => !(r.outcome === "held" && !r.resolution))
      .slice(RUNS_KEPT)
      .map((r) => r.id),
  );
  return runs.filter((r) => !drop.has(r.id));
}

/** In-memory exclusivity: one run per source in this process. */
function localExclusive() {
  const running = new Set<string>();
  return async <T>(id: string, work: () => Promise<T>): Promise<{ value: T } | undefined> => {
    if (running.has(id)) return undefined;
    running.add(id);
    try {
      return { value: await work() };
    } finally {
      running.delete(id);
    }
  };
}

export async function openInventorySourceStore(dataDir: string): Promise<InventorySourceStore> {
  const file = new CoalescedFile(await openJsonFile<SourcesFile>(path.join(dataDir, INVENTORY_SOURCES_FILE), () => ({ sources: [], runs: [] })));
  const data = () => file.data;
  const copy = <T>(x: T): T => structuredClone(x);
  return {
    list: async () => copy(data().sources),
    get: async (id) => copy(data().sources.find((s) => s.id === id)),
    async put(source) {
      const i = data().sources.findIndex((s) => s.id === source.id);
      if (i === -1) data().sources.push(copy(source));
      else data().sources[i] = copy(source);
      await file.save();
    },
    async remove(id) {
      const before = data().sources.length;
      data().sources = data().sources.filter((s) => s.id !== id);
      data().runs = data().runs.filter((r) => r.source !== id);
      await file.save();
      return data().sources.length < before;
    },
    async putRun(run) {
      const i = data().runs.findIndex((r) => r.id === run.id);
      if (i === -1) data().runs.unshift(copy(run));
      else data().runs[i] = copy(run);
      data().runs = trimRuns(data().runs, run.source);
      await file.save();
    },
    runs: async (sourceId, limit = 20) =>
      copy(
        data()
          .runs.filter((r) => r.source === sourceId)
          .slice(0, limit),
      ),
    run: async (id) => copy(data().runs.find((r) => r.id === id)),
    exclusive: localExclusive(),
  };
}

/** The first key of a source's advisory lock (the second: the source id's hash). */
const SOURCE_LOCK = 44_044;

export function openPgInventorySourceStore(db: Database): InventorySourceStore {
  const local = localExclusive();
  return {
    list: async () => (await db.pool.query<{ source: InventorySource }>("SELECT source FROM inventory_sources ORDER BY seq")).rows.map((r) => r.source),
    get: async (id) => (await db.pool.query<{ source: InventorySource }>("SELECT source FROM inventory_sources WHERE id = $1", [id])).rows[0]?.source,
    async put(source) {
      await db.pool.query("INSERT INTO inventory_sources (id, source) VALUES ($1, $2) ON CONFLICT (id) DO UPDATE SET source = EXCLUDED.source", [
        source.id,
        JSON.stringify(source),
      ]);
    },
    remove: (id) =>
      db.transaction(async (client) => {
        await client.query("DELETE FROM inventory_runs WHERE source_id = $1", [id]);
        return ((await client.query("DELETE FROM inventory_sources WHERE id = $1", [id])).rowCount ?? 0) > 0;
      }),
    async putRun(run) {
      await db.pool.query("INSERT INTO inventory_runs (id, source_id, run) VALUES ($1, $2, $3) ON CONFLICT (id) DO UPDATE SET run = EXCLUDED.run", [
        run.id,
        run.source,
        JSON.stringify(run),
      ]);
      await db.pool.query(
        `DELETE FROM inventory_runs WHERE source_id = $1 AND seq < (SELECT min(seq) FROM (SELECT seq FROM inventory_runs WHERE source_id = $1 ORDER BY seq DESC LIMIT $2) kept)
           AND NOT (run ->> 'outcome' = 'held' AND run -> 'resolution' IS NULL)`,
        [run.source, RUNS_KEPT],
      );
    },
    runs: async (sourceId, limit = 20) =>
      (await db.pool.query<{ run: SourceRun }>("SELECT run FROM inventory_runs WHERE source_id = $1 ORDER BY seq DESC LIMIT $2", [sourceId, limit])).rows.map(
        (r) => r.run,
      ),
    run: async (id) => (await db.pool.query<{ run: SourceRun }>("SELECT run FROM inventory_runs WHERE id = $1", [id])).rows[0]?.run,
    // One connection holds the session's lock for the run; a server that dies drops its connection, and the lock with it.
    exclusive: (id, work) =>
      local(id, async () => {
        const client = await db.pool.connect();
        try {
          const { rows } = await client.query<{ ok: boolean }>("SELECT pg_try_advisory_lock($1, hashtext($2)) AS ok", [SOURCE_LOCK, id]);
          if (!rows[0]!.ok) return undefined;
          try {
            return { value: await work() };
          } finally {
            await client.query("SELECT pg_advisory_unlock($1, hashtext($2))", [SOURCE_LOCK, id]);
          }
        } finally {
          client.release();
        }
      }).then((outer) => outer?.value),
  };
}
