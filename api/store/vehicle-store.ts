import { seedCatalogue } from "../../domain/catalogue/seed";
import { isListed, isPublic, isShownOn, type Vehicle } from "../../domain/vehicle";
import { publicVehicle, publicVehicleOn, type PublicVehicle } from "../../domain/public-vehicle";
import { buildVehicleIndex, resolveVehicleId, updateVehicleIndex } from "../../domain/slug";
import { changeListeners } from "./change-listeners";
import { openCatalogueFiles, storedJson, type CatalogueFiles, type CatalogueOp } from "./catalogue-files";
import { prepareJson, type PreparedBody } from "../prepared/prepared-body";

/**
 * The public view of the catalogue, each response body prepared once, when
 * first asked for: sold vehicles are left out of the list and have no body,
 * and no vehicle carries a staff-only field (domain/public-vehicle.ts).
 */
export interface VehicleReader {
  /** Vehicles the public sees: every one but the sold. */
  list(): readonly PublicVehicle[];
  /** The vehicle (sold ones included, so that a page can say it was sold) a slug from any link rule points at. */
  find(slug: string): PublicVehicle | undefined;
  /** The list's body as the site `siteId` shows it (only its vehicles); every vehicle without one. */
  listBody(siteId?: string): PreparedBody;
  /** A public vehicle's body; undefined for an unknown or sold one, or one the site `siteId` does not show. */
  body(slug: string, siteId?: string): PreparedBody | undefined;
}

export type VehicleChange =
  { action: "create"; vehicle: Vehicle } | { action: "update"; vehicle: Vehicle; previous: Vehicle } | { action: "delete"; previous: Vehicle };

/** The write would take an id or a stock number another vehicle holds; `field` names the one, for the form. */
export class VehicleConflictError extends Error {
  override name = "VehicleConflictError";
  constructor(
    message: string,
    readonly field?: "stockNumber",
  ) {
    super(message);
  }
}
/** The vehicle changed since the version the writer read (If-Match did not match). */
export class VehiclePreconditionError extends Error {
  override name = "VehiclePreconditionError";
  constructor(readonly current: Vehicle) {
    super(`Vehicle ${current.id} was changed by someone else since you loaded it`);
  }
}

/** The catalogue: the public view, plus staff reads and writes. Every write resolves once on disk and in the public view. */
export interface VehicleStore extends VehicleReader {
  /** Every vehicle, sold and on-hold ones included. */
  all(): readonly Vehicle[];
  /** A vehicle by its exact id, whatever its status. */
  get(id: string): Vehicle | undefined;
  /** The strong ETag of a vehicle's JSON as staff see it (staff-only fields included). */
  etag(vehicle: Vehicle): string;
  /** Throws VehicleConflictError when the id (or a slug form of it) or the stock number is taken. */
  create(vehicle: Vehicle): Promise<Vehicle>;
  /** Undefined when there is no such vehicle; VehiclePreconditionError when `ifMatch` is not its current ETag; VehicleConflictError when another holds its stock number. */
  replace(id: string, vehicle: Vehicle, ifMatch: string): Promise<Vehicle | undefined>;
  /**
   * Several replacements in one write (one file save, one transaction), each judged on its own: written, or `stale`
   * with the current version when its `ifMatch` no longer holds, `missing`, or `taken` (a stock number another holds).
   */
  replaceMany(replacements: readonly Replacement[]): Promise<ReplacementOutcome[]>;
  /** The removed vehicle, or undefined when there was none. */
  remove(id: string): Promise<Vehicle | undefined>;
  /**
   * Many creates and updates as one write, all or none (an inventory import): `plan` runs on the catalogue as
   * committed, under the write lock, and what it throws writes nothing. One transaction on PostgreSQL, one durable
   * write of the file on lowdb. Resolves with the changes, once on disk and in the public view.
   */
  commitBatch(plan: (vehicles: readonly Vehicle[]) => PlannedBatch): Promise<BatchChange[]>;
  /** Called after each write is on disk and in the public view (e.g. to render pages again). Returns an unsubscribe. */
  onChange(listener: (change: VehicleChange) => void): () => void;
}

/** One vehicle of a replaceMany: its next version, written only if `ifMatch` is still its current ETag. */
export interface Replacement {
  id: string;
  vehicle: Vehicle;
  ifMatch: string;
}
/** What became of one replacement, in the order they were given. */
export type ReplacementOutcome =
  | { id: string; outcome: "saved"; vehicle: Vehicle; previous: Vehicle }
  | { id: string; outcome: "stale"; current: Vehicle }
  | { id: string; outcome: "missing" }
  | { id: string; outcome: "taken"; error: VehicleConflictError };

export { CATALOGUE_FILE } from "./catalogue-files";

