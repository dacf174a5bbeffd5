import type pg from "pg";
import { seedCatalogue } from "../../../domain/catalogue/seed";
import { VehicleListSchema, type Vehicle } from "../../../domain/vehicle";
import {
  createVehicleStore,
  etagOf,
  planCreate,
  planRemove,
  planReplace,
  planReplaceMany,
  type BatchChange,
  type PlannedBatch,
  type PlannedWrite,
  type VehicleChange,
  type VehicleStore,
} from "../vehicle-store";
import { changeListeners } from "../change-listeners";
import type { Database } from "./database";

interface Catalogue {
  version: number;
  vehicles: Vehicle[];
  /** The highest row `seq` read or written: a row above it was created since (a new vehicle, or a removed id made again). */
  lastSeq: number;
}

/** What a query can run on: the pool, or one connection inside a transaction. */
type Queryable = pg.Pool | pg.PoolClient;

/** A vehicle's row: `vehicle` is null once it was removed (kept, so other instances read the removal). */
interface VehicleRow {
  id: string;
  /** The row's place in the catalogue (bigserial, as text): given anew when a removed vehicle's id is created again. */
  seq: string;
  vehicle: unknown;
}

/**
 * Insert a list of vehicles as rows at catalogue version `$2`, in the list's order (`seq`): the seed, a restore, a
 * migration from lowdb. `$1` is the list as JSON; `json` keeps each vehicle's text, so its ETag.
 */
export const INSERT_VEHICLES = `INSERT INTO vehicles (id, version, vehicle)
  SELECT x.value ->> 'id', $2, x.value FROM json_array_elements($1::json) WITH ORDINALITY AS x(value, n) ORDER BY x.n`;

/** What changed between two versions of the catalogue, vehicle by vehicle, as listeners hear of it. */
function diff(before: readonly Vehicle[], after: readonly Vehicle[]): VehicleChange[] {
  const old = new Map(before.map((v) => [v.id, v]));
  const changes: VehicleChange[] = [];
  for (const vehicle of after) {
    const previous = old.get(vehicle.id);
    old.delete(vehicle.id);
    if (!previous) changes.push({ action: "create", vehicle });
    else if (previous !== vehicle && etagOf(previous) !== etagOf(vehicle)) changes.push({ action: "update", vehicle, previous });
  }
  for (const previous of old.values()) changes.push({ action: "delete", previous });
  return changes;
}

/**
 * `base` with `rows` applied, in their order (`seq`): a changed vehicle keeps its place, a removed one leaves, and a
 * row created since `base` (seq above its lastSeq) goes last, even when its id was in `base` (removed and created
 * again between two reads). `whole`: the rows are the whole catalogue (after a restore), in order.
 */
function applyRows(base: Catalogue, rows: readonly VehicleRow[], whole: boolean): Omit<Catalogue, "version"> {
  // Read as stored, as a list (StoredVehicleSchema): an old record loads, and staff meet today's rules when they next save it.
  const live = VehicleListSchema.parse(rows.flatMap((r) => (r.vehicle === null ? [] : [r.vehicle])));
  const lastSeq = rows.reduce((max, r) => Math.max(max, Number(r.seq)), base.lastSeq);
  if (whole) return { vehicles: live, lastSeq };
  /** The rows changed in place: their vehicle, or null when removed (or created again, below). */
  const inPlace = new Map<string, Vehicle | null>();
  const created: Vehicle[] = [];
  let i = 0;
  for (const r of rows) {
    const vehicle = r.vehicle === null ? null : live[i++]!;
    const isNew = Number(r.seq) > base.lastSeq;
    inPlace.set(r.id, isNew ? null : vehicle);
    if (isNew && vehicle) created.push(vehicle);
  }
  const vehicles: Vehicle[] = [];
  for (const v of base.vehicles) {
    const row = inPlace.get(v.id);
    if (row === undefined) vehicles.push(v);
    else if (row) vehicles.push(row);
    inPlace.delete(v.id);
  }
  for (const v of inPlace.values()) if (v) vehicles.push(v);
  return { vehicles: [...vehicles, ...created], lastSeq };
}

/**
 * The committed catalogue, read on from `base`: only the vehicles' rows changed since its version, or every row when
 * the catalogue was loaded whole (a restore) since. `q` must read one snapshot: a REPEATABLE READ transaction, or
 * `lock`, which takes the version's row lock (until the transaction ends) so that no other write commits meanwhile.
 * Undefined when there is no catalogue yet.
 */
