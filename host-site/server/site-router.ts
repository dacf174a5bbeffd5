import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { STATUS_CODES } from "node:http";
import type { IncomingMessage, OutgoingHttpHeaders, ServerResponse } from "node:http";
import express, { Router, type ErrorRequestHandler, type Request, type Response } from "express";
import { UNBUILT_ASSETS, ASSETS_PREFIX, type SiteAssets } from "../lib/assets";
import { renderPage } from "../lib/render";
import { sendPrepared } from "../../api/routes/send-prepared";
import type { Site } from "../../domain/site";
import { siteFacts } from "../lib/site-facts";
import { errorPage } from "../pages/ErrorPage";
import { MANIFEST_FILE, type SiteManifest } from "../site-manifest";
import { type CacheReport, PageCache } from "./page-cache";
import type { CatalogueFeed } from "./live-pages";
import { type SiteFeed, SitePages } from "./site-pages";
import type { PreparedBody } from "../../api/prepared/prepared-body";
import { shareImageHandler } from "./share-image";
import { SHARE_PNG_PREFIX } from "../lib/share-image";
import { parseInventoryQuery, queryParams } from "../../domain/inventory-query";
import { LISTING_FEEDS } from "./feeds/listing-feeds";
import { paymentQuery } from "../../domain/payment";
import { compareRequest } from "../../domain/compare";
import { COMPARE_PATH } from "../pages/ComparePage";
import { CONTACT_VEHICLE_PARAM } from "../content/nav";
import { RENTAL_CANCEL_PATH } from "../pages/RentalCancelPage";
import { rentalCancelRouter, type RentalCancellation } from "./rental-cancel";
import { rentalConfirmRouter, type RentalEmailConfirmation } from "./rental-confirm";
import { RENTAL_CONFIRM_PATH } from "../../domain/rental-booking";

export interface SiteDeps {
  /** dist/site: the prerendered pages and their assets. */
  distDir: string;
  /** host-site/public: images and other files served as they are. */
  publicDir: string;
  /** The live catalogue: its pages follow every change. */
  vehicles: CatalogueFeed;
  /** The sites: each one's pages follow its every change. */
  sites: SiteFeed;
  /** The rental desk, for the renters' cancel page; absent, that page is the 404. */
  rentals?: RentalCancellation & RentalEmailConfirmation;
  /** PAGE_CACHE_MB in bytes: what every site's rendered pages may take in memory (default 128 MB). */
  pageCacheBytes?: number;
}

/** Hashed assets never change under their name. */
const IMMUTABLE = "public, max-age=31536000, immutable";
/** Images and other public files keep their names across releases: a day, then revalidate. */
const PUBLIC_FILES = "public, max-age=86400, stale-while-revalidate=604800";

/**
 * The paths the router answers from memory without Express (`fromMemory`): a page's or vehicle's path, as Express
 * would route it to the pages. No query (a page's variants are Express's), escape, dot (public files and assets have
 * one), double or trailing slash, and none of the prefixes mounted before the site (api/app.ts).
 */
const PAGE_PATH = /^\/(?!(?:api|widgets|photos|staff|assets|images|share)(?:\/|$))[^./?%\\]*$/i;
const VEHICLE_PATH = /^\/vehicles?\/([^/?%.\\]+)$/;

/** The site's router, with the pages it can answer before Express (api/app.ts calls it for every request). */
export type SiteRouter = Router & {
  /**
   * Answer a GET or HEAD of a page or vehicle page of `site` already in memory (or rendered now) with `headers` (the
   * ones Express would add) and return true; anything else returns false for Express, which answers it the same way.
   */
  fromMemory(req: IncomingMessage, res: ServerResponse, site: Site, headers: OutgoingHttpHeaders): boolean;
  /** What the pages kept in memory weigh, for /api/health. */
  cacheReport(): CacheReport;
};

/** A redirect target that stays on this site: one slash, then neither a slash nor a backslash. */
const SAME_SITE_PATH = /^\/[^/\\]/;

/** The build's assets (hashed CSS and scripts), read once; null when the site has not been built. */
function loadAssets(distDir: string): SiteAssets | null {
  const manifestPath = path.join(distDir, MANIFEST_FILE);
  if (!existsSync(manifestPath)) return null;
  return (JSON.parse(readFileSync(manifestPath, "utf8")) as SiteManifest).assets;
}

/** The site a request is served as (api/middleware/site.ts set it); never absent past that middleware. */
const siteOf = (res: Response): Site => {
  const site = res.locals.site as Site | undefined;
  if (!site) throw new Error("No site resolved for this request: mount resolveSite (api/middleware/site.ts) before the site router");
  return site;
};

/** Answer a prepared page, robots.txt or sitemap (site-pages.ts) from memory: by Accept-Encoding, 304 to its ETag. */
const send = (req: Request, res: Response, body: PreparedBody, status = 200) => sendPrepared(req, res, body, undefined, status);

/**
 * Every site's pages, as the site the request is served as (res.locals.site):
 * its pages rendered once per (site, page) per change and served from memory
 * (site-pages.ts), the catalogue's pages following every catalogue change,
 * public files, its robots.txt and sitemap, and its 404 page (with status 404)
 * for everything else.
 */
