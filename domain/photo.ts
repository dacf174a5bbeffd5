/**
 * Photos uploaded by staff, and the files the site serves for each (docs/decisions/0012).
 *
 * A photo is kept in a vehicle's `images` as the path of its share JPEG,
 * `/photos/{hash}-{width}x{height}.jpg`: {hash} is the content hash of the
 * original (with the pipeline's version), {width}x{height} the size of the
 * original once turned upright. Everything else (which widths exist, in which
 * formats, their heights) follows from that path by the rules below, so the
 * API, the widgets and the site agree without a second list.
 */

/** Widths encoded at upload, in AVIF and WebP (never wider than the original). */
export const PHOTO_WIDTHS = [480, 640, 960, 1600] as const;
/** Width of the JPEG that social networks and old consumers get (og:image). */
export const SHARE_WIDTH = 1200;
/** Formats of the responsive set, best first: a browser takes the first it supports. */
export const PHOTO_FORMATS = ["avif", "webp"] as const;
export type PhotoFormat = (typeof PHOTO_FORMATS)[number];
/** Where the photos are served. */
export const PHOTOS_PATH = "/photos/";
/** Largest upload accepted (bytes) and largest image (pixels, width × height). */
export const MAX_PHOTO_BYTES = 25 * 1024 * 1024;
export const MAX_PHOTO_PIXELS = 50_000_000;

const PHOTO_SRC = /^\/photos\/([0-9a-f]{20})-([1-9]\d{0,4})x([1-9]\d{0,4})\.jpg$/;

export interface Photo {
  /** `{hash}-{width}x{height}`: the stem of every file of the photo. */
  key: string;
  hash: string;
  /** The upright original's size. */
  width: number;
  height: number;
}

/** The photo an image entry names, or undefined for a drawing or a link. */
export function parsePhoto(src: string): Photo | undefined {
  const m = PHOTO_SRC.exec(src);
  if (!m) return undefined;
  const [, hash, w, h] = m;
  return { key: `${hash}-${w}x${h}`, hash: hash!, width: Number(w), height: Number(h) };
}

export const isPhoto = (src: string): boolean => parsePhoto(src) !== undefined;

/** The image entry (share JPEG path) of a photo. */
export const photoSrc = (p: Pick<Photo, "hash" | "width" | "height">): string => `${PHOTOS_PATH}${p.hash}-${p.width}x${p.height}.jpg`;

/** The widths a photo is served at: the standard ones, capped at its own width. */
export const photoWidths = (p: Pick<Photo, "width">): number[] => [...new Set(PHOTO_WIDTHS.map((w) => Math.min(w, p.width)))];

/** The height of a photo scaled to `width`. */
export const heightAt = (p: Pick<Photo, "width" | "height">, width: number): number => Math.max(1, Math.round((width * p.height) / p.width));

/** The file name (under PHOTOS_PATH) of one variant. */
export const variantName = (p: Pick<Photo, "key">, width: number, format: PhotoFormat): string => `${p.key}-${width}.${format}`;
/** The share JPEG's file name and width. */
export const shareName = (p: Pick<Photo, "key">): string => `${p.key}.jpg`;
export const shareWidth = (p: Pick<Photo, "width">): number => Math.min(SHARE_WIDTH, p.width);

/** Every file the site serves for a photo. */
export function photoFiles(p: Photo): string[] {
  return [...PHOTO_FORMATS.flatMap((f) => photoWidths(p).map((w) => variantName(p, w, f))), shareName(p)];
}

/** Where an image appears, which sets how wide it is drawn (the `sizes` attribute). */
export type PictureSlot = "card" | "detail" | "thumb";

/**
 * Each slot's box as the stylesheets draw it (16:10 everywhere): its width
 * per viewport, widest first, and whether the image covers the box (cards,
 * thumbnails) or fits inside it (the vehicle page's main image, so a
 * portrait photo is drawn narrower than its box). Cards fill a column of the
 * grid (one on phones, two from 640 px, three from 1024 px in a 1200 px
 * page); the main image takes the page's width on phones and about half of
 * it from 760 px; thumbnails are 96 px.
 */
const SLOTS: Record<PictureSlot, { fit: "cover" | "contain"; widths: [media: string, width: number, unit: "px" | "vw"][] }> = {
  card: {
    fit: "cover",
    widths: [
      ["(min-width: 1024px)", 380, "px"],
      ["(min-width: 640px)", 50, "vw"],
      ["", 100, "vw"],
    ],
  },
  detail: {
    fit: "contain",
    widths: [
      ["(min-width: 1240px)", 640, "px"],
      ["(min-width: 760px)", 55, "vw"],
      ["", 100, "vw"],
    ],
  },
  thumb: { fit: "cover", widths: [["", 96, "px"]] },
};
const BOX_RATIO = 16 / 10;

/** The `sizes` of an image in a slot: the box's width, or less for a photo fitted inside a box wider than it. */
export function pictureSizes(slot: PictureSlot, photo?: Pick<Photo, "width" | "height">): string {
  const { fit, widths } = SLOTS[slot];
  const scale = fit === "contain" && photo ? Math.min(1, photo.width / photo.height / BOX_RATIO) : 1;
  return widths.map(([media, w, unit]) => `${media ? `${media} ` : ""}${Math.ceil(w * scale)}${unit}`).join(", ");
}

export interface PictureSource {
  type: string;
  srcSet: string;
}

/** What a `<picture>` of a photo needs: one source per format, the fallback `<img>` and its intrinsic size. */
export interface PictureSet {
  sources: PictureSource[];
  src: string;
  width: number;
  height: number;
  sizes: string;
}

/**
 * The `<picture>` of an image entry: for a photo, AVIF and WebP sources at
 * every width with the share JPEG as fallback; for anything else (a drawing),
 * the file alone with the given fallback size. `url` turns a served path into
 * the URL to use (the dealer's origin on a partner page).
 */
export function pictureSet(src: string, slot: PictureSlot, fallback: { width: number; height: number }, url: (path: string) => string = (p) => p): PictureSet {
  const photo = parsePhoto(src);
  if (!photo) return { sources: [], src: url(src), ...fallback, sizes: pictureSizes(slot) };
  const widths = photoWidths(photo);
  const largest = widths[widths.length - 1]!;
  return {
    sources: PHOTO_FORMATS.map((f) => ({
      type: `image/${f}`,
      srcSet: widths.map((w) => `${url(PHOTOS_PATH + variantName(photo, w, f))} ${w}w`).join(", "),
    })),
    src: url(PHOTOS_PATH + shareName(photo)),
    width: largest,
    height: heightAt(photo, largest),
    sizes: pictureSizes(slot, photo),
  };
}

/**
 * The images a vehicle shows: its photos when it has any (in their order, the
 * first the main one), otherwise its other images (the drawn illustrations).
 */
export function shownImages(images: readonly string[]): readonly string[] {
  const photos = images.filter(isPhoto);
  return photos.length ? photos : images;
}

/** A vehicle's images with a new photo added after its other photos (so the first photo stays the main image). */
export function withPhotoAdded(images: readonly string[], src: string): string[] {
  if (images.includes(src)) return [...images];
  const last = images.findLastIndex(isPhoto);
  return [...images.slice(0, last + 1), src, ...images.slice(last + 1)];
}