/** Open (seeding on first start) the catalogue's files under dataDir (catalogue-files.ts). */
export async function openVehicleStore(dataDir: string): Promise<VehicleStore> {
  return writableStore(await openCatalogueFiles(dataDir, seedCatalogue));
}

/** The strong ETag of a vehicle as staff see it: a change to a staff-only field changes it too. */
export const etagOf = (v: Vehicle): string => storedJson(v).etag;

const prepared = new WeakMap<PublicVehicle, PreparedBody>();
/** A vehicle's public body, prepared once per version (vehicles are never changed in place). */
const bodyOf = (v: PublicVehicle): PreparedBody => {
  let body = prepared.get(v);
  if (!body) prepared.set(v, (body = prepareJson(v)));
  return body;
};

/** Each view's ids, slug index and each id's place, which the next view reuses while the ids stay the same. */
interface ViewIndex {
  ids: readonly string[];
  index: Map<string, string>;
  place: Map<string, number>;
}

/** What a view is made of, which the next view starts from. */
interface ViewState {
  /** The stored vehicles it was made of. */
  all: readonly Vehicle[];
  vehicles: PublicVehicle[];
  listed: PublicVehicle[];
  /** Each listed vehicle's place in `listed`, made when a view is first made from this one. */
  listedPlace?: Map<string, number>;
  /** Whether a listed vehicle names its sites or its lot: each site's answers are then its own (publicVehicleOn). */
  perSite: boolean;
  index: ViewIndex;
}
const states = new WeakMap<VehicleReader, ViewState>();

/** `ids`' index, made from the previous view's: the same objects when a save changed no id (the usual case). */
function indexOf(ids: readonly string[], before: ViewIndex | undefined): ViewIndex {
  if (before && before.ids.length === ids.length && ids.every((id, i) => id === before.ids[i])) return { ...before, ids };
  const index = before ? updateVehicleIndex(before.index, before.ids, ids) : buildVehicleIndex(ids);
  return { ids, index, place: new Map(ids.map((id, i) => [id, i])) };
}

/** A save of a few vehicles is this many or fewer: the view is then made from the previous one, in place of those. */
const FEW = 64;

/**
 * The state of a view of `all`. When only a few vehicles changed since `before`, each keeping its id, whether it is
 * listed and whether it names sites (a price, a status between available and on hold, a photo: nearly every save),
 * it is `before` with those few replaced, so a save costs the same at 3,500 units as at 35 (bar a pass comparing
 * references); else it is made afresh, reusing the slug index.
 */
function stateOf(all: readonly Vehicle[], before: ViewState | undefined): ViewState {
  if (before && before.all.length === all.length) {
    const changed: number[] = [];
    for (let i = 0; i < all.length && changed.length <= FEW; i++) if (all[i] !== before.all[i]) changed.push(i);
    const same = (i: number) => {
      const [now, then] = [all[i]!, before.all[i]!];
      return now.id === then.id && isListed(now) === isListed(then) && !now.sites === !then.sites && !now.location === !then.location;
    };
    if (changed.length <= FEW && changed.every(same)) {
      const vehicles = before.vehicles.slice();
      const listed = before.listed.slice();
      const listedPlace = (before.listedPlace ??= new Map(before.listed.map((v, i) => [v.id, i])));
      for (const i of changed) {
        const v = (vehicles[i] = publicVehicle(all[i]!));
        if (isListed(v)) listed[listedPlace.get(v.id)!] = v;
      }
      return { all, vehicles, listed, listedPlace, perSite: before.perSite, index: before.index };
    }
  }
  const vehicles = all.map(publicVehicle);
  const listed = vehicles.filter(isListed);
  return {
    all,
    vehicles,
    listed,
    perSite: listed.some((v) => v.sites || v.location),
    index: indexOf(
      vehicles.map((v) => v.id),
      before?.index,
    ),
  };
}

/**
 * A read-only public view of `stored`: each vehicle as the public may see it (publicVehicle, made once per version).
 * Its lists are serialised the first time they are asked for, not when a write lands: a save answers without
 * serialising or compressing the catalogue (docs/architecture/pages.md). Given the `previous` view, it is made from it
 * (stateOf): the few vehicles a save changed are replaced, or the slug index is reused and the ids added or removed
 * since keyed again.
 */
