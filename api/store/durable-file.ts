import { open, readFile, rename, unlink } from "node:fs/promises";
import path from "node:path";
import type { Adapter } from "lowdb";
import { PRIVATE_FILE_MODE } from "./file-modes";

/**
 * Write `text` to `file` so that it survives a power cut once this resolves:
 * a temp file beside it is written and fsynced, renamed over the file, and the
 * folder is fsynced so the rename itself is on disk. A failed write removes
 * its temp file, so it leaves nothing behind.
 */
export async function writeFileDurably(file: string, text: string | Buffer): Promise<void> {
  await writeFileDurablyFrom(file, (write) => write(text));
}

/**
 * The same for a file written in pieces (a large export, a batch at a time):
 * `produce` hands each piece to `write`; the file is in place, fsynced, once
 * this resolves, and a failure anywhere leaves nothing behind.
 */
export async function writeFileDurablyFrom(file: string, produce: (write: (piece: string | Buffer) => Promise<void>) => Promise<void>): Promise<void> {
  const temp = path.join(path.dirname(file), `.${path.basename(file)}.tmp`);
  try {
    const handle = await open(temp, "w", PRIVATE_FILE_MODE);
    try {
      // writeFile writes the whole piece from the current position, so pieces follow each other.
      await produce((piece) => handle.writeFile(piece));
      await handle.sync();
    } finally {
      await handle.close();
    }
    await rename(temp, file);
  } catch (err) {
    await unlink(temp).catch(() => {});
    throw err;
  }
  await syncFolder(path.dirname(file));
}

/** fsync a folder, so the names created or renamed in it are on disk. */
export async function syncFolder(dir: string): Promise<void> {
  let handle;
  try {
    handle = await open(dir, "r");
  } catch (err) {
    // Windows cannot open a folder; its rename is durable with the file's own flush.
    if ((err as NodeJS.ErrnoException).code === "EISDIR" || (err as NodeJS.ErrnoException).code === "EPERM") return;
    throw err;
  }
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}

const ignore = () => {};

/**
 * A lowdb adapter over one JSON file (the same format as lowdb's JSONFile),
 * written with writeFileDurably. Writes never overlap: a write asked for while
 * one is in flight waits for it, and writes asked for meanwhile coalesce into
 * one write of the latest data.
 */
export class DurableJsonFile<T> implements Adapter<T> {
  #inFlight: Promise<void> | null = null;
  #queued: { data: T; promise: Promise<void> } | null = null;

  /** `serialise` makes the file's text; pretty JSON unless a store knows a cheaper way (vehicle-store.ts). */
  constructor(
    readonly file: string,
    private readonly serialise: (data: T) => string | Buffer = (data) => JSON.stringify(data, null, 2),
  ) {}

  async read(): Promise<T | null> {
    let text: string;
    try {
      text = await readFile(this.file, "utf8");
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === "ENOENT") return null;
      throw err;
    }
    return JSON.parse(text) as T;
  }

  write(data: T): Promise<void> {
    if (this.#queued) {
      this.#queued.data = data;
      return this.#queued.promise;
    }
    if (!this.#inFlight) return this.#start(data);
    const queued: { data: T; promise: Promise<void> } = {
      data,
      promise: this.#inFlight.then(ignore, ignore).then((): Promise<void> => {
        this.#queued = null;
        return this.#start(queued.data);
      }),
    };
    this.#queued = queued;
    return queued.promise;
  }

  #start(data: T): Promise<void> {
    const promise = writeFileDurably(this.file, this.serialise(data));
    this.#inFlight = promise;
    const clear = () => {
      if (this.#inFlight === promise) this.#inFlight = null;
    };
    promise.then(clear, clear);
    return promise;
  }
}
