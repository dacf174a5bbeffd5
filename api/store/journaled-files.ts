/**
 * A lowdb store kept as a snapshot and a journal (the catalogue, catalogue-files.ts; the rentals, rental-store.ts): the
 * snapshot, a JSON file written whole, and the writes made since it, one JSON line each in the journal. A write
 * appends its line and fsyncs it, a few hundred bytes whatever the store's size, so a write at 3,500 units (or 2,000
 * reservations) costs what it does at none (docs/operations/postgresql.md, "Many units"). Once the journal outgrows the snapshot,
 * the snapshot is written again after the write that grew it has answered, and a fresh journal started.
 *
 * Why a crash anywhere loses no acknowledged write and replays none twice:
 * - The snapshot is written whole (temp file, fsync, rename: durable-file.ts) and names its generation; the journal's
 *   first line names the generation it follows. A journal of another generation was folded into the snapshot before
 *   a crash, and is not replayed.
 * - A write answers once its line is fsynced. A last line cut short by a crash never got its answer, and is dropped.
 *   A write that fails (a full disk) is cut back out of the journal, so it is never read back though it answered 500.
 * - A backup copies files in name order, and a journal's name sorts before its snapshot's (`catalogue-journal.jsonl`
 *   before `catalogue.json`): the snapshot it copies is the journal's own, or a later one that holds every line of it.
 * - A snapshot without a generation (written by an earlier release as the whole store, or by a restore) is generation
 *   0 with no journal: the first open writes it again as generation 1 and starts its journal.
 */
import { open, readFile, stat, type FileHandle } from "node:fs/promises";
import path from "node:path";
import { z } from "zod";
import { writeFileDurably } from "./durable-file";
import { mkdirPrivate, PRIVATE_FILE_MODE } from "./file-modes";
import { CorruptDataFileError, readJsonFile } from "./json-file";
import { parseJsonLines } from "./json-lines";

/** How one store is laid out in its two files, and how its state is read, written and replayed. */
export interface JournalFormat<S, Op> {
  /** The store's name in log lines ("catalogue"). */
  name: string;
  snapshotFile: string;
  journalFile: string;
  /** The snapshot's content (a JSON object, its `generation` included), checked; what it throws calls the file corrupt. */
  parseSnapshot(data: unknown): S;
  /** One change as a journal line holds it, checked loosely: `replay` checks it fully. */
  opSchema: z.ZodType<Op>;
  /** The snapshot's text, naming `generation`. */
  snapshotText(generation: number, state: S): Buffer;
  /** One change's JSON in a journal line. */
  opJson(op: Op): string;
  /** Start-up: the state the snapshot and each journal line's changes make, in order. `apply` throws on a bad change. */
  replay(snapshot: S): { apply(ops: readonly Op[]): void; result(): S };
}

/** The journal is folded into a new snapshot once it is larger than the snapshot, or than this. */
const MIN_JOURNAL_BYTES = 64 * 1024;

const HeaderSchema = z.object({ generation: z.number().int().nonnegative() });
const GenerationSchema = z.looseObject({ generation: z.number().int().nonnegative().optional() });

/** What the two files hold: the state they make, and what is left to tidy before the next append. */
interface Read<S> {
  state: S;
  generation: number;
  /** The journal's bytes that count (a torn last line left out); undefined when it must be started afresh. */
  journalBytes: number | undefined;
  snapshotBytes: number;
}

/** Whether `file` exists. */
export const exists = (file: string): Promise<boolean> =>
  stat(file).then(
    () => true,
    () => false,
  );

/** The state under `dir` as a server would read it (snapshot and journal), checked; undefined without a snapshot. Only reads. */
export async function readJournaled<S, Op>(dir: string, format: JournalFormat<S, Op>): Promise<Read<S> | undefined> {
  const file = path.join(dir, format.snapshotFile);
  const snapshot = await readJsonFile(file, (d) => ({ generation: GenerationSchema.parse(d).generation ?? 0, state: format.parseSnapshot(d) }));
  if (!snapshot) return undefined;
  const { generation } = snapshot;
  const snapshotBytes = (await stat(file)).size;
  const journalFile = path.join(dir, format.journalFile);
  const text = await readFile(journalFile, "utf8").catch((err: NodeJS.ErrnoException) => {
    if (err.code === "ENOENT") return undefined;
    throw err;
  });
  if (text === undefined) return { ...snapshot, snapshotBytes, journalBytes: undefined };
  const { entries, complete } = parseJsonLines(text, journalFile, z.union([HeaderSchema, z.object({ ops: z.array(format.opSchema) })]));
  const [header, ...lines] = entries;
  // A journal of another generation was folded into the snapshot before a crash.
  if (!header || !("generation" in header) || header.generation !== generation) return { ...snapshot, snapshotBytes, journalBytes: undefined };
  // A torn last line is cut off by starting the journal afresh, so that no append follows it.
  const journalBytes = complete === text.length ? Buffer.byteLength(text) : undefined;
  if (!lines.length) return { ...snapshot, snapshotBytes, journalBytes };
  const replay = format.replay(snapshot.state);
  lines.forEach((line, i) => {
    if (!("ops" in line)) throw new CorruptDataFileError(journalFile, new Error(`line ${i + 2}: a generation line after the first`));
    try {
      replay.apply(line.ops);
    } catch (err) {
      throw new CorruptDataFileError(journalFile, new Error(`line ${i + 2}: ${err instanceof Error ? err.message : String(err)}`));
    }
  });
  return { state: replay.result(), generation, snapshotBytes, journalBytes };
}

