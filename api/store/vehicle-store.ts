import { createHash } from "node:crypto";
import path from "node:path";
import { gzipSync } from "node:zlib";
import { seedCatalogue } from "../../domain/catalogue/seed";
import { VehicleListSchema, type Vehicle } from "../../domain/vehicle";
import { buildVehicleIndex, resolveVehicleId } from "../../domain/slug";
import { openJsonFile } from "./json-file";

/** A JSON body serialised once, with its gzip form and strong ETag. */
export interface PreparedBody {
  json: Buffer;
  gzip: Buffer;
  etag: string;
}

export function prepareBody(value: unknown): PreparedBody {
  const json = Buffer.from(JSON.stringify(value));
  const etag = `"${createHash("sha1").update(json).digest("base64url")}"`;
  return { json, gzip: gzipSync(json, { level: 9 }), etag };
}

interface CatalogueFile {
  vehicles: Vehicle[];
}

/** Read access to the catalogue, with every response body prepared up front. */
export interface VehicleStore {
  list(): readonly Vehicle[];
  /** The vehicle a slug from any link rule points at. */
  find(slug: string): Vehicle | undefined;
  listBody(): PreparedBody;
  body(id: string): PreparedBody | undefined;
  /** Calls `listener` after every change; returns the unsubscribe. */
  onChange(listener: () => void): () => void;
}

export const CATALOGUE_FILE = "catalogue.json";

/** Open (seeding on first start) the catalogue file under dataDir. */
export async function openVehicleStore(dataDir: string): Promise<VehicleStore> {
  const db = await openJsonFile<CatalogueFile>(
    path.join(dataDir, CATALOGUE_FILE),
    () => ({ vehicles: seedCatalogue() }),
    (data) => ({ vehicles: VehicleListSchema.parse((data as CatalogueFile).vehicles) }),
  );
  return createVehicleStore(db.data.vehicles);
}

export function createVehicleStore(vehicles: readonly Vehicle[]): VehicleStore {
  const index = buildVehicleIndex(vehicles.map((v) => v.id));
  const byId = new Map(vehicles.map((v) => [v.id, v]));
  const bodies = new Map(vehicles.map((v) => [v.id, prepareBody(v)]));
  const list = prepareBody(vehicles);
  const find = (slug: string) => {
    const id = resolveVehicleId(index, slug);
    return id === undefined ? undefined : byId.get(id);
  };
  const listeners = new Set<() => void>();
  return {
    onChange: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    list: () => vehicles,
    find,
    listBody: () => list,
    body: (slug) => {
      const v = find(slug);
      return v && bodies.get(v.id);
    },
  };
}
