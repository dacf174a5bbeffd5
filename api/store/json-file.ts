import { readFile } from "node:fs/promises";
import path from "node:path";
import { Low } from "lowdb";
import { DurableJsonFile } from "./durable-file";
import { mkdirPrivate } from "./file-modes";

export class CorruptDataFileError extends Error {
  override name = "CorruptDataFileError";
  constructor(
    readonly file: string,
    cause: unknown,
  ) {
    super(`Data file ${file} is corrupt and was left untouched: ${cause instanceof Error ? cause.message : String(cause)}. Fix or move it, then start again.`, {
      cause,
    });
  }
}

/** A data file the folder must hold is not there, though the folder is not a new one: the server does not start. */
export class MissingDataFileError extends Error {
  override name = "MissingDataFileError";
  constructor(
    readonly file: string,
    why: string,
  ) {
    super(
      `Data file ${file} is missing: ${why}. Restore it from a backup (docs/operations/data-and-backups.md), or start on an empty data folder to begin afresh.`,
    );
  }
}

/**
 * A JSON data file's content, checked by `parse` when given; undefined when the file does not exist. A file that does
 * not parse, or that `parse` refuses, throws CorruptDataFileError naming it.
 */
export async function readJsonFile<T = unknown>(file: string, parse?: (data: unknown) => T): Promise<T | undefined> {
  let text: string;
  try {
    text = await readFile(file, "utf8");
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === "ENOENT") return undefined;
    throw err;
  }
  try {
    const data = JSON.parse(text) as unknown;
    return parse ? parse(data) : (data as T);
  } catch (err) {
    throw new CorruptDataFileError(file, err);
  }
}

/**
 * Open a lowdb file (atomic and durable writes: temp file, fsync, rename, fsync of the folder),
 * creating it from `seed()` when missing. A file that exists but does not
 * parse is never overwritten: opening it throws CorruptDataFileError.
 *
 * lowdb's presets swap in a memory adapter when NODE_ENV is "test"; we build
 * Low on our own file adapter so tests always exercise the real file.
 */
export async function openJsonFile<T>(file: string, seed: () => T, validate?: (data: unknown) => T, serialise?: (data: T) => string | Buffer): Promise<Low<T>> {
  let exists = true;
  try {
    const text = await readFile(file, "utf8");
    const data = JSON.parse(text) as unknown;
    if (validate) validate(data);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === "ENOENT") exists = false;
    else throw new CorruptDataFileError(file, err);
  }
  const db = new Low<T>(new DurableJsonFile<T>(file, serialise), seed());
  if (exists) {
    await db.read();
    if (validate) db.data = validate(db.data);
  } else {
    await mkdirPrivate(path.dirname(file));
    await db.write();
  }
  return db;
}