export function createVehicleStore(all: readonly Vehicle[], previous?: VehicleReader): VehicleReader {
  const state = stateOf(all, previous && states.get(previous));
  const { vehicles, listed, index: made } = state;
  let list: PreparedBody | undefined;
  // While no vehicle names its sites or its lot, every site shows the one list; once one does, each site's list is its
  // own: its vehicles, each naming no other site (publicVehicleOn).
  const perSite = state.perSite ? new Map<string, PreparedBody>() : null;
  const listFor = (siteId: string | undefined): PreparedBody => {
    if (!perSite || siteId === undefined) return (list ??= prepareJson(listed));
    let body = perSite.get(siteId);
    if (!body) perSite.set(siteId, (body = prepareJson(listed.filter((v) => isShownOn(v, siteId)).map((v) => publicVehicleOn(v, siteId)))));
    return body;
  };
  // A draft is unknown to the public: its link finds nothing (404), as if it did not exist.
  const find = (slug: string) => {
    const id = resolveVehicleId(made.index, slug);
    const v = id === undefined ? undefined : vehicles[made.place.get(id)!];
    return v && isPublic(v) ? v : undefined;
  };
  const reader: VehicleReader = {
    list: () => listed,
    find,
    listBody: listFor,
    body: (slug, siteId) => {
      const v = find(slug);
      if (!v || !isListed(v)) return undefined;
      if (siteId === undefined) return bodyOf(v);
      return isShownOn(v, siteId) ? bodyOf(publicVehicleOn(v, siteId)) : undefined;
    },
  };
  states.set(reader, state);
  return reader;
}

/** A write's outcome, worked out on the catalogue as it is: the next list and the change listeners hear of. */
export interface PlannedWrite<C extends VehicleChange = VehicleChange> {
  next: Vehicle[];
  change: C;
}

/** A change an all-or-none batch makes: it creates and updates, never removes. */
export type BatchChange = Extract<VehicleChange, { action: "create" | "update" }>;

/** A batch's outcome, worked out on the catalogue as it is: the next list and each change, in order. */
export interface PlannedBatch {
  next: Vehicle[];
  changes: BatchChange[];
}

/**
 * The catalogue with `updates` in their vehicles' places and `creates` after the rest. Throws VehicleConflictError
 * when a created id is taken, or two vehicles would share a link; the stock numbers are the caller's to check.
 */
export function planBatch(
  vehicles: readonly Vehicle[],
  creates: readonly Vehicle[],
  updates: readonly { previous: Vehicle; vehicle: Vehicle }[],
): PlannedBatch {
  const replaced = new Map(updates.map((u) => [u.previous.id, u.vehicle]));
  const ids = new Set(vehicles.map((v) => v.id));
  for (const u of updates) if (!ids.has(u.previous.id)) throw new VehicleConflictError(`Vehicle ${u.previous.id} was removed meanwhile`);
  for (const v of creates) if (ids.has(v.id)) throw new VehicleConflictError(`A vehicle with id "${v.id}" already exists`);
  const next = [...vehicles.map((v) => replaced.get(v.id) ?? v), ...creates];
  try {
    buildVehicleIndex(next.map((v) => v.id));
  } catch (err) {
    throw new VehicleConflictError(`Two vehicles would share a link: ${(err as Error).message}`);
  }
  return {
    next,
    changes: [
      ...updates.map((u): BatchChange => ({ action: "update", vehicle: u.vehicle, previous: u.previous })),
      ...creates.map((vehicle): BatchChange => ({ action: "create", vehicle })),
    ],
  };
}

/**
 * Throws VehicleConflictError when another vehicle than `own` (by default `vehicle.id`; none for a new one) holds its
 * stock number: stock numbers are unique in the catalogue.
 */
function requireOwnStockNumber(vehicles: readonly Vehicle[], vehicle: Vehicle, own: string | null = vehicle.id): void {
  const stock = vehicle.stockNumber?.toUpperCase();
  if (stock === undefined) return;
  // Lengths first: a save at 3,500 units upper-cases the few stock numbers as long as this one, not all 3,500.
  const holder = vehicles.find((v) => v.stockNumber?.length === stock.length && v.id !== own && v.stockNumber.toUpperCase() === stock);
  if (holder) throw new VehicleConflictError(`Stock number ${vehicle.stockNumber} is already on ${holder.name} (${holder.id})`, "stockNumber");
}

/** Throws VehicleConflictError when the id (or a slug form of it) or the stock number is taken. */
export function planCreate(vehicles: readonly Vehicle[], vehicle: Vehicle): PlannedWrite {
  // The stock number first: a new unit's id is made from it, so a taken one is what the writer needs to hear of.
  requireOwnStockNumber(vehicles, vehicle, null);
  if (vehicles.some((v) => v.id === vehicle.id)) throw new VehicleConflictError(`A vehicle with id "${vehicle.id}" already exists`);
  const next = [...vehicles, vehicle];
  try {
    buildVehicleIndex(next.map((v) => v.id));
  } catch (err) {
    throw new VehicleConflictError(`The id "${vehicle.id}" would share its link with another vehicle: ${(err as Error).message}`);
  }
  return { next, change: { action: "create", vehicle } };
}

