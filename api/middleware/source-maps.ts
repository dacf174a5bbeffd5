import type { RequestHandler } from "express";
import { HttpError } from "../http-error";

/**
 * A path that names a source map once decoded, as the file servers decode it: `.map`, `%2emap`, `.m%61p`, any case,
 * with trailing slashes. The check must see what `express.static` will look up, never the raw spelling.
 */
export function isSourceMapPath(rawPath: string): boolean {
  return /\.map\/*$/i.test(decodeURIComponent(rawPath));
}

/**
 * Source maps hold the full source: no map is public, however its path is spelled, except the widget scripts' under
 * `/widgets/` when `widgetMaps` is set (WIDGET_SOURCE_MAPS). A refused map is a 404 with the site's error page.
 * Mount after `rejectMalformedPath`, so the path decodes.
 */
export function refuseSourceMaps({ widgetMaps }: { widgetMaps: boolean }): RequestHandler {
  return (req, _res, next) => {
    if (!isSourceMapPath(req.path)) return next();
    if (widgetMaps && req.path.startsWith("/widgets/")) return next();
    next(new HttpError(404, "Not Found"));
  };
}
