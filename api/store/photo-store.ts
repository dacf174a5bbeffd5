import { randomBytes } from "node:crypto";
import { existsSync } from "node:fs";
import { link, mkdir, open, readdir, readFile, rename, rm } from "node:fs/promises";
import path from "node:path";
import { parsePhoto, photoFiles, photoSrc, type Photo } from "../../domain/photo";
import { BoundedQueue } from "../photos/bounded-queue";
import { processPhoto, sniffImage, type PhotoOriginals, type UploadKind } from "../photos/pipeline";
import { syncFolder } from "./durable-file";
import { mkdirPrivate, PRIVATE_DIR_MODE, PRIVATE_FILE_MODE } from "./file-modes";

/** The folder under DATA_DIR: `public/` is served at /photos, `originals/` never is. */
export const PHOTOS_DIR = "photos";
const TEMP_PREFIX = ".tmp-";
/** A photo file's sub-folder (decision 0065): the first two hex characters of its photo's hash, 256 folders in all. */
const SHARD = /^[0-9a-f]{2}$/;
export const shardOf = (name: string): string => name.slice(0, 2);

/** Photos encoded at once: one leaves the other core to the site (each encode runs several libvips threads anyway). */
export const PHOTO_CONCURRENCY = 1;
/**
 * Uploads admitted at once: the one encoding and those waiting or still
 * arriving, each held in memory (up to MAX_PHOTO_BYTES, 25 MB). Four keep a
 * burst from a few staff at once and bound the memory (docs/benchmarks.md §5c).
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
 * The photos' files under DATA_DIR/photos (or PHOTOS_DIR). A photo's files are encoded in a
 * temporary folder, each fsynced, then moved into place one rename each, the
 * share JPEG (the one the image entry names) last; so a crash leaves either a
 * temporary folder (removed at the next start) or every file. Uploads go
 * through a bounded queue: one photo is encoded at a time, so uploads cannot
 * take both cores from the site, and at most PHOTO_QUEUE_LIMIT uploads are
 * held in memory at once; past that, 503 with Retry-After.
 *
 * Files are written in sub-folders by the first two characters of their hash (`public/3f/3f…-480.avif`,
 * `originals/3f/3f….jpeg`: decision 0065), so no folder holds hundreds of thousands of files; a file in the flat
 * layout of earlier releases (`public/3f…-480.avif`) is still found, served, swept and backed up where it is.
 */
export class PhotoStore {
  readonly publicDir: string;
  readonly originalsDir: string;
  /** PHOTO_ORIGINALS: what is kept of an upload's original (api/photos/pipeline.ts). */
  readonly originals: PhotoOriginals;
  private readonly queue = new BoundedQueue(PHOTO_CONCURRENCY, PHOTO_QUEUE_LIMIT, photosBusy);

  constructor(
    readonly dir: string,
    { originals = "keep" }: { originals?: PhotoOriginals } = {},
  ) {
    this.publicDir = path.join(dir, "public");
    this.originalsDir = path.join(dir, "originals");
    this.originals = originals;
  }

  /**
   * Where a served file is, as a path under publicDir ("/3f/3f…-480.avif", or "/3f…-480.avif" in the flat layout):
   * what /photos/NAME is answered from. Undefined when it is in neither place.
   */
  servedPath(name: string): string | undefined {
    if (name.includes("/") || name.includes("\\") || name.startsWith(".")) return undefined;
    const sharded = `/${shardOf(name)}/${name}`;
    if (existsSync(path.join(this.publicDir, sharded))) return sharded;
    return existsSync(path.join(this.publicDir, name)) ? `/${name}` : undefined;
  }

  /** Whether every file of an image entry's photo is in place (true for an entry that is not a photo). */
  complete(src: string): boolean {
    const photo = parsePhoto(src);
    if (!photo) return true;
    // Its original too, unless originals are not kept (PHOTO_ORIGINALS=drop).
    return photoFiles(photo).every((f) => this.servedPath(f) !== undefined) && (this.originals === "drop" || this.originalOf(photo.hash) !== undefined);
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
    // The kept original as it is (already re-encoded once, or kept as sent): its files keep their names.
    return this.store(await readFile(path.join(this.originalsDir, original)), { replace: true, originals: "keep" });
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
    const sweepFolder = async (folder: string, prefix: string, top: boolean) => {
      let names: string[];
      try {
        names = await readdir(folder);
      } catch {
        return;
      }
      for (const name of names) {
        // A sub-folder of the sharded layout: its files are judged one by one.
        if (!top && prefix.split("/").length === 2 && SHARD.test(name)) {
          await sweepFolder(path.join(folder, name), `${prefix}${name}/`, false);
          continue;
        }
        const stale = name.startsWith(TEMP_PREFIX) || (!top && !keep.has(name.slice(0, 20)));
        if (!stale) continue;
        await rm(path.join(folder, name), { recursive: true, force: true });
        removed.push(prefix + name);
      }
    };
    await sweepFolder(this.dir, "", true);
    await sweepFolder(this.publicDir, "public/", false);
    await sweepFolder(this.originalsDir, "originals/", false);
    return { removed };
  }

  /** The kept original's path under originalsDir (sharded, or flat as earlier releases wrote it), or undefined. */
  private originalOf(hash: string): string | undefined {
    return (["jpeg", "png", "webp"] as UploadKind[])
      .flatMap((k) => [path.join(shardOf(hash), `${hash}.${k}`), `${hash}.${k}`])
      .find((f) => existsSync(path.join(this.originalsDir, f)));
  }

  /** "public/x.avif" or "originals/x.jpeg" → its path. */
  private resolve(name: string): string {
    return path.join(this.dir, name);
  }

  private async store(upload: Buffer, { replace = false, originals = this.originals } = {}): Promise<StoredPhoto> {
    const processed = await processPhoto(upload, { originals });
    const { photo, original } = processed;
    const shard = shardOf(photo.hash);
    await mkdirPrivate(this.publicDir);
    await mkdirPrivate(this.originalsDir);
    await mkdirPrivate(path.join(this.publicDir, shard));
    if (original) await mkdirPrivate(path.join(this.originalsDir, shard));
    const temp = path.join(this.dir, `${TEMP_PREFIX}${randomBytes(6).toString("hex")}`);
    await mkdir(temp, { mode: PRIVATE_DIR_MODE });
    const added: string[] = [];
    try {
      const files: [string, Buffer][] = original ? [[`originals/${shard}/${photo.hash}.${sniffImage(original)}`, original]] : [];
      // The share JPEG last: the image entry names it, so it is in place only once every other file is.
      for (const [name, bytes] of [...processed.files].sort(([a], [b]) => Number(a.endsWith(".jpg")) - Number(b.endsWith(".jpg"))))
        files.push([`public/${shard}/${name}`, bytes]);
      for (const [name, bytes] of files) {
        const target = this.resolve(name);
        // Stored before, in this layout or the flat one: left as it is.
        if (!replace && (existsSync(target) || existsSync(this.resolve(name.replace(`/${shard}/`, "/"))))) continue;
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
      await syncFolder(path.join(this.publicDir, shard));
      if (original) await syncFolder(path.join(this.originalsDir, shard));
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

/** The photo store under a data folder (the default PHOTOS_DIR). */
export const openPhotoStore = (dataDir: string, options?: { originals?: PhotoOriginals }): PhotoStore =>
  new PhotoStore(path.join(dataDir, PHOTOS_DIR), options);
