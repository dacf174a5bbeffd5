import { readFile } from "node:fs/promises";
import path from "node:path";
import type { Request, Response } from "express";
import { loadSharp } from "../../api/photos/sharp";
import { SHARE_PNG_PREFIX, SHARE_PNG_SIZE } from "../lib/share-image";

/** Behind a drawing with transparent parts: the drawings' own cream. */
const BACKGROUND = "#fff8ef";

/**
 * GET /share/images/….png: a drawing of host-site/public/images as the PNG that
 * link previews need (Facebook and X show no SVG). Each drawing is drawn once,
 * on its first request, then answered from memory: the files are the build's,
 * so the cache holds at most one PNG per drawing.
 */
export function shareImageHandler(publicDir: string, cacheControl: string) {
  const root = path.resolve(publicDir, "images");
  const drawn = new Map<string, Promise<Buffer | null>>();
  const draw = async (file: string): Promise<Buffer | null> => {
    const svg = await readFile(file).catch(() => null);
    if (!svg) return null;
    const sharp = await loadSharp();
    return sharp(svg)
      .resize({ ...SHARE_PNG_SIZE, fit: "cover" })
      .flatten({ background: BACKGROUND })
      .png()
      .toBuffer();
  };
  return async (req: Request, res: Response, next: (err?: unknown) => void) => {
    const rest = req.path.slice(`${SHARE_PNG_PREFIX}/images/`.length);
    const file = path.resolve(root, `${rest.slice(0, -".png".length)}.svg`);
    // Only a drawing under public/images: never "..", an absolute path or another kind of file.
    if (!req.path.startsWith(`${SHARE_PNG_PREFIX}/images/`) || !rest.endsWith(".png") || !file.startsWith(root + path.sep)) return next();
    let png = drawn.get(file);
    if (!png) {
      png = draw(file);
      drawn.set(file, png);
    }
    try {
      const body = await png;
      if (!body) {
        drawn.delete(file);
        return next();
      }
      res.set("Cache-Control", cacheControl).type("image/png").send(body);
    } catch (err) {
      drawn.delete(file);
      next(err);
    }
  };
}
