import { createHash } from "node:crypto";
import type { Metadata, OutputInfo, Sharp } from "sharp";
import { heightAt, MAX_PHOTO_PIXELS, PHOTO_FORMATS, photoWidths, shareName, shareWidth, variantName, type Photo, type PhotoFormat } from "../../domain/photo";
import { HttpError } from "../http-error";
import { loadSharp, photoEncoding } from "./sharp";

/**
 * Bump when an encoding setting below changes: the hash in every name
 * changes with it, so `npm run photos -- regenerate` writes new names and no
 * browser keeps an old file under a name cached as immutable.
 */
export const PIPELINE_VERSION = "1";

/** The formats accepted, recognised by their first bytes (never by name or declared type). */
export type UploadKind = "jpeg" | "png" | "webp";

export function sniffImage(bytes: Uint8Array): UploadKind | undefined {
  const at = (offset: number, ...values: number[]) => values.every((v, i) => bytes[offset + i] === v);
  if (at(0, 0xff, 0xd8, 0xff)) return "jpeg";
  if (at(0, 0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a)) return "png";
  if (at(0, 0x52, 0x49, 0x46, 0x46) && at(8, 0x57, 0x45, 0x42, 0x50)) return "webp";
  return undefined;
}

export const UNSUPPORTED_TYPE = "This file is not a photo we can use: upload a JPEG, PNG or WebP image.";
export const UNDECODABLE = "This image could not be read: the file may be damaged or cut short. Try exporting it again.";
export const tooManyPixels = (w: number, h: number) =>
  `This image is ${Math.round((w * h) / 1e6)} megapixels; the most we accept is ${MAX_PHOTO_PIXELS / 1e6}. Resize it and try again.`;

export const POLYGLOT =
  "This file is an image with something else hidden in it (a web page, a script, an archive or a PDF), so it was refused. Take or export the photo again and send that.";

/**
 * Markup a browser would run, and the signatures of the formats readers find anywhere in a file: a "photo" holding one
 * is a polyglot, made to be something else when opened another way. Case-insensitive; each pattern is long enough that
 * compressed image data holds it by chance about once in thousands of 10 MB photos (docs/decisions/0048).
 */
const MARKUP = /<(?:script|html|svg|iframe|object|embed|body|meta)[\s>/]|<\?php|<!doctype\s+html|javascript:/i;
/** A ZIP (also JAR, DOCX, APK) is read from its end: its end-of-central-directory record is in the last 64 kB. */
const ZIP_END = Buffer.from([0x50, 0x4b, 0x05, 0x06]);
const ZIP_END_WINDOW = 65_557;
/** PDF readers take a file whose "%PDF-" is within its first 1,024 bytes. */
const PDF = Buffer.from("%PDF-");

/** Why an upload whose first bytes say JPEG, PNG or WebP is also another kind of file; undefined when it is only an image. */
export function polyglotProblem(bytes: Buffer): string | undefined {
  if (MARKUP.test(bytes.toString("latin1"))) return POLYGLOT;
  if (bytes.subarray(Math.max(0, bytes.length - ZIP_END_WINDOW)).includes(ZIP_END)) return POLYGLOT;
  if (bytes.subarray(0, 1024).includes(PDF)) return POLYGLOT;
  return undefined;
}

/** Encoding settings, chosen for photos of carts on a lot (docs/decisions/0012). */
const ENCODE: Record<PhotoFormat, (s: Sharp) => Sharp> = {
  avif: (s) => s.avif({ quality: 50, effort: 1 }),
  webp: (s) => s.webp({ quality: 72, effort: 3 }),
};

/**
 * What is kept of an upload's original (PHOTO_ORIGINALS, decision 0065): "keep" the bytes as sent; "reencode" one
 * over ORIGINAL_REENCODE_BYTES once as a high-quality JPEG (a WebP when it has transparency), upright and without
 * metadata, at its full size, when that is smaller; "drop" none (the photo's files cannot be made again from it).
 */
export type PhotoOriginals = "keep" | "reencode" | "drop";
/** An original up to this size is kept as it was sent, whatever the setting but "drop". */
export const ORIGINAL_REENCODE_BYTES = 1_000_000;
/** The re-encoded original's quality: well above what the site serves (80 for the JPEG), for files made again from it. */
export const ORIGINAL_QUALITY = 88;

