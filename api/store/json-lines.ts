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
}

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

  // Appends run one after another, each taking every line queued meanwhile.
  let queued: string[] = [];
  let writing: Promise<void> = Promise.resolve();
  const flush = async () => {
    const lines = queued;
    queued = [];
    if (!lines.length) return;
    const handle = await open(file, "a", PRIVATE_FILE_MODE);
    try {
      await handle.appendFile(lines.join(""));
      await handle.datasync();
    } finally {
      await handle.close();
    }
  };

  return {
    entries,
    async append(entry) {
      const parsed = schema.parse(entry) as z.infer<S>;
      queued.push(`${JSON.stringify(parsed)}\n`);
      writing = writing.then(flush, flush);
      await writing;
      return parsed;
    },
  };
}
