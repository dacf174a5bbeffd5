/**
 * The lowdb catalogue on disk: a snapshot, `catalogue.json`, and the writes
 * made since it, `catalogue-journal.jsonl`, one line each. A save appends its
 * line and fsyncs it, a few hundred bytes whatever the catalogue's size, so a
 * save at 3,500 units costs what it does at 35 (docs/operations.md, "Many
 * units"). Once the journal outgrows the snapshot, the snapshot is written
 * again after the save that grew it has answered, and a fresh journal started.
 *
 * Why a crash anywhere loses no acknowledged save and replays none twice:
 * - The snapshot is written whole (temp file, fsync, rename: durable-file.ts)
 *   and names its generation; the journal's first line names the generation
 *   it follows. A journal of another generation was folded into the snapshot
 *   before a crash, and is not replayed.
 * - A save answers once its line is fsynced. A last line cut short by a crash
 *   never got its answer, and is dropped.
 * - A backup copies `catalogue-journal.jsonl` before `catalogue.json` (names
 *   sort so): the snapshot it copies is the journal's own, or a later one that
 *   holds every line of it.
 */
import { createHash } from "node:crypto";
import { open, readFile, stat, type FileHandle } from "node:fs/promises";
import path from "node:path";
import { z } from "zod";
import { VehicleListSchema, type Vehicle } from "../../domain/vehicle";
import { writeFileDurably } from "./durable-file";
import { mkdirPrivate, PRIVATE_FILE_MODE } from "./file-modes";
import { CorruptDataFileError, readJsonFile } from "./json-file";
import { parseJsonLines } from "./json-lines";

export const CATALOGUE_FILE = "catalogue.json";
export const CATALOGUE_JOURNAL = "catalogue-journal.jsonl";

/** One write's changes, in order: a vehicle put in its place (or last, when new), or an id removed. */
export type CatalogueOp = { put: Vehicle } | { delete: string };

const SnapshotSchema = z.object({ generation: z.number().int().nonnegative().optional(), vehicles: z.array(z.unknown()) });
const HeaderSchema = z.object({ generation: z.number().int().nonnegative() });
const OpsSchema = z.object({ ops: z.array(z.union([z.object({ put: z.looseObject({ id: z.string() }) }), z.object({ delete: z.string() })])) });
const JournalLineSchema = z.union([HeaderSchema, OpsSchema]);

/** The journal is folded into a new snapshot once it is larger than the snapshot, or than this. */
const MIN_JOURNAL_BYTES = 64 * 1024;

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

const journalLine = (ops: readonly CatalogueOp[]): string =>
  `{"ops":[${ops.map((op) => ("put" in op ? `{"put":${storedJson(op.put).json.toString()}}` : JSON.stringify(op))).join(",")}]}\n`;

/** What the two files hold: the catalogue they make, and what is left to tidy before the next append. */
interface Read {
  vehicles: Vehicle[];
  generation: number;
  /** The journal's bytes that count (a torn last line left out); undefined when it must be started afresh. */
  journalBytes: number | undefined;
  snapshotBytes: number;
}

/** The catalogue under `dir` as the server would read it (snapshot and journal), checked; undefined when there is none yet. Only reads. */
export async function readCatalogue(dir: string): Promise<Vehicle[] | undefined> {
  return (await readFiles(dir))?.vehicles;
}

async function readFiles(dir: string): Promise<Read | undefined> {
  const file = path.join(dir, CATALOGUE_FILE);
  const snapshot = await readJsonFile(file, (d) => {
    const { generation = 0, vehicles } = SnapshotSchema.parse(d);
    return { generation, vehicles: VehicleListSchema.parse(vehicles) };
  });
  if (!snapshot) return undefined;
  const { generation } = snapshot;
  const snapshotBytes = (await stat(file)).size;
  const journalFile = path.join(dir, CATALOGUE_JOURNAL);
  const text = await readFile(journalFile, "utf8").catch((err: NodeJS.ErrnoException) => {
    if (err.code === "ENOENT") return undefined;
    throw err;
  });
  if (text === undefined) return { ...snapshot, snapshotBytes, journalBytes: undefined };
  const { entries, complete } = parseJsonLines(text, journalFile, JournalLineSchema);
  const [header, ...lines] = entries;
  // A journal of another generation was folded into the snapshot before a crash.
  if (!header || !("generation" in header) || header.generation !== generation) return { ...snapshot, snapshotBytes, journalBytes: undefined };
  // A torn last line is cut off by starting the journal afresh, so that no append follows it.
  const journalBytes = complete === text.length ? Buffer.byteLength(text) : undefined;
  if (!lines.length) return { ...snapshot, snapshotBytes, journalBytes };
  const byId = new Map(snapshot.vehicles.map((v) => [v.id, v]));
  lines.forEach((line, i) => {
    if (!("ops" in line)) throw new CorruptDataFileError(journalFile, new Error(`line ${i + 2}: a generation line after the first`));
    for (const op of line.ops)
      if ("delete" in op) byId.delete(op.delete);
      else
        try {
          const [vehicle] = VehicleListSchema.parse([op.put]);
          byId.set(vehicle!.id, vehicle!);
        } catch (err) {
          throw new CorruptDataFileError(journalFile, new Error(`line ${i + 2}: ${err instanceof Error ? err.message : String(err)}`));
        }
  });
  return { vehicles: [...byId.values()], generation, snapshotBytes, journalBytes };
}

