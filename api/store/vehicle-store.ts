import path from "node:path";
import { seedCatalogue } from "../../domain/catalogue/seed";
import { isListed, isShownOn, VehicleListSchema, type Vehicle } from "../../domain/vehicle";
import { buildVehicleIndex, resolveVehicleId, updateVehicleIndex } from "../../domain/slug";
import { CoalescedFile } from "./coalesced-file";
import { openJsonFile } from "./json-file";
import { prepareJson, type PreparedBody } from "../prepared/prepared-body";

interface CatalogueFile {
  vehicles: Vehicle[];
}

/**
 * The public view of the catalogue, each response body prepared once, when
 * first asked for: sold vehicles are left out of the list and have no body.
 */
export interface VehicleReader {
  /** Vehicles the public sees: every one but the sold. */
  list(): readonly Vehicle[];
  /** The vehicle (sold ones included, so that a page can say it was sold) a slug from any link rule points at. */
  find(slug: string): Vehicle | undefined;
  /** The list's body as the site `siteId` shows it (only its vehicles); every vehicle without one. */
  listBody(siteId?: string): PreparedBody;
  /** A public vehicle's body; undefined for an unknown or sold one, or one the site `siteId` does not show. */
  body(slug: string, siteId?: string): PreparedBody | undefined;
}

export type VehicleChange =
  { action: "create"; vehicle: Vehicle } | { action: "update"; vehicle: Vehicle; previous: Vehicle } | { action: "delete"; previous: Vehicle };

export class VehicleConflictError extends Error {
  override name = "VehicleConflictError";
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
  /** The strong ETag of a vehicle's JSON. */
  etag(vehicle: Vehicle): string;
  /** Throws VehicleConflictError when the id (or a slug form of it) is taken. */
  create(vehicle: Vehicle): Promise<Vehicle>;
  /** Undefined when there is no such vehicle; VehiclePreconditionError when `ifMatch` is not its current ETag. */
  replace(id: string, vehicle: Vehicle, ifMatch: string): Promise<Vehicle | undefined>;
  /** The removed vehicle, or undefined when there was none. */
  remove(id: string): Promise<Vehicle | undefined>;
  /** Called after each write is on disk and in the public view (e.g. to render pages again). Returns an unsubscribe. */
  onChange(listener: (change: VehicleChange) => void): () => void;
}

export const CATALOGUE_FILE = "catalogue.json";

/** Open (seeding on first start) the catalogue file under dataDir. */
export async function openVehicleStore(dataDir: string): Promise<VehicleStore> {
  const db = await openJsonFile<CatalogueFile>(
    path.join(dataDir, CATALOGUE_FILE),
    () => ({ vehicles: seedCatalogue() }),
    (data) => ({ vehicles: VehicleListSchema.parse((data as CatalogueFile).vehicles) }),
    catalogueText,
  );
  return writableStore(new CoalescedFile(db));
}

const OPEN = Buffer.from('{\n"vehicles": [\n');
const BETWEEN = Buffer.from(",\n");
const CLOSE = Buffer.from("\n]\n}\n");

/**
 * The catalogue file's text: one vehicle a line, each the JSON its body already holds (made once per version of a
 * vehicle), so a save at 3,500 units joins bytes instead of serialising every vehicle again on the event loop.
 */
function catalogueText({ vehicles }: CatalogueFile): Buffer {
  const parts: Buffer[] = [OPEN];
  vehicles.forEach((v, i) => parts.push(...(i ? [BETWEEN] : []), bodyOf(v).identity));
  parts.push(CLOSE);
  return Buffer.concat(parts);
}

const prepared = new WeakMap<Vehicle, PreparedBody>();
/** A vehicle's body, prepared once per version (vehicles are never changed in place). */
export const bodyOf = (v: Vehicle): PreparedBody => {
  let body = prepared.get(v);
  if (!body) prepared.set(v, (body = prepareJson(v)));
  return body;
};

/** Each view's slug index and the ids it was made from, which the next view's index is made from. */
const indexes = new WeakMap<VehicleReader, { ids: readonly string[]; index: Map<string, string> }>();

/**
 * A read-only public view of `vehicles`. Its lists are serialised the first
 * time they are asked for, not when a write lands: a save answers without
 * serialising or compressing the catalogue (docs/architecture.md). Given the
 * `previous` view, its slug index is reused, the ids added or removed since keyed again.
 */
