import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import express, { Router, type Response } from "express";
import { escapeHtml } from "../../domain/escape";

/** The console's hashed assets never change under their name. */
const IMMUTABLE = "public, max-age=31536000, immutable";
/** The console's HTML is never cached: it is the entry to a signed-in tool. */
const NO_STORE = "no-store";
/**
 * Only our own scripts, styles and API: no inline script or style, no
 * other origin, no framing, forms post only here.
 */
export const STAFF_CSP = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self' data:",
  "connect-src 'self'",
  "font-src 'self'",
  "object-src 'none'",
  "base-uri 'none'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join("; ");

const noindex = (res: Pick<Response, "setHeader">) => res.setHeader("X-Robots-Tag", "noindex, nofollow");

/** The meta element that names the organisation to the console's app (staff/src/organisation.ts reads it). */
export const ORGANISATION_META = "gc-organisation";

/**
 * The console's page with the organisation's name: in its title ("Staff console · NAME") and in a meta element the
 * app reads for its header, the same on every site's host (the site being worked on is the header's switcher's).
 */
export function brandedConsole(html: string, organisation: string): string {
  const name = escapeHtml(organisation);
  const meta = `<meta name="${ORGANISATION_META}" content="${name}">`;
  const titled = /<title>[^<]*<\/title>/.test(html) ? html.replace(/<title>[^<]*<\/title>/, `<title>Staff console · ${name}</title>`) : html;
  return titled.includes("</head>") ? titled.replace("</head>", `${meta}</head>`) : `${meta}${titled}`;
}

/**
 * The staff console at /staff: its built app (dist/staff, `npm run
 * build:staff`), hashed assets cached for good, and index.html for every
 * other /staff path, where the app's own router takes over. Not indexed.
 * `organisation`: the name the console is branded with (ORGANISATION_NAME); absent, the page is served as built.
 */
export function staffConsole(distDir: string, { organisation }: { organisation?: string } = {}): Router {
  const indexFile = path.join(distDir, "index.html");
  let html: string | null = null;
  const router = Router();
  router.use(
    "/assets",
    express.static(path.join(distDir, "assets"), {
      index: false,
      // No "/assets" → "/assets/" redirect: the site's one-URL rule would send it back, forever.
      redirect: false,
      fallthrough: true,
      setHeaders: (res) => {
        noindex(res);
        res.setHeader("Cache-Control", IMMUTABLE);
      },
    }),
  );
  // A missing asset is the site's 404, never the app's HTML.
  router.use("/assets", (_req, _res, next) => next("router"));
  router.get("/{*path}", (_req, res) => {
    if (html === null && existsSync(indexFile)) {
      const built = readFileSync(indexFile, "utf8");
      html = organisation === undefined ? built : brandedConsole(built, organisation);
    }
    noindex(res);
    res.set({ "Cache-Control": NO_STORE, "Content-Security-Policy": STAFF_CSP });
    if (html === null) {
      res.status(503).type("text").send("The staff console is not built: run `npm run build:staff`.");
      return;
    }
    res.type("html").send(html);
  });
  return router;
}
