import type SharpConstructor from "sharp";

/**
 * How a photo is encoded (PHOTO_ENCODING, decision 0062): "one-thread", libvips on one thread and a photo's files one
 * after the other, so photo work leaves the site a core and libuv's threads for its file writes; "parallel", libvips
 * on every core and every file at once (the behaviour before 0062: faster photos, slower pages meanwhile).
 */
export type PhotoEncoding = "one-thread" | "parallel";

let encoding: PhotoEncoding = "one-thread";
let loaded: Promise<typeof SharpConstructor> | undefined;

/** Set once at start-up from the configuration, before the first photo. */
export function setPhotoEncoding(mode: PhotoEncoding): void {
  encoding = mode;
  void loaded?.then((sharp) => sharp.concurrency(mode === "one-thread" ? 1 : 0));
}

export const photoEncoding = (): PhotoEncoding => encoding;

/**
 * sharp, loaded by the first image that needs it (an upload, a trade-in photo, a share image) rather than at
 * start-up, where loading libvips was the largest part of a restart's time after Express (decision 0014).
 */
export function loadSharp(): Promise<typeof SharpConstructor> {
  loaded ??= import("sharp").then(({ default: sharp }) => {
    // libvips' operation cache (50 MB by default) keeps decoded images in case they are asked for again; an upload
    // never is, so the memory of a burst of photos goes back as they are done.
    sharp.cache(false);
    // 0: one libvips thread per core (sharp's default).
    sharp.concurrency(encoding === "one-thread" ? 1 : 0);
    return sharp;
  });
  return loaded;
}