async function readSince(q: Queryable, base: Catalogue, { lock = false } = {}): Promise<Catalogue | undefined> {
  const head = await q.query<{ version: string; rewritten: string }>(`SELECT version, rewritten FROM catalogue WHERE id = 1${lock ? " FOR UPDATE" : ""}`);
  if (!head.rows[0]) return undefined;
  const version = Number(head.rows[0].version);
  if (version === base.version) return base;
  const whole = Number(head.rows[0].rewritten) > base.version;
  const { rows } = whole
    ? await q.query<VehicleRow>("SELECT id, seq, vehicle FROM vehicles WHERE vehicle IS NOT NULL ORDER BY seq")
    : await q.query<VehicleRow>("SELECT id, seq, vehicle FROM vehicles WHERE version > $1 ORDER BY seq", [base.version]);
  return { version, ...applyRows(base, rows, whole) };
}

/** Store `change`, made at catalogue version `version`, in the vehicle's row alone; the row's seq when it was created, else 0. */
async function writeRow(client: pg.PoolClient, change: VehicleChange, version: number): Promise<number> {
  if (change.action === "create") {
    // A removed vehicle's row is taken over, and placed last, as a new vehicle is.
    const { rows } = await client.query<{ seq: string }>(
      `INSERT INTO vehicles (id, version, vehicle) VALUES ($1, $2, $3)
       ON CONFLICT (id) DO UPDATE SET seq = EXCLUDED.seq, version = EXCLUDED.version, vehicle = EXCLUDED.vehicle, updated_at = now()
       RETURNING seq`,
      [change.vehicle.id, version, JSON.stringify(change.vehicle)],
    );
    return Number(rows[0]!.seq);
  } else if (change.action === "update")
    await client.query("UPDATE vehicles SET id = $2, version = $3, vehicle = $4, updated_at = now() WHERE id = $1", [
      change.previous.id,
      change.vehicle.id,
      version,
      JSON.stringify(change.vehicle),
    ]);
  else await client.query("UPDATE vehicles SET version = $2, vehicle = NULL, updated_at = now() WHERE id = $1", [change.previous.id, version]);
  return 0;
}

/**
 * Store a batch's changes, made at catalogue version `version`: one statement for its updates and one for its
 * creates, whatever their number (an import of 3,500 carts is two statements, not 3,500). The highest seq created, else 0.
 */
async function writeRows(client: pg.PoolClient, changes: readonly BatchChange[], version: number): Promise<number> {
  const updates = changes.filter((c) => c.action === "update");
  const creates = changes.filter((c) => c.action === "create");
  if (updates.length)
    await client.query(
      `UPDATE vehicles SET version = $2, vehicle = x.value, updated_at = now()
       FROM json_array_elements($1::json) AS x(value) WHERE vehicles.id = x.value ->> 'id'`,
      [JSON.stringify(updates.map((c) => c.vehicle)), version],
    );
  if (!creates.length) return 0;
  // In the batch's order (seq); a removed vehicle's row is taken over, and placed last, as writeRow does.
  const { rows } = await client.query<{ seq: string }>(
    `${INSERT_VEHICLES}
     ON CONFLICT (id) DO UPDATE SET seq = EXCLUDED.seq, version = EXCLUDED.version, vehicle = EXCLUDED.vehicle, updated_at = now()
     RETURNING seq`,
    [JSON.stringify(creates.map((c) => c.vehicle)), version],
  );
  return rows.reduce((max, r) => Math.max(max, Number(r.seq)), 0);
}

/**
 * The catalogue in PostgreSQL: a row per vehicle (`vehicles`), and the catalogue's version (`catalogue`), which
 * every write bumps and every vehicle row records when it changes. Reads are served from memory, as with lowdb.
 * A write locks the version's row, works on the catalogue as committed (so two instances never lose each other's
 * change, and If-Match is checked against the latest version), writes the one vehicle's row, commits, then
 * rebuilds the public view and calls the listeners. Every other instance hears of the commit by NOTIFY, reads the
 * rows changed since the version it shows, and does the same: a save costs the same at 3,500 units as at 35.
 */