export function createVehicleStore(vehicles: readonly Vehicle[], previous?: VehicleReader): VehicleReader {
  const ids = vehicles.map((v) => v.id);
  const before = previous && indexes.get(previous);
  const index = before ? updateVehicleIndex(before.index, before.ids, ids) : buildVehicleIndex(ids);
  const byId = new Map(vehicles.map((v) => [v.id, v]));
  const listed = vehicles.filter(isListed);
  let list: PreparedBody | undefined;
  // While no vehicle names its sites, every site shows the one list; once one does, each site's list is its own.
  const perSite = listed.some((v) => v.sites) ? new Map<string, PreparedBody>() : null;
  const listFor = (siteId: string | undefined): PreparedBody => {
    if (!perSite || siteId === undefined) return (list ??= prepareJson(listed));
    let body = perSite.get(siteId);
    if (!body) perSite.set(siteId, (body = prepareJson(listed.filter((v) => isShownOn(v, siteId)))));
    return body;
  };
  const find = (slug: string) => {
    const id = resolveVehicleId(index, slug);
    return id === undefined ? undefined : byId.get(id);
  };
  const reader: VehicleReader = {
    list: () => listed,
    find,
    listBody: listFor,
    body: (slug, siteId) => {
      const v = find(slug);
      return v && isListed(v) && (siteId === undefined || isShownOn(v, siteId)) ? bodyOf(v) : undefined;
    },
  };
  indexes.set(reader, { ids, index });
  return reader;
}

/** A write's outcome, worked out on the catalogue as it is: the next list and the change listeners hear of. */
export interface PlannedWrite<C extends VehicleChange = VehicleChange> {
  next: Vehicle[];
  change: C;
}

/** Throws VehicleConflictError when the id (or a slug form of it) is taken. */
export function planCreate(vehicles: readonly Vehicle[], vehicle: Vehicle): PlannedWrite {
  if (vehicles.some((v) => v.id === vehicle.id)) throw new VehicleConflictError(`A vehicle with id "${vehicle.id}" already exists`);
  const next = [...vehicles, vehicle];
  try {
    buildVehicleIndex(next.map((v) => v.id));
  } catch (err) {
    throw new VehicleConflictError(`The id "${vehicle.id}" would share its link with another vehicle: ${(err as Error).message}`);
  }
  return { next, change: { action: "create", vehicle } };
}

/** Undefined for an unknown id; VehiclePreconditionError when `ifMatch` is not the vehicle's current ETag. */
export function planReplace(vehicles: readonly Vehicle[], id: string, vehicle: Vehicle, ifMatch: string): PlannedWrite | undefined {
  const i = vehicles.findIndex((v) => v.id === id);
  if (i < 0) return undefined;
  const previous = vehicles[i]!;
  if (!ifMatch.split(/\s*,\s*/).some((tag) => tag === "*" || tag === bodyOf(previous).etag)) throw new VehiclePreconditionError(previous);
  const next = vehicles.slice();
  next[i] = vehicle;
  return { next, change: { action: "update", vehicle, previous } };
}

export function planRemove(vehicles: readonly Vehicle[], id: string): PlannedWrite<{ action: "delete"; previous: Vehicle }> | undefined {
  const previous = vehicles.find((v) => v.id === id);
  if (!previous) return undefined;
  return { next: vehicles.filter((v) => v !== previous), change: { action: "delete", previous } };
}

/**
 * The catalogue over its file. Staff reads see every change at once; the
 * public view is rebuilt from the data once a write holding it has landed
 * (coalesced writes rebuild it once), then listeners hear of each change.
 */
function writableStore(file: CoalescedFile<CatalogueFile>): VehicleStore {
  let view = createVehicleStore(file.data.vehicles);
  /** Writes are numbered; the public view shows the latest landed one. */
  let writes = 0;
  let viewOf = 0;
  const listeners = new Set<(change: VehicleChange) => void>();
  const vehicles = () => file.data.vehicles;

  const commit = async (next: Vehicle[], change: VehicleChange) => {
    const n = ++writes;
    file.data.vehicles = next;
    await file.save();
    if (n > viewOf) {
      viewOf = n;
      view = createVehicleStore(next, view);
    }
    for (const listener of listeners) {
      try {
        listener(change);
      } catch (err) {
        console.error("[catalogue] a change listener failed:", err);
      }
    }
  };

  return {
    list: () => view.list(),
    find: (slug) => view.find(slug),
    listBody: (siteId) => view.listBody(siteId),
    body: (slug, siteId) => view.body(slug, siteId),
    all: vehicles,
    get: (id) => vehicles().find((v) => v.id === id),
    etag: (v) => bodyOf(v).etag,
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
    async remove(id) {
      const planned = planRemove(vehicles(), id);
      if (!planned) return undefined;
      await commit(planned.next, planned.change);
      return planned.change.previous;
    },
    onChange(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