export interface ProcessedPhoto {
  photo: Photo;
  kind: UploadKind;
  /** File name (as served under /photos/) → bytes; no metadata in any of them. */
  files: Map<string, Buffer>;
  /** The original to keep (the upload, or its re-encoding), or null when none is kept. */
  original: Buffer | null;
}

/**
 * Check and encode one upload: 415 for anything but JPEG, PNG or WebP and for a polyglot; 400
 * for more than MAX_PHOTO_PIXELS or an image that does not decode. The
 * result is upright (EXIF orientation applied) and carries no metadata.
 */
export async function processPhoto(original: Buffer, { originals = "keep" }: { originals?: PhotoOriginals } = {}): Promise<ProcessedPhoto> {
  const kind = sniffImage(original);
  if (!kind) throw new HttpError(415, UNSUPPORTED_TYPE);
  const polyglot = polyglotProblem(original);
  if (polyglot) throw new HttpError(415, polyglot);
  const sharp = await loadSharp();
  // The header alone gives the size, so a decompression bomb is refused before anything is decoded.
  const open = () => sharp(original, { limitInputPixels: MAX_PHOTO_PIXELS, failOn: "warning", sequentialRead: true });
  let meta: Metadata;
  try {
    meta = await sharp(original, { limitInputPixels: false }).metadata();
  } catch {
    throw new HttpError(400, UNDECODABLE);
  }
  if (!meta.width || !meta.height) throw new HttpError(400, UNDECODABLE);
  if (meta.width * meta.height > MAX_PHOTO_PIXELS) throw new HttpError(400, tooManyPixels(meta.width, meta.height));
  const { width, height } = meta.autoOrient ?? meta;

  // The kept original names the photo, so that its files made again from it (npm run photos -- regenerate) keep their
  // names, and the same upload sent twice (a re-encoding is the same bytes each time) is found stored.
  let kept: Buffer | null = originals === "drop" ? null : original;
  if (originals === "reencode" && original.length > ORIGINAL_REENCODE_BYTES) {
    try {
      const upright = open().autoOrient();
      const smaller = await (meta.hasAlpha ? upright.webp({ quality: ORIGINAL_QUALITY }) : upright.jpeg({ quality: ORIGINAL_QUALITY })).toBuffer();
      if (smaller.length < original.length) kept = smaller;
    } catch {
      throw new HttpError(400, UNDECODABLE);
    }
  }
  const hash = createHash("sha256")
    .update(`photo-pipeline-${PIPELINE_VERSION}\0`)
    .update(kept ?? original)
    .digest("hex")
    .slice(0, 20);
  const photo: Photo = { key: `${hash}-${width}x${height}`, hash, width, height };
  const widths = photoWidths(photo);
  const largest = widths[widths.length - 1]!;

  // Decode once, upright, at the largest width served; every file is made from that.
  let base: { data: Buffer; info: OutputInfo };
  try {
    base = await open()
      .autoOrient()
      .resize({ width: largest, height: heightAt(photo, largest), fit: "fill" })
      .toColourspace("srgb")
      .raw()
      .toBuffer({ resolveWithObject: true });
  } catch {
    throw new HttpError(400, UNDECODABLE);
  }
  const { data, info } = base;
  const from = () => sharp(data, { raw: { width: info.width, height: info.height, channels: info.channels } });
  const jobs: (() => Promise<[string, Buffer]>)[] = [];
  for (const format of PHOTO_FORMATS) {
    for (const w of widths) {
      jobs.push(() => {
        const resized = w === largest ? from() : from().resize({ width: w, height: heightAt(photo, w), fit: "fill" });
        return ENCODE[format](resized)
          .toBuffer()
          .then((b: Buffer) => [variantName(photo, w, format), b]);
      });
    }
  }
  const sw = shareWidth(photo);
  jobs.push(() =>
    from()
      .resize({ width: sw, height: heightAt(photo, sw), fit: "fill" })
      .flatten({ background: "#ffffff" })
      .jpeg({ quality: 80, mozjpeg: true })
      .toBuffer()
      .then((b: Buffer) => [shareName(photo), b]),
  );
  // One file at a time (decision 0062): each holds one libuv thread, so the others stay free for the site's file
  // writes. "parallel" is the earlier behaviour, every file at once, kept for the bench's before/after.
  if (photoEncoding() === "parallel") return { photo, kind, files: new Map(await Promise.all(jobs.map((j) => j()))), original: kept };
  const files = new Map<string, Buffer>();
  for (const job of jobs) {
    const [name, bytes] = await job();
    files.set(name, bytes);
  }
  return { photo, kind, files, original: kept };
}
