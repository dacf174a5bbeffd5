import { randomBytes } from "node:crypto";
import { createReadStream } from "node:fs";
import { rm, stat } from "node:fs/promises";
import path from "node:path";
import { MAX_PHOTO_PIXELS } from "../../domain/photo";
import type { TradeInPhoto } from "../../domain/trade-in";
import { HttpError } from "../http-error";
import { loadSharp } from "../photos/sharp";
import { polyglotProblem, sniffImage, tooManyPixels, UNDECODABLE, UNSUPPORTED_TYPE, type UploadKind } from "../photos/pipeline";
import { writeFileDurably } from "../store/durable-file";
import { mkdirPrivate } from "../store/file-modes";

/** The private folder under DATA_DIR/photos: never served as a file; only GET /api/staff/leads/:id/trade-in-photos/:n reads it. */
export const TRADE_IN_PHOTOS_DIR = "trade-ins";
/** The stored photo's longest side: enough for staff to judge a cart's wear, a fraction of a phone's 12 MP. */
export const TRADE_IN_PHOTO_SIDE = 1600;

/** A checked and re-encoded trade-in photo: an upright sRGB JPEG with no metadata at all (no EXIF, GPS, XMP or IPTC). */
export interface CleanPhoto {
  jpeg: Buffer;
  width: number;
  height: number;
  kind: UploadKind;
}

/**
 * The staff photos' checks (api/photos/pipeline.ts), for a visitor's upload: the type from the first bytes (415
 * otherwise), no polyglot (415), the size from the header before anything is decoded (400 past 50 MP), a full decode
 * that fails on a warning (400 for a damaged file). Then one JPEG at most TRADE_IN_PHOTO_SIDE on its longest side,
 * upright; sharp writes no metadata unless asked, and it is never asked.
 */
export async function cleanTradeInPhoto(bytes: Buffer): Promise<CleanPhoto> {
  const kind = sniffImage(bytes);
  if (!kind) throw new HttpError(415, UNSUPPORTED_TYPE);
  const polyglot = polyglotProblem(bytes);
  if (polyglot) throw new HttpError(415, polyglot);
  const sharp = await loadSharp();
  let width: number | undefined;
  let height: number | undefined;
  try {
    const meta = await sharp(bytes, { limitInputPixels: false }).metadata();
    ({ width, height } = meta);
  } catch {
    throw new HttpError(400, UNDECODABLE);
  }
  if (!width || !height) throw new HttpError(400, UNDECODABLE);
  if (width * height > MAX_PHOTO_PIXELS) throw new HttpError(400, tooManyPixels(width, height));
  try {
    const { data, info } = await sharp(bytes, { limitInputPixels: MAX_PHOTO_PIXELS, failOn: "warning", sequentialRead: true })
      .autoOrient()
      .resize({ width: TRADE_IN_PHOTO_SIDE, height: TRADE_IN_PHOTO_SIDE, fit: "inside", withoutEnlargement: true })
      .toColourspace("srgb")
      .flatten({ background: "#ffffff" })
      .jpeg({ quality: 82, mozjpeg: true })
      .toBuffer({ resolveWithObject: true });
    return { jpeg: data, width: info.width, height: info.height, kind };
  } catch {
    throw new HttpError(400, UNDECODABLE);
  }
}

/** The trade-in photos' files: `{key}.jpg` in a private folder (mode 0600 in a 0700 folder), each written durably. */
export class TradeInPhotoFiles {
  constructor(readonly dir: string) {}

  /** Store a cleaned photo under a new random key (never from the upload, so two leads never share a file). */
  async save(photo: CleanPhoto): Promise<TradeInPhoto> {
    await mkdirPrivate(this.dir);
    const key = randomBytes(12).toString("hex");
    await writeFileDurably(this.file(key), photo.jpeg);
    return { key, width: photo.width, height: photo.height };
  }

  /** Take back the files of a lead that was not stored. */
  async discard(photos: readonly TradeInPhoto[]): Promise<void> {
    for (const p of photos) await rm(this.file(p.key), { force: true });
  }

  /** The photo's bytes as a stream and its length; undefined when the file is gone. */
  async open(photo: TradeInPhoto): Promise<{ size: number; stream: () => NodeJS.ReadableStream } | undefined> {
    const file = this.file(photo.key);
    try {
      const { size } = await stat(file);
      return { size, stream: () => createReadStream(file) };
    } catch {
      return undefined;
    }
  }

  private file(key: string): string {
    if (!/^[a-f0-9]{24}$/.test(key)) throw new Error(`Not a trade-in photo key: ${key}`);
    return path.join(this.dir, `${key}.jpg`);
  }
}
