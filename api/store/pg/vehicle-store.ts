import { seedCatalogue } from "../../../domain/catalogue/seed";
import { VehicleListSchema, type Vehicle } from "../../../domain/vehicle";
import { createVehicleStore, etagOf, planCreate, planRemove, planReplace, type PlannedWrite, type VehicleChange, type VehicleStore } from "../vehicle-store";
import type { Database } from "./database";

interface Catalogue {
  version: number;
  vehicles: Vehicle[];
}

/** What changed between two versions of the catalogue, vehicle by vehicle, as listeners hear of it. */
function diff(before: readonly Vehicle[], after: readonly Vehicle[]): VehicleChange[] {
  const old = new Map(before.map((v) => [v.id, v]));
  const changes: VehicleChange[] = [];
  for (const vehicle of after) {
    const previous = old.get(vehicle.id);
    old.delete(vehicle.id);
    if (!previous) changes.push({ action: "create", vehicle });
    else if (etagOf(previous) !== etagOf(vehicle)) changes.push({ action: "update", vehicle, previous });
  }
  for (const previous of old.values()) changes.push({ action: "delete", previous });
  return changes;
}

/**
 * The catalogue in PostgreSQL: one row holding the list and its version.
 * Reads are served from memory, as with lowdb. A write locks the row, works
 * on the catalogue as committed (so two instances never lose each other's
 * change, and If-Match is checked against the latest version), commits, then
 * rebuilds the public view and calls the listeners. Every other instance hears
 * of the commit by NOTIFY, reads the new version, and does the same.
 */
export async function openPgVehicleStore(db: Database): Promise<VehicleStore> {
  const read = async (): Promise<Catalogue> => {
    const { rows } = await db.pool.query<{ version: string; vehicles: unknown }>("SELECT version, vehicles FROM catalogue WHERE id = 1");
    if (!rows[0]) {
      // First start: seed once, whichever instance gets there first.
      await db.pool.query("INSERT INTO catalogue (id, version, vehicles) VALUES (1, 1, $1) ON CONFLICT (id) DO NOTHING", [JSON.stringify(seedCatalogue())]);
      return read();
    }
    return { version: Number(rows[0].version), vehicles: VehicleListSchema.parse(rows[0].vehicles) };
  };

  let current = await read();
  let view = createVehicleStore(current.vehicles);
  const listeners = new Set<(change: VehicleChange) => void>();

  const tell = (changes: VehicleChange[]) => {
    for (const change of changes)
      for (const listener of listeners) {
        try {
          listener(change);
        } catch (err) {
          console.error("[catalogue] a change listener failed:", err);
        }
      }
  };

  /** Show `next` if it is newer than what is shown; the changes since, for the listeners. */
  const show = (next: Catalogue, changes?: VehicleChange[]): VehicleChange[] => {
    if (next.version <= current.version) return [];
    const told = changes ?? diff(current.vehicles, next.vehicles);
    current = next;
    view = createVehicleStore(next.vehicles);
    return told;
  };

  /** Another writer committed: read the catalogue again (reads coalesce: one in flight, one more queued). */
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
          tell(show(await read()));
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

  /** Plan a write on the committed catalogue, under its row lock, and commit it. */
  const write = async <C extends VehicleChange>(plan: (vehicles: readonly Vehicle[]) => PlannedWrite<C> | undefined): Promise<C | undefined> => {
    const done = await db.transaction(async (client) => {
      // The version alone first: when this instance already shows it (the usual case), the list in memory is the
      // committed one, and the row's thousands of vehicles are neither sent nor validated again under the lock.
      const locked = await client.query<{ version: string }>("SELECT version FROM catalogue WHERE id = 1 FOR UPDATE");
      const version = Number(locked.rows[0]!.version);
      let committed: Catalogue = current;
      if (version !== current.version) {
        const { rows } = await client.query<{ vehicles: unknown }>("SELECT vehicles FROM catalogue WHERE id = 1");
        committed = { version, vehicles: VehicleListSchema.parse(rows[0]!.vehicles) };
      }
      const planned = plan(committed.vehicles);
      if (!planned) return { committed, planned };
      const next = committed.version + 1;
      await client.query("UPDATE catalogue SET version = $1, vehicles = $2 WHERE id = 1", [next, JSON.stringify(planned.next)]);
      return { committed, planned, version: next };
    });
    if (done.version === undefined) {
      tell(show(done.committed));
      return undefined;
    }
    // Changes committed by others since this instance last looked, then this one.
    const before = show(done.committed);
    const mine = show({ version: done.version, vehicles: done.planned!.next }, [done.planned!.change]);
    tell([...before, ...mine]);
    return done.planned!.change;
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
    async remove(id) {
      const change = await write((vehicles) => planRemove(vehicles, id));
      return change?.previous;
    },
    onChange(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
