import { randomBytes } from "node:crypto";
import { existsSync } from "node:fs";
import { link, mkdir, open, readdir, readFile, rename, rm } from "node:fs/promises";
import path from "node:path";
import { parsePhoto, photoFiles, photoSrc, type Photo } from "../../domain/photo";
import { BoundedQueue } from "../photos/bounded-queue";
import { processPhoto, sniffImage, type UploadKind } from "../photos/pipeline";
import { syncFolder } from "./durable-file";
import { mkdirPrivate, PRIVATE_DIR_MODE, PRIVATE_FILE_MODE } from "./file-modes";

/** The folder under DATA_DIR: `public/` is served at /photos, `originals/` never is. */
export const PHOTOS_DIR = "photos";
const TEMP_PREFIX = ".tmp-";

/** Photos encoded at once: one leaves the other core to the site (each encode runs several libvips threads anyway). */
export const PHOTO_CONCURRENCY = 1;
/**
 * Uploads admitted at once: the one encoding and those waiting or still
 * arriving, each held in memory (up to MAX_PHOTO_BYTES, 25 MB). Four keep a
 * burst from a few staff at once and bound the memory (docs/benchmarks.md).
 */
export const PHOTO_QUEUE_LIMIT = 4;
const photosBusy = (seconds: number) =>
  `The server is busy encoding other photos: nothing was stored. Try this one again in ${seconds} second${seconds === 1 ? "" : "s"}.`;

export interface StoredPhoto {
  /** The image entry for the vehicle's `images`. */
  src: string;
  photo: Photo;
  /** Files this call added (none when the same photo was stored before): what `discard` takes back out. */
  added: string[];
}

/**
 * The photos' files under DATA_DIR/photos. A photo's files are encoded in a
 * temporary folder, each fsynced, then moved into place one rename each, the
 * share JPEG (the one the image entry names) last; so a crash leaves either a
 * temporary folder (removed at the next start) or every file. Uploads go
 * through a bounded queue: one photo is encoded at a time, so uploads cannot
 * take both cores from the site, and at most PHOTO_QUEUE_LIMIT uploads are
 * held in memory at once; past that, 503 with Retry-After.
 */
export class PhotoStore {
  readonly publicDir: string;
  readonly originalsDir: string;
  private readonly queue = new BoundedQueue(PHOTO_CONCURRENCY, PHOTO_QUEUE_LIMIT, photosBusy);

  constructor(readonly dir: string) {
    this.publicDir = path.join(dir, "public");
    this.originalsDir = path.join(dir, "originals");
  }

  /** Whether every file of an image entry's photo is in place (true for an entry that is not a photo). */
  complete(src: string): boolean {
    const photo = parsePhoto(src);
    if (!photo) return true;
    return photoFiles(photo).every((f) => existsSync(path.join(this.publicDir, f))) && this.originalOf(photo.hash) !== undefined;
  }

  /**
   * Take a place in the queue, read the upload with `read` (its bytes are
   * held only once admitted), then check, encode and store it in its turn.
   * Throws QueueFullError (503) when the queue is full, before `read` is
   * called; HttpError (415, 400) for a refused photo, having stored nothing.
   */
  add(read: () => Promise<Buffer>): Promise<StoredPhoto> {
    return this.queue.run(read, (original) => this.store(original));
  }

  /** Take back the files an `add` put in place (its vehicle could not be saved). */
  async discard(stored: StoredPhoto): Promise<void> {
    for (const name of stored.added) await rm(this.resolve(name), { force: true });
  }

  /** Encode a stored photo's files again from its original (`npm run photos -- regenerate`). */
  async regenerate(src: string): Promise<StoredPhoto> {
    const photo = parsePhoto(src);
    const original = photo && this.originalOf(photo.hash);
    if (!original) throw new Error(`No original kept for ${src}`);
    return this.store(await readFile(path.join(this.originalsDir, original)), { replace: true });
  }

  /**
   * At start-up: remove temporary folders left by an interrupted upload, and
   * the files of photos no vehicle names any more (`referenced`: image entries).
   */
  async sweep(referenced: Iterable<string>): Promise<{ removed: string[] }> {
    const keep = new Set<string>();
    for (const src of referenced) {
      const photo = parsePhoto(src);
      if (photo) keep.add(photo.hash);
    }
    const removed: string[] = [];
    for (const [folder, prefix] of [
      [this.dir, ""],
      [this.publicDir, "public/"],
      [this.originalsDir, "originals/"],
    ] as const) {
      let names: string[];
      try {
        names = await readdir(folder);
      } catch {
        continue;
      }
      for (const name of names) {
        const stale = name.startsWith(TEMP_PREFIX) || (folder !== this.dir && !keep.has(name.slice(0, 20)));
        if (!stale) continue;
        await rm(path.join(folder, name), { recursive: true, force: true });
        removed.push(prefix + name);
      }
    }
    return { removed };
  }

  private originalOf(hash: string): string | undefined {
    return (["jpeg", "png", "webp"] as UploadKind[]).map((k) => `${hash}.${k}`).find((f) => existsSync(path.join(this.originalsDir, f)));
  }

  /** "public/x.avif" or "originals/x.jpeg" → its path. */
  private resolve(name: string): string {
    return path.join(this.dir, name);
  }

  private async store(original: Buffer, { replace = false } = {}): Promise<StoredPhoto> {
    const processed = await processPhoto(original);
    const { photo } = processed;
    await mkdirPrivate(this.publicDir);
    await mkdirPrivate(this.originalsDir);
    const temp = path.join(this.dir, `${TEMP_PREFIX}${randomBytes(6).toString("hex")}`);
    await mkdir(temp, { mode: PRIVATE_DIR_MODE });
    const added: string[] = [];
    try {
      const files: [string, Buffer][] = [[`originals/${photo.hash}.${sniffImage(original)}`, original]];
      // The share JPEG last: the image entry names it, so it is in place only once every other file is.
      for (const [name, bytes] of [...processed.files].sort(([a], [b]) => Number(a.endsWith(".jpg")) - Number(b.endsWith(".jpg"))))
        files.push([`public/${name}`, bytes]);
      for (const [name, bytes] of files) {
        const target = this.resolve(name);
        if (!replace && existsSync(target)) continue;
        const tempFile = path.join(temp, path.basename(name));
        const handle = await open(tempFile, "wx", PRIVATE_FILE_MODE);
        try {
          await handle.writeFile(bytes);
          await handle.sync();
        } finally {
          await handle.close();
        }
        if (replace) await rename(tempFile, target);
        else {
          // link() fails if the name exists: a concurrent writer of the same photo is never overwritten half-way.
          try {
            await link(tempFile, target);
            added.push(name);
          } catch (err) {
            if ((err as NodeJS.ErrnoException).code !== "EEXIST") throw err;
          }
        }
      }
      await syncFolder(this.publicDir);
      await syncFolder(this.originalsDir);
    } catch (err) {
      for (const name of added) await rm(this.resolve(name), { force: true });
      throw err;
    } finally {
      await rm(temp, { recursive: true, force: true });
    }
    return { src: photoSrc(photo), photo, added };
  }
}

/** The photo store under a data folder. */
export const openPhotoStore = (dataDir: string): PhotoStore => new PhotoStore(path.join(dataDir, PHOTOS_DIR));
