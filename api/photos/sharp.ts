import type SharpConstructor from "sharp";

let loaded: Promise<typeof SharpConstructor> | undefined;

/**
 * sharp, loaded by the first image that needs it (an upload, a trade-in photo, a share image) rather than at
 * start-up, where loading libvips was the largest part of a restart's time after Express (decision 0014).
 */
export function loadSharp(): Promise<typeof SharpConstructor> {
  loaded ??= import("sharp").then(({ default: sharp }) => {
    // libvips' operation cache (50 MB by default) keeps decoded images in case they are asked for again; an upload
    // never is, so the memory of a burst of photos goes back as they are done.
    sharp.cache(false);
    return sharp;
  });
  return loaded;
}
