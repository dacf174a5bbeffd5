/**
 * The lowdb catalogue on disk: a snapshot, `catalogue.json`, and the writes
 * made since it, `catalogue-journal.jsonl`, one line each (journaled-files.ts,
 * which the rentals share): a save appends its line and fsyncs it, a few
 * hundred bytes whatever the catalogue's size, so a save at 3,500 units costs
 * what it does at 35 (docs/operations/postgresql.md, "Many units"). Each vehicle's JSON
 * is made once per version, for its journal line and every snapshot after it.
 */
import { createHash } from "node:crypto";
import { stat } from "node:fs/promises";
import path from "node:path";
import { z } from "zod";
import { VehicleListSchema, type Vehicle } from "../../domain/vehicle";
import { MissingDataFileError } from "./json-file";
import { openJournaledFiles, readJournaled, type JournalFormat } from "./journaled-files";
import { RENTALS_FILE, RENTALS_JOURNAL } from "./rental-store";

export const CATALOGUE_FILE = "catalogue.json";
export const CATALOGUE_JOURNAL = "catalogue-journal.jsonl";

/** One write's changes, in order: a vehicle put in its place (or last, when new), or an id removed. */
export type CatalogueOp = { put: Vehicle } | { delete: string };

const SnapshotSchema = z.object({ generation: z.number().int().nonnegative().optional(), vehicles: z.array(z.unknown()) });
const OpSchema = z.union([z.object({ put: z.looseObject({ id: z.string() }) }), z.object({ delete: z.string() })]);

const stored = new WeakMap<Vehicle, { json: Buffer; etag: string }>();
/** A vehicle's JSON as stored and as staff see it (staff-only fields included) and its strong ETag, once per version. */
export const storedJson = (v: Vehicle): { json: Buffer; etag: string } => {
  let found = stored.get(v);
  if (!found) {
    const json = Buffer.from(JSON.stringify(v));
    stored.set(v, (found = { json, etag: `"${createHash("sha1").update(json).digest("base64url")}"` }));
  }
  return found;
};

const BETWEEN = Buffer.from(",\n");
const CLOSE = Buffer.from("\n]\n}\n");

/**
 * The snapshot's text: one vehicle a line, each its stored JSON (made once per version of a vehicle), so writing it at
 * 3,500 units joins bytes instead of serialising every vehicle again on the event loop.
 */
function snapshotText(generation: number, vehicles: readonly Vehicle[]): Buffer {
  const parts: Buffer[] = [Buffer.from(`{\n"generation": ${generation},\n"vehicles": [\n`)];
  vehicles.forEach((v, i) => parts.push(...(i ? [BETWEEN] : []), storedJson(v).json));
  parts.push(CLOSE);
  return Buffer.concat(parts);
}

/** The catalogue in its two files (journaled-files.ts). */
const CATALOGUE_FORMAT: JournalFormat<Vehicle[], CatalogueOp> = {
  name: "catalogue",
  snapshotFile: CATALOGUE_FILE,
  journalFile: CATALOGUE_JOURNAL,
  parseSnapshot: (d) => VehicleListSchema.parse(SnapshotSchema.parse(d).vehicles),
  opSchema: OpSchema as z.ZodType<CatalogueOp>,
  snapshotText,
  opJson: (op) => ("put" in op ? `{"put":${storedJson(op.put).json.toString()}}` : JSON.stringify(op)),
  replay(snapshot) {
    const byId = new Map(snapshot.map((v) => [v.id, v]));
    return {
      apply(ops) {
        for (const op of ops)
          if ("delete" in op) byId.delete(op.delete);
          else {
            const [vehicle] = VehicleListSchema.parse([op.put]);
            byId.set(vehicle!.id, vehicle!);
          }
      },
      result: () => [...byId.values()],
    };
  },
};

/** The catalogue under `dir` as the server would read it (snapshot and journal), checked; undefined when there is none yet. Only reads. */
export async function readCatalogue(dir: string): Promise<Vehicle[] | undefined> {
  return (await readJournaled(dir, CATALOGUE_FORMAT))?.state;
}

/**
 * Files a server writes on its first start (or the catalogue's own journal): beside no snapshot, the catalogue was lost.
 * Not the sites file nor the leads file, which an operator or a migration may write before the first start.
 */
const WRITTEN_ONCE_STARTED = [CATALOGUE_JOURNAL, RENTALS_FILE, RENTALS_JOURNAL];

/**
 * Throws MissingDataFileError unless `dir` is new to the server: the seed is a first start's, and seeding a folder
 * that held a catalogue would replace the dealer's carts with the example ones without a word. A staff account made
 * with `npm run staff`, or a sites file written, before the first start does not count.
 */
async function requireNewFolder(dir: string): Promise<void> {
  const found = (
    await Promise.all(
      WRITTEN_ONCE_STARTED.map((name) =>
        stat(path.join(dir, name)).then(
          () => name,
          () => null,
        ),
      ),
    )
  ).filter((name) => name !== null);
  if (found.length) throw new MissingDataFileError(path.join(dir, CATALOGUE_FILE), `the data folder holds ${found.join(", ")}, so a server has run on it`);
}

/** The catalogue's files, open for writing: `commit` resolves once a write is on disk. */
export interface CatalogueFiles {
  /** The catalogue with every write committed so far, on disk or on its way. */
  readonly vehicles: Vehicle[];
  /**
   * Make `next` the catalogue: `ops` are the changes from the one before. Resolves once on disk; rejects when it is
   * not, and the catalogue is then the one on disk again (writes committed meanwhile, planned on this one, reject too).
   */
  commit(next: Vehicle[], ops: readonly CatalogueOp[]): Promise<void>;
  /** Resolves once no write, nor a new snapshot, is on its way. */
  idle(): Promise<void>;
}

/**
 * Open (seeding it with `seed()` when there is none) the catalogue under `dir`. The journal is folded into a new
 * snapshot once it holds more than `foldAfter` bytes: by default, more than the snapshot or 64 kB.
 */
export async function openCatalogueFiles(dir: string, seed: () => Vehicle[], options: { foldAfter?: number } = {}): Promise<CatalogueFiles> {
  const files = await openJournaledFiles(
    dir,
    CATALOGUE_FORMAT,
    async () => {
      await requireNewFolder(dir);
      return seed();
    },
    options,
  );
  return {
    get vehicles() {
      return files.state;
    },
    commit: (next, ops) => files.commit(next, ops),
    idle: () => files.idle(),
  };
}
