import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { STATUS_CODES } from "node:http";
import express, { Router, type ErrorRequestHandler, type Request, type Response } from "express";
import { UNBUILT_ASSETS, ASSETS_PREFIX, type SiteAssets } from "../lib/assets";
import { renderPage } from "../lib/render";
import { robotsTxt, sitemapXml } from "../lib/sitemap";
import { errorPage } from "../pages/ErrorPage";
import { notFoundPage } from "../pages/NotFoundPage";
import { MANIFEST_FILE, PAGES_DIR, type SiteManifest } from "../site-manifest";
import { type CatalogueFeed, LivePages } from "./live-pages";
import { shareImageHandler } from "./share-image";
import { SHARE_PNG_PREFIX } from "../lib/share-image";

export interface SiteDeps {
  /** dist/site: the prerendered pages and their assets. */
  distDir: string;
  /** host-site/public: images and other files served as they are. */
  publicDir: string;
  /** The live catalogue: its pages follow every change. */
  vehicles: CatalogueFeed;
}

/** Hashed assets never change under their name. */
const IMMUTABLE = "public, max-age=31536000, immutable";
/** HTML is always revalidated (its ETag makes that a 304). */
const REVALIDATE = "no-cache";
/** Images and other public files keep their names across releases: a day, then revalidate. */
const PUBLIC_FILES = "public, max-age=86400, stale-while-revalidate=604800";
/** robots.txt and sitemap.xml. */
const CRAWLER_FILES = "public, max-age=3600";

interface BuiltSite {
  assets: SiteAssets;
  /** Served path → HTML. */
  pages: Map<string, string>;
  sitemap: readonly string[];
  notFound: string;
}

/** A redirect target that stays on this site: one slash, then neither a slash nor a backslash. */
const SAME_SITE_PATH = /^\/[^/\\]/;

/** The build's output read into memory once; null when the site has not been built. */
function loadSite(distDir: string): BuiltSite | null {
  const manifestPath = path.join(distDir, MANIFEST_FILE);
  if (!existsSync(manifestPath)) return null;
  const manifest = JSON.parse(readFileSync(manifestPath, "utf8")) as SiteManifest;
  const read = (file: string) => readFileSync(path.join(distDir, PAGES_DIR, file), "utf8");
  return {
    assets: manifest.assets,
    pages: new Map(Object.entries(manifest.pages).map(([route, file]) => [route, read(file)])),
    sitemap: manifest.sitemap,
    notFound: read(manifest.notFound),
  };
}

const sendHtml = (res: Response, html: string, status = 200) => {
  res.status(status).set("Cache-Control", REVALIDATE).type("html").send(html);
};

/**
 * The dealership's own site: the build's fixed pages from dist/site, the
 * catalogue's pages (home, inventory, brand pages, each vehicle's) rendered
 * from the live catalogue once per change, public files, robots.txt and the
 * sitemap, and the 404 page (with status 404) for everything else.
 */
export function createSiteRouter({ distDir, publicDir, vehicles }: SiteDeps): Router {
  const site = loadSite(distDir);
  if (!site) console.warn(`[site] ${path.join(distDir, MANIFEST_FILE)} not found: run \`npm run build:site\`. Pages answer 503 until then.`);
  const assets = site?.assets ?? UNBUILT_ASSETS;

  const live = new LivePages(vehicles, assets);
  const vehicleNotFound = renderPage(notFoundPage({ vehicle: true }), assets);
  const notFound = site?.notFound ?? renderPage(notFoundPage(), assets);

  const router = Router();
  router.use(
    ASSETS_PREFIX,
    express.static(path.join(path.resolve(distDir), "assets"), {
      index: false,
      // No "/assets" → "/assets/" redirect: the page rule below would send it back, forever.
      redirect: false,
      fallthrough: true,
      setHeaders: (res) => res.setHeader("Cache-Control", IMMUTABLE),
    }),
  );
  router.use(
    express.static(path.resolve(publicDir), {
      index: false,
      redirect: false,
      setHeaders: (res) => res.setHeader("Cache-Control", PUBLIC_FILES),
    }),
  );

  router.get(`${SHARE_PNG_PREFIX}/images/*path`, shareImageHandler(publicDir, PUBLIC_FILES));

  router.get("/robots.txt", (_req, res) => {
    res.set("Cache-Control", CRAWLER_FILES).type("text/plain").send(robotsTxt());
  });
  router.get("/sitemap.xml", (_req, res) => {
    const paths = [...live.sitemapPaths(), ...(site?.sitemap ?? [])];
    res.set("Cache-Control", CRAWLER_FILES).type("application/xml").send(sitemapXml(paths));
  });

  const vehicleRoute = (req: Request<{ id: string }>, res: Response) => {
    const page = live.vehicle(req.params.id);
    if (page) sendHtml(res, page.html, page.status);
    else sendHtml(res, vehicleNotFound, 404);
  };
  router.get("/vehicle/:id", vehicleRoute);
  router.get("/vehicles/:id", vehicleRoute);

  router.use((req, res) => {
    if (req.method === "GET" || req.method === "HEAD") {
      // One URL per page: "/rentals/" → "/rentals".
      if (req.path.length > 1 && req.path.endsWith("/")) {
        const target = req.path.replace(/\/+$/, "");
        const query = req.originalUrl.indexOf("?");
        // Only a path of this site: never "//host" nor "/\\host", which browsers resolve to another host.
        if (SAME_SITE_PATH.test(target)) return res.redirect(301, target + (query >= 0 ? req.originalUrl.slice(query) : ""));
      }
      if (!site) return res.status(503).type("text/plain").send("The site has not been built: run `npm run build:site`.");
      const html = live.page(req.path) ?? site.pages.get(req.path);
      if (html !== undefined) return sendHtml(res, html);
    }
    sendHtml(res, notFound, 404);
  });
  return router;
}

/**
 * The last error handler of the site's origin: the site's own error page with
 * the error's status (a malformed URL is 400, an unsatisfiable Range 416), and
 * 500 for anything else, which is logged. No answer carries a stack trace or a
 * path of the server, whatever NODE_ENV says.
 */
export function siteErrorHandler({ distDir }: Pick<SiteDeps, "distDir">): ErrorRequestHandler {
  const manifestPath = path.join(distDir, MANIFEST_FILE);
  const assets = existsSync(manifestPath) ? (JSON.parse(readFileSync(manifestPath, "utf8")) as SiteManifest).assets : UNBUILT_ASSETS;
  const pages = new Map<number, string>();
  return (err, req, res, _next) => {
    const given = Number(err?.status ?? err?.statusCode);
    const status = given >= 400 && given < 500 && STATUS_CODES[given] ? given : 500;
    if (status >= 500) console.error(`[site] ${req.method} ${req.originalUrl} failed:`, err);
    if (res.headersSent) {
      res.destroy();
      return;
    }
    let html = pages.get(status);
    if (html === undefined) {
      html = renderPage(errorPage(status), assets);
      pages.set(status, html);
    }
    // Headers a static file set before it failed describe that file, not this page.
    for (const name of ["Content-Disposition", "Content-Range", "ETag", "Last-Modified", "Accept-Ranges"]) res.removeHeader(name);
    if (status === 416 && err?.headers?.["Content-Range"]) res.set("Content-Range", String(err.headers["Content-Range"]));
    res.status(status).set("Cache-Control", "no-store").type("html").send(html);
  };
}