/** Undefined for an unknown id; VehiclePreconditionError when `ifMatch` is not the vehicle's current ETag; VehicleConflictError for a stock number another holds. */
export function planReplace(vehicles: readonly Vehicle[], id: string, vehicle: Vehicle, ifMatch: string): PlannedWrite | undefined {
  const i = vehicles.findIndex((v) => v.id === id);
  if (i < 0) return undefined;
  const previous = vehicles[i]!;
  if (!ifMatch.split(/\s*,\s*/).some((tag) => tag === "*" || tag === etagOf(previous))) throw new VehiclePreconditionError(previous);
  requireOwnStockNumber(vehicles, vehicle);
  const next = vehicles.slice();
  next[i] = vehicle;
  return { next, change: { action: "update", vehicle, previous } };
}

/** Several replacements planned on the catalogue as it is: the next list, the changes listeners hear of, and each one's outcome. */
export function planReplaceMany(
  vehicles: readonly Vehicle[],
  replacements: readonly Replacement[],
): { next: Vehicle[]; changes: VehicleChange[]; outcomes: ReplacementOutcome[] } {
  const next = vehicles.slice();
  const at = new Map(vehicles.map((v, i) => [v.id, i]));
  const changes: VehicleChange[] = [];
  const outcomes = replacements.map(({ id, vehicle, ifMatch }): ReplacementOutcome => {
    const i = at.get(id);
    if (i === undefined) return { id, outcome: "missing" };
    const previous = next[i]!;
    if (!ifMatch.split(/\s*,\s*/).some((tag) => tag === "*" || tag === etagOf(previous))) return { id, outcome: "stale", current: previous };
    // Checked only when the stock number changes: a bulk change of price or status leaves it, and 3,500 checks would each read every unit.
    if (vehicle.stockNumber?.toUpperCase() !== previous.stockNumber?.toUpperCase())
      try {
        requireOwnStockNumber(next, vehicle);
      } catch (err) {
        if (err instanceof VehicleConflictError) return { id, outcome: "taken", error: err };
        throw err;
      }
    next[i] = vehicle;
    changes.push({ action: "update", vehicle, previous });
    return { id, outcome: "saved", vehicle, previous };
  });
  return { next, changes, outcomes };
}

export function planRemove(vehicles: readonly Vehicle[], id: string): PlannedWrite<{ action: "delete"; previous: Vehicle }> | undefined {
  const previous = vehicles.find((v) => v.id === id);
  if (!previous) return undefined;
  return { next: vehicles.filter((v) => v !== previous), change: { action: "delete", previous } };
}

const opOf = (change: VehicleChange): CatalogueOp => (change.action === "delete" ? { delete: change.previous.id } : { put: change.vehicle });

/**
 * The catalogue over its files. Staff reads see every change at once; the
 * public view is rebuilt from the data once a write holding it has landed
 * (coalesced writes rebuild it once), then listeners hear of each change.
 */
function writableStore(files: CatalogueFiles): VehicleStore {
  let view = createVehicleStore(files.vehicles);
  /** Writes are numbered; the public view shows the latest landed one. */
  let writes = 0;
  let viewOf = 0;
  const listeners = changeListeners<VehicleChange>("[catalogue]");
  const vehicles = () => files.vehicles;

  const commit = async (next: Vehicle[], ...changes: VehicleChange[]) => {
    const n = ++writes;
    await files.commit(next, changes.map(opOf));
    if (n > viewOf) {
      viewOf = n;
      view = createVehicleStore(next, view);
    }
    listeners.tell(changes);
  };

  return {
    list: () => view.list(),
    find: (slug) => view.find(slug),
    listBody: (siteId) => view.listBody(siteId),
    body: (slug, siteId) => view.body(slug, siteId),
    all: vehicles,
    get: (id) => vehicles().find((v) => v.id === id),
    etag: etagOf,
    async create(vehicle) {
      const planned = planCreate(vehicles(), vehicle);
      await commit(planned.next, planned.change);
      return vehicle;
    },
    async replace(id, vehicle, ifMatch) {
      const planned = planReplace(vehicles(), id, vehicle, ifMatch);
      if (!planned) return undefined;
      await commit(planned.next, planned.change);
      return vehicle;
    },
    async replaceMany(replacements) {
      const planned = planReplaceMany(vehicles(), replacements);
      if (planned.changes.length) await commit(planned.next, ...planned.changes);
      return planned.outcomes;
    },
    async remove(id) {
      const planned = planRemove(vehicles(), id);
      if (!planned) return undefined;
      await commit(planned.next, planned.change);
      return planned.change.previous;
    },
    async commitBatch(plan) {
      const planned = plan(vehicles());
      if (planned.changes.length) await commit(planned.next, ...planned.changes);
      return planned.changes;
    },
    onChange: listeners.add,
  };
}