/** A store's files, open for writing: `commit` resolves once a write is on disk. */
export interface JournaledFiles<S, Op> {
  /** The state with every write committed so far, on disk or on its way. */
  readonly state: S;
  /**
   * Make `next` the state: `ops` are the changes from the one before. Resolves once on disk; rejects when it is not,
   * and the state is then the one on disk again (writes committed meanwhile, planned on this one, reject too).
   * `next` is never changed afterwards: a later write makes a new state.
   */
  commit(next: S, ops: readonly Op[]): Promise<void>;
  /** Resolves once no write, nor a new snapshot, is on its way. */
  idle(): Promise<void>;
}

/**
 * Open the store under `dir`; without a snapshot, `firstStart()` gives the state to begin with (or throws when the
 * folder shows it had one). The journal is folded into a new snapshot once it holds more than `foldAfter` bytes: by
 * default, more than the snapshot or 64 kB.
 */
export async function openJournaledFiles<S, Op>(
  dir: string,
  format: JournalFormat<S, Op>,
  firstStart: () => S | Promise<S>,
  { foldAfter }: { foldAfter?: number } = {},
): Promise<JournaledFiles<S, Op>> {
  const snapshotFile = path.join(dir, format.snapshotFile);
  const journalFile = path.join(dir, format.journalFile);
  const read = await readJournaled(dir, format);
  let { state, generation } = read ?? { state: await firstStart(), generation: 0 };
  /** The state as of the last line on disk. */
  let onDisk = state;
  let snapshotBytes = read?.snapshotBytes ?? 0;
  let journalBytes = read?.journalBytes ?? 0;
  let handle: FileHandle | null = null;
  /** True until the files are a snapshot and a journal of its generation with nothing torn: the next write is a fold. */
  let mustFold = read?.journalBytes === undefined;

  /** Write `next` as a new snapshot, then start its journal. Appends wait meanwhile. */
  const fold = async (next: S) => {
    mustFold = true;
    const text = format.snapshotText(generation + 1, next);
    await writeFileDurably(snapshotFile, text);
    // From here the old journal is never replayed: until the new one is in place, every write is a fold.
    generation++;
    snapshotBytes = text.length;
    onDisk = next;
    await handle?.close().catch(() => {});
    handle = null;
    const header = `${JSON.stringify({ generation })}\n`;
    await writeFileDurably(journalFile, header);
    handle = await open(journalFile, "a", PRIVATE_FILE_MODE);
    journalBytes = Buffer.byteLength(header);
    mustFold = false;
  };

  if (!read) await mkdirPrivate(dir);
  if (mustFold) await fold(state);
  else handle = await open(journalFile, "a", PRIVATE_FILE_MODE);

  // Appends run one after another, each taking every write queued meanwhile.
  let queued: { next: S; line: string; resolve: () => void; reject: (err: unknown) => void }[] = [];
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
        // A line may be half on disk: cut back to the lines that were answered, so that none of these is replayed at
        // the next start; and in case that fails too, the next write folds the state into a new snapshot.
        mustFold = true;
        // A fold whose snapshot landed before its fresh journal failed stored them all the same.
        if (onDisk === last) {
          for (const w of writes) w.resolve();
          continue;
        }
        if (handle) await handle.truncate(journalBytes).catch(() => {});
        // Not stored, so not shown: reads go back to the state on disk, and the writes queued meanwhile, each
        // planned on top of these, fail with them rather than store a change that was answered 500.
        const failed = [...writes, ...queued];
        queued = [];
        state = onDisk;
        for (const w of failed) w.reject(err);
        continue;
      }
      // Answered first: the write that grew the journal past its limit does not wait for the snapshot; writes made meanwhile do.
      await new Promise((resolve) => setImmediate(resolve));
      if (!mustFold && journalBytes > (foldAfter ?? Math.max(snapshotBytes, MIN_JOURNAL_BYTES)))
        await fold(onDisk).catch((err: unknown) => console.error(`[${format.name}] writing a new snapshot failed; the next write tries again:`, err));
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
    get state() {
      return state;
    },
    commit(next, ops) {
      state = next;
      const line = `{"ops":[${ops.map((op) => format.opJson(op)).join(",")}]}\n`;
      const done = new Promise<void>((resolve, reject) => queued.push({ next, line, resolve, reject }));
      start();
      return done;
    },
    async idle() {
      while (writing) await writing;
    },
  };
}