/** The catalogue's files, open for writing: `commit` resolves once a write is on disk. */
export interface CatalogueFiles {
  /** The catalogue with every write committed so far, on disk or on its way. */
  readonly vehicles: Vehicle[];
  /** Make `next` the catalogue: `ops` are the changes from the one before. Resolves once on disk (or rejects, and the next write carries it). */
  commit(next: Vehicle[], ops: readonly CatalogueOp[]): Promise<void>;
  /** Resolves once no write, nor a new snapshot, is on its way. */
  idle(): Promise<void>;
}

/**
 * Open (seeding it with `seed()` when there is none) the catalogue under `dir`. The journal is folded into a new
 * snapshot once it holds more than `foldAfter` bytes: by default, more than the snapshot or 64 kB.
 */
export async function openCatalogueFiles(dir: string, seed: () => Vehicle[], { foldAfter }: { foldAfter?: number } = {}): Promise<CatalogueFiles> {
  const snapshotFile = path.join(dir, CATALOGUE_FILE);
  const journalFile = path.join(dir, CATALOGUE_JOURNAL);
  const read = await readFiles(dir);
  let { vehicles, generation } = read ?? { vehicles: seed(), generation: 0 };
  /** The catalogue as of the last line on disk. */
  let onDisk = vehicles;
  let snapshotBytes = read?.snapshotBytes ?? 0;
  let journalBytes = read?.journalBytes ?? 0;
  let handle: FileHandle | null = null;
  /** True until the files are a snapshot and a journal of its generation with nothing torn: the next write is a fold. */
  let mustFold = read?.journalBytes === undefined;

  /** Write `list` as a new snapshot, then start its journal. Appends wait meanwhile. */
  const fold = async (list: Vehicle[]) => {
    mustFold = true;
    const text = snapshotText(generation + 1, list);
    await writeFileDurably(snapshotFile, text);
    // From here the old journal is never replayed: until the new one is in place, every write is a fold.
    generation++;
    snapshotBytes = text.length;
    onDisk = list;
    await handle?.close().catch(() => {});
    handle = null;
    const header = `${JSON.stringify({ generation })}\n`;
    await writeFileDurably(journalFile, header);
    handle = await open(journalFile, "a", PRIVATE_FILE_MODE);
    journalBytes = Buffer.byteLength(header);
    mustFold = false;
  };

  if (!read) await mkdirPrivate(dir);
  if (mustFold) await fold(vehicles);
  else handle = await open(journalFile, "a", PRIVATE_FILE_MODE);

  // Appends run one after another, each taking every write queued meanwhile.
  let queued: { next: Vehicle[]; line: string; resolve: () => void; reject: (err: unknown) => void }[] = [];
  let writing: Promise<void> | null = null;
  const flush = async (): Promise<void> => {
    while (queued.length) {
      const writes = queued;
      queued = [];
      const last = writes.at(-1)!.next;
      try {
        if (mustFold) await fold(last);
        else {
          const text = writes.map((w) => w.line).join("");
          await handle!.appendFile(text);
          await handle!.datasync();
          journalBytes += Buffer.byteLength(text);
          onDisk = last;
        }
        for (const w of writes) w.resolve();
      } catch (err) {
        // A line may be half on disk: the next write folds the catalogue into a new snapshot instead of appending.
        mustFold = true;
        for (const w of writes) w.reject(err);
        continue;
      }
      // Answered first: the save that grew the journal past its limit does not wait for the snapshot; saves made meanwhile do.
      await new Promise((resolve) => setImmediate(resolve));
      if (!mustFold && journalBytes > (foldAfter ?? Math.max(snapshotBytes, MIN_JOURNAL_BYTES)))
        await fold(onDisk).catch((err: unknown) => console.error("[catalogue] writing a new snapshot failed; the next save tries again:", err));
    }
  };

  const start = () => {
    writing ??= flush().finally(() => {
      writing = null;
      // A write queued as the loop ended.
      if (queued.length) start();
    });
  };

  return {
    get vehicles() {
      return vehicles;
    },
    commit(next, ops) {
      vehicles = next;
      const line = journalLine(ops);
      const done = new Promise<void>((resolve, reject) => queued.push({ next, line, resolve, reject }));
      start();
      return done;
    },
    async idle() {
      while (writing) await writing;
    },
  };
}