export function createSiteRouter({ distDir, publicDir, vehicles, sites, rentals, pageCacheBytes }: SiteDeps): SiteRouter {
  const built = loadAssets(distDir);
  if (!built) console.warn(`[site] ${path.join(distDir, MANIFEST_FILE)} not found: run \`npm run build:site\`. Pages answer 503 until then.`);
  const assets = built ?? UNBUILT_ASSETS;
  const pages = new SitePages(vehicles, sites, assets, new PageCache(pageCacheBytes));

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

  router.get("/robots.txt", (req, res) => send(req, res, pages.robots(siteOf(res))));
  router.get("/sitemap.xml", (req, res) => send(req, res, pages.sitemapXml(siteOf(res))));
  // The listing feeds: each site's own, following the catalogue.
  for (const [path, feed] of Object.entries(LISTING_FEEDS)) router.get(path, (req, res) => send(req, res, pages.feed(siteOf(res), path, feed)));

  const vehicleRoute = (req: Request<{ id: string }>, res: Response) => {
    const site = siteOf(res);
    const page = pages.vehicle(site, req.params.id, paymentQuery(new URL(req.originalUrl, "http://x").searchParams));
    if (page) send(req, res, page.body, page.status);
    else send(req, res, pages.notFound(site, { vehicle: true }), 404);
  };
  // The inventory with a query is one page of results (filters, sort, page): a malformed value is the site's 400 page.
  router.get("/inventory", (req, res, next) => {
    const params = new URL(req.originalUrl, "http://x").searchParams;
    if (!built || Object.keys(queryParams(params)).length === 0) return next();
    const parsed = parseInventoryQuery(params);
    if ("error" in parsed) return next(Object.assign(new Error(parsed.error), { status: 400 }));
    const page = pages.inventory(siteOf(res), parsed.query);
    send(req, res, page.body, page.status);
  });
  // A comparison is its address: `?ids=a,b,c` (or repeated `ids`, as its add form sends them).
  router.get(COMPARE_PATH, (req, res, next) => {
    if (!built) return next();
    send(req, res, pages.compare(siteOf(res), compareRequest(new URL(req.originalUrl, "http://x").searchParams)));
  });
  // A "Get Quote" link's contact page names its cart: `?vehicle=<id>`; any other query is the plain page.
  router.get("/contact", (req, res, next) => {
    const id = new URL(req.originalUrl, "http://x").searchParams.get(CONTACT_VEHICLE_PARAM);
    if (!built || !id) return next();
    const page = pages.contact(siteOf(res), id);
    if (page) send(req, res, page);
    else next();
  });
  if (rentals && built) router.use(RENTAL_CANCEL_PATH, rentalCancelRouter(rentals, assets));
  if (rentals && built) router.use(RENTAL_CONFIRM_PATH, rentalConfirmRouter(rentals, assets));
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
      if (!built) return res.status(503).type("text/plain").send("The site has not been built: run `npm run build:site`.");
      const page = pages.page(siteOf(res), req.path);
      if (page !== undefined) return send(req, res, page);
    }
    send(req, res, pages.notFound(siteOf(res)), 404);
  });

  const fromMemory: SiteRouter["fromMemory"] = (req, res, site, headers) => {
    if (!built || (req.method !== "GET" && req.method !== "HEAD")) return false;
    const url = req.url ?? "";
    if (!PAGE_PATH.test(url) || (url.length > 1 && url.endsWith("/"))) return false;
    const vehicle = VEHICLE_PATH.exec(url);
    const answer = vehicle ? pages.vehicle(site, vehicle[1]!) : pages.page(site, url);
    if (!answer) return false;
    if ("status" in answer) sendPrepared(req, res, answer.body, headers, answer.status);
    else sendPrepared(req, res, answer, headers);
    return true;
  };
  return Object.assign(router, { fromMemory, cacheReport: () => pages.cacheReport() });
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
  /** Per version of a site's record: status → its error page. */
  const pages = new WeakMap<Site, Map<number, string>>();
  return (err, req, res, _next) => {
    const given = Number(err?.status ?? err?.statusCode);
    const status = given >= 400 && given < 500 && STATUS_CODES[given] ? given : 500;
    if (status >= 500) console.error(`[site] ${req.method} ${req.originalUrl} failed:`, err);
    if (res.headersSent) {
      res.destroy();
      return;
    }
    const site = res.locals.site as Site | undefined;
    let cached = site && pages.get(site);
    if (site && !cached) pages.set(site, (cached = new Map()));
    let html = cached?.get(status);
    if (html === undefined) {
      // Before a site is known (an error in resolving it) the page names none.
      html = site
        ? renderPage(siteFacts(site), errorPage(status), assets)
        : `<!doctype html><title>${status} ${STATUS_CODES[status]}</title><h1>${STATUS_CODES[status]}</h1>`;
      cached?.set(status, html);
    }
    // Headers a static file set before it failed describe that file, not this page.
    for (const name of ["Content-Disposition", "Content-Range", "ETag", "Last-Modified", "Accept-Ranges"]) res.removeHeader(name);
    if (status === 416 && err?.headers?.["Content-Range"]) res.set("Content-Range", String(err.headers["Content-Range"]));
    res.status(status).set("Cache-Control", "no-store").type("html").send(html);
  };
}
