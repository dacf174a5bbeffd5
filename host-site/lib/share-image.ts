import { heightAt, parsePhoto, shareWidth } from "../../domain/photo";
import { DEFAULT_SHARE_IMAGE } from "./seo";

/** Where a drawing's PNG is served: `/share/images/vehicles/x.png` for `/images/vehicles/x.svg` (host-site/server/share-image.ts). */
export const SHARE_PNG_PREFIX = "/share";
/** The size link previews draw best (Facebook's and X's large card, 1.91:1). */
export const SHARE_PNG_SIZE = { width: 1200, height: 630 } as const;

/** A share image as og:image and its width, height and type tags need it. */
export interface ShareImage {
  path: string;
  width: number;
  height: number;
  type: "image/png" | "image/jpeg";
}

/** The share image every page uses unless it names its own (og-default.png's size). */
export const DEFAULT_SHARE: ShareImage = { path: DEFAULT_SHARE_IMAGE, width: 1200, height: 630, type: "image/png" };

/** A drawing this site serves from its public images, which the share route can turn into a PNG. */
const LOCAL_DRAWING = /^\/images\/[a-z0-9/_-]+\.svg$/i;

/**
 * The raster image a link preview gets for `src`: a photo's share JPEG as it is,
 * a drawing of ours as a PNG, and `fallback` for anything else (an SVG or an
 * image of unknown size elsewhere), since Facebook and X show no SVG.
 */
export function shareImage(src: string, fallback: ShareImage = DEFAULT_SHARE): ShareImage {
  const photo = parsePhoto(src);
  if (photo) {
    const width = shareWidth(photo);
    return { path: src, width, height: heightAt(photo, width), type: "image/jpeg" };
  }
  if (LOCAL_DRAWING.test(src)) return { path: `${SHARE_PNG_PREFIX}${src.slice(0, -".svg".length)}.png`, ...SHARE_PNG_SIZE, type: "image/png" };
  return fallback;
}
