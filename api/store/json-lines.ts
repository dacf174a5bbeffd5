import { open, readFile, truncate } from "node:fs/promises";
import type { z } from "zod";
import { CorruptDataFileError } from "./json-file";
import { PRIVATE_FILE_MODE } from "./file-modes";

/** An append-only file of JSON lines: what it held at start-up, and an append that resolves once on disk. */
export interface JsonLinesFile<T> {
  /** The entries read at start-up, oldest first. */
  readonly entries: T[];
  /** Validate and append one entry; resolves once it is fsynced. */
  append(entry: T): Promise<T>;
  /**
   * Take back an entry given to `append` a moment ago (the change it records was then not stored): its line is
   * cut out and the lines after it moved up, on disk before it resolves. Only the last RETRACTABLE entries can be.
   */
  remove(entry: T): Promise<void>;
}

/** How many of the latest appended entries `remove` can take back: it is asked right after a failed write, never later. */
const RETRACTABLE = 1000;

/**
 * The entries of a JSON-lines file's text, each checked by `schema`, and the
 * length of its complete lines: a last line cut short by a crash (it never got
 * its 2xx) is left out; any other bad line throws CorruptDataFileError naming
 * the file.
 */
export function parseJsonLines<S extends z.ZodType>(text: string, file: string, schema: S): { entries: z.infer<S>[]; complete: number } {
  const complete = text.lastIndexOf("\n") + 1;
  const entries: z.infer<S>[] = [];
  text
    .slice(0, complete)
    .split("\n")
    .forEach((line, i) => {
      if (!line) return;
      try {
        entries.push(schema.parse(JSON.parse(line)));
      } catch (err) {
        throw new CorruptDataFileError(file, new Error(`line ${i + 1}: ${err instanceof Error ? err.message : String(err)}`));
      }
    });
  return { entries, complete };
}

/**
 * Open a file of one JSON entry per line, only ever appended (O_APPEND, then
 * fdatasync), so a write costs the same however long the file is. A last line
 * cut short by a crash (it never got its 2xx) is dropped at start-up; any
 * other bad line stops start-up, naming the file.
 */
export async function openJsonLines<S extends z.ZodType>(file: string, schema: S): Promise<JsonLinesFile<z.infer<S>>> {
  let text = "";
  try {
    text = await readFile(file, "utf8");
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== "ENOENT") throw err;
  }
  const { entries, complete } = parseJsonLines(text, file, schema);
  if (complete < text.length) await truncate(file, Buffer.byteLength(text.slice(0, complete)));

  // Appends (and removals) run one after another, each append taking every line queued meanwhile.
  let queued: { entry: z.infer<S>; text: Buffer }[] = [];
  let writing: Promise<void> = Promise.resolve();
  /** Where the line of each of the latest entries given to `append` starts, oldest first. */
  const placed = new Map<z.infer<S>, { offset: number; text: Buffer }>();
  const flush = async () => {
    const lines = queued;
    queued = [];
    if (!lines.length) return;
    const handle = await open(file, "a", PRIVATE_FILE_MODE);
    try {
      const { size } = await handle.stat();
      try {
        await handle.appendFile(Buffer.concat(lines.map((l) => l.text)));
        await handle.datasync();
      } catch (err) {
        // Part of the lines may be on disk (a full disk): cut back, so that none of them is read at the next start
        // though its append failed, and no later line follows a torn one.
        await handle.truncate(size).catch(() => {});
        throw err;
      }
      let offset = size;
      for (const { entry, text } of lines) {
        placed.set(entry, { offset, text });
        offset += text.length;
      }
      for (const old of placed.keys()) {
        if (placed.size <= RETRACTABLE) break;
        placed.delete(old);
      }
    } finally {
      await handle.close();
    }
  };
  const cut = async (entry: z.infer<S>) => {
    const at = placed.get(entry);
    if (!at) throw new Error(`${file}: the entry to take back is not among the latest appended`);
    const handle = await open(file, "r+");
    try {
      const { size } = await handle.stat();
      const tail = Buffer.alloc(size - at.offset);
      await handle.read(tail, 0, tail.length, at.offset);
      if (!tail.subarray(0, at.text.length).equals(at.text)) throw new Error(`${file}: the line to take back is not where it was written`);
      // Cut first: on a full disk that frees the room the lines after it take again.
      await handle.truncate(at.offset);
      const after = tail.subarray(at.text.length);
      if (after.length) await handle.write(after, 0, after.length, at.offset);
      await handle.datasync();
    } finally {
      await handle.close();
    }
    placed.delete(entry);
    for (const p of placed.values()) if (p.offset > at.offset) p.offset -= at.text.length;
  };

  return {
    entries,
    async append(entry) {
      const parsed = schema.parse(entry) as z.infer<S>;
      queued.push({ entry, text: Buffer.from(`${JSON.stringify(parsed)}\n`) });
      writing = writing.then(flush, flush);
      await writing;
      return parsed;
    },
    async remove(entry) {
      const run = () => cut(entry);
      writing = writing.then(run, run);
      await writing;
    },
  };
}