export async function openPgVehicleStore(db: Database): Promise<VehicleStore> {
  const EMPTY: Catalogue = { version: 0, vehicles: [], lastSeq: 0 };
  /** The catalogue as committed, read on from `base` in one snapshot. */
  const read = (base: Catalogue): Promise<Catalogue | undefined> =>
    db.transaction(async (client) => {
      await client.query("SET TRANSACTION ISOLATION LEVEL REPEATABLE READ, READ ONLY");
      return readSince(client, base);
    });
  const seed = () =>
    db.transaction(async (client) => {
      // First start: seed once, whichever instance gets there first (the other waits on the key, then inserts nothing).
      const made = await client.query("INSERT INTO catalogue (id, version, rewritten) VALUES (1, 1, 1) ON CONFLICT (id) DO NOTHING RETURNING id");
      if (made.rowCount) await client.query(INSERT_VEHICLES, [JSON.stringify(seedCatalogue()), 1]);
    });

  let current: Catalogue = (await read(EMPTY)) ?? (await seed().then(() => read(EMPTY)))!;
  let view = createVehicleStore(current.vehicles);
  const listeners = changeListeners<VehicleChange>("[catalogue]");

  /** Show `next` if it is newer than what is shown; the changes since, for the listeners. */
  const show = (next: Catalogue, changes?: VehicleChange[]): VehicleChange[] => {
    if (next.version <= current.version) return [];
    const told = changes ?? diff(current.vehicles, next.vehicles);
    current = next;
    view = createVehicleStore(next.vehicles, view);
    return told;
  };

  /** Another writer committed: read the rows it changed (reads coalesce: one in flight, one more queued). */
  let refreshing: Promise<void> | null = null;
  let again = false;
  const refresh = (): Promise<void> => {
    if (refreshing) {
      again = true;
      return refreshing;
    }
    refreshing = (async () => {
      do {
        again = false;
        try {
          const next = await read(current);
          if (next) listeners.tell(show(next));
        } catch (err) {
          console.error("[catalogue] could not read a change from the database:", err);
        }
      } while (again);
    })().finally(() => (refreshing = null));
    return refreshing;
  };
  db.onChange("catalogue", (key) => {
    if (Number(key) > current.version) void refresh();
  });
  db.onResync(refresh);

  /**
   * Plan a write on the committed catalogue, under its version's row lock, and commit it: one version for all its
   * changes, each in its vehicle's row. The plan's result, or undefined when there was nothing to write.
   */
  const writeAll = async <P extends { next: Vehicle[]; changes: VehicleChange[] }>(
    plan: (vehicles: readonly Vehicle[]) => P | undefined,
  ): Promise<P | undefined> => {
    const done = await db.transaction(async (client) => {
      // The rows changed since this instance's version: none, in the usual case where it already shows the latest.
      const committed = (await readSince(client, current, { lock: true }))!;
      const planned = plan(committed.vehicles);
      if (!planned?.changes.length) return { committed, planned };
      const next = committed.version + 1;
      await client.query("UPDATE catalogue SET version = $1 WHERE id = 1", [next]);
      let lastSeq = committed.lastSeq;
      for (const change of planned.changes) lastSeq = Math.max(lastSeq, await writeRow(client, change, next));
      return { committed, planned, version: next, lastSeq };
    });
    if (done.version === undefined) {
      listeners.tell(show(done.committed));
      return done.planned;
    }
    // Changes committed by others since this instance last looked, then this one's.
    const before = show(done.committed);
    const mine = show({ version: done.version, vehicles: done.planned!.next, lastSeq: done.lastSeq! }, done.planned!.changes);
    listeners.tell([...before, ...mine]);
    return done.planned;
  };
  /** One change planned and committed (writeAll). */
  const write = async <C extends VehicleChange>(plan: (vehicles: readonly Vehicle[]) => PlannedWrite<C> | undefined): Promise<C | undefined> => {
    const planned = await writeAll((vehicles) => {
      const one = plan(vehicles);
      return one && { next: one.next, changes: [one.change], change: one.change };
    });
    return planned?.change;
  };

  /** A batch planned on the committed catalogue under its version's row lock, written in one transaction. */
  const writeBatch = async (plan: (vehicles: readonly Vehicle[]) => PlannedBatch): Promise<BatchChange[]> => {
    const done = await db.transaction(async (client) => {
      const committed = (await readSince(client, current, { lock: true }))!;
      const planned = plan(committed.vehicles);
      if (!planned.changes.length) return { committed, planned };
      const next = committed.version + 1;
      await client.query("UPDATE catalogue SET version = $1 WHERE id = 1", [next]);
      const lastSeq = Math.max(committed.lastSeq, await writeRows(client, planned.changes, next));
      return { committed, planned, version: next, lastSeq };
    });
    const before = show(done.committed);
    const mine = done.version === undefined ? [] : show({ version: done.version, vehicles: done.planned.next, lastSeq: done.lastSeq }, done.planned.changes);
    listeners.tell([...before, ...mine]);
    return done.planned.changes;
  };

  return {
    list: () => view.list(),
    find: (slug) => view.find(slug),
    listBody: (siteId) => view.listBody(siteId),
    body: (slug, siteId) => view.body(slug, siteId),
    all: () => current.vehicles,
    get: (id) => current.vehicles.find((v) => v.id === id),
    etag: etagOf,
    async create(vehicle) {
      await write((vehicles) => planCreate(vehicles, vehicle));
      return vehicle;
    },
    async replace(id, vehicle, ifMatch) {
      const change = await write((vehicles) => planReplace(vehicles, id, vehicle, ifMatch));
      return change && vehicle;
    },
    async replaceMany(replacements) {
      const planned = await writeAll((vehicles) => planReplaceMany(vehicles, replacements));
      return planned!.outcomes;
    },
    async remove(id) {
      const change = await write((vehicles) => planRemove(vehicles, id));
      return change?.previous;
    },
    commitBatch: writeBatch,
    onChange: listeners.add,
  };
}
