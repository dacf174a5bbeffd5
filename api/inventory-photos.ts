/**
 * Photos a source's file names by address: each fetched once and stored through the photo pipeline, as an
 * upload is (checked by its content, EXIF stripped, its variants made, in the photo queue's bounded memory and
 * concurrency), and fetched again only when its ETag changes. A photo that cannot be fetched is reported with its unit
 * and why, and the unit keeps every other photo. Photos the staff uploaded are never touched; one the file stops
 * naming is taken off its unit. docs/decisions/0066.
 */
import { MAX_PHOTO_BYTES } from "../domain/photo";
import type { InventorySource, SourceMemory, SourceRun } from "../domain/inventory-source";
import type { Vehicle } from "../domain/vehicle";
import { HttpError } from "./http-error";
import type { PhotoStore } from "./store/photo-store";
import { VehiclePreconditionError, type VehicleStore } from "./store/vehicle-store";

/** How long one photo may take to arrive. */
export const PHOTO_FETCH_TIMEOUT_MS = 30_000;
const WRITE_ATTEMPTS = 3;

/** The body of `res`, read as a stream, and `tooLarge()` thrown past `maxBytes`. */
export async function readLimited(res: Response, maxBytes: number, tooLarge: () => Error): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) {
    size += chunk.byteLength;
    if (size > maxBytes) throw tooLarge();
    chunks.push(Buffer.from(chunk));
  }
  return Buffer.concat(chunks);
}

class PhotoProblem extends Error {}

async function fetchPhoto(url: string, etag: string | undefined): Promise<{ bytes: Buffer; etag?: string } | "not-modified"> {
  const signal = AbortSignal.timeout(PHOTO_FETCH_TIMEOUT_MS);
  let res: Response;
  try {
    res = await fetch(url, { headers: { accept: "image/*", ...(etag ? { "if-none-match": etag } : {}) }, signal });
  } catch (err) {
    throw new PhotoProblem(
      signal.aborted
        ? `The address did not answer within ${PHOTO_FETCH_TIMEOUT_MS / 1000} s`
        : `The address could not be reached (${(err as Error & { cause?: Error }).cause?.message ?? (err as Error).message})`,
    );
  }
  if (res.status === 304) return "not-modified";
  if (!res.ok) {
    await res.body?.cancel();
    throw new PhotoProblem(`The address answered HTTP ${res.status}${res.statusText ? ` ${res.statusText}` : ""}`);
  }
  const tooLarge = () => new PhotoProblem(`The photo is larger than ${MAX_PHOTO_BYTES / 1024 / 1024} MB, the most a photo may be`);
  try {
    return { bytes: await readLimited(res, MAX_PHOTO_BYTES, tooLarge), etag: res.headers.get("etag") ?? undefined };
  } catch (err) {
    if (err instanceof PhotoProblem) throw err;
    throw new PhotoProblem(signal.aborted ? `The photo did not arrive within ${PHOTO_FETCH_TIMEOUT_MS / 1000} s` : "The photo's transfer broke off");
  }
}

export interface PhotoRunDeps {
  photos: PhotoStore;
  vehicles: VehicleStore;
  /** Writes a unit with its history entry (the source's account), as the run's other changes are. */
  save: (previous: Vehicle, next: Vehicle) => Promise<Vehicle | undefined>;
}

/** The photos of each unit's list fetched and put on the unit: the source's new photo memory, and what could not be fetched. */
export async function syncPhotos(
  source: InventorySource,
  lists: readonly { vehicle: Vehicle; urls: string[] }[],
  { photos, vehicles, save }: PhotoRunDeps,
): Promise<{ memory: NonNullable<SourceMemory["photos"]>; problems: NonNullable<SourceRun["photoProblems"]>; added: number }> {
  const known = source.memory.photos ?? {};
  const listed = new Set(lists.map((l) => l.vehicle.id));
  // Units this file did not list keep what they had.
  const memory: NonNullable<SourceMemory["photos"]> = Object.fromEntries(Object.entries(known).filter(([, p]) => !listed.has(p.unit)));
  const problems: NonNullable<SourceRun["photoProblems"]> = [];
  let added = 0;
  for (const { vehicle, urls } of lists) {
    const stockNumber = vehicle.stockNumber ?? vehicle.id;
    // Photos fetched by this run: put on the unit. One fetched before stays as the staff left it (moved, or removed).
    const fresh: string[] = [];
    for (const url of urls) {
      const before = known[url]?.unit === vehicle.id ? known[url] : undefined;
      // Fetched once; asked again only with a validator to ask with.
      if (before && !before.etag) {
        memory[url] = before;
        continue;
      }
      try {
        const got = await fetchPhoto(url, before?.etag);
        if (got === "not-modified") {
          memory[url] = before!;
          continue;
        }
        const stored = await photos.add(() => Promise.resolve(got.bytes));
        memory[url] = { src: stored.src, unit: vehicle.id, ...(got.etag ? { etag: got.etag } : {}) };
        fresh.push(stored.src);
      } catch (err) {
        if (!(err instanceof PhotoProblem || err instanceof HttpError)) throw err;
        problems.push({
          stockNumber,
          url,
          reason: err instanceof HttpError && err.status === 503 ? "The server was busy encoding other photos: it is fetched at the next run" : err.message,
        });
        if (before) memory[url] = before;
      }
    }
    const ours = (m: typeof memory) =>
      Object.values(m)
        .filter((p) => p.unit === vehicle.id)
        .map((p) => p.src);
    const kept = new Set(ours(memory));
    const dropped = new Set(ours(known).filter((src) => !kept.has(src)));
    for (let attempt = 1; ; attempt++) {
      const current = vehicles.get(vehicle.id);
      if (!current) break;
      const images = [...current.images.filter((src) => !dropped.has(src)), ...fresh.filter((src) => !current.images.includes(src))];
      if (images.length === current.images.length && images.every((src, i) => src === current.images[i])) break;
      try {
        await save(current, { ...current, images });
        added += images.filter((src) => !current.images.includes(src)).length;
        break;
      } catch (err) {
        if (!(err instanceof VehiclePreconditionError) || attempt >= WRITE_ATTEMPTS) throw err;
      }
    }
  }
  return { memory, problems, added };
}
