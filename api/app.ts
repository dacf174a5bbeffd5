import { createServer, type IncomingMessage, type OutgoingHttpHeaders, type RequestListener, type Server, type ServerResponse } from "node:http";
import path from "node:path";
import compression from "compression";
import express, { type ErrorRequestHandler, type Express, type Request, type RequestHandler, type Response } from "express";
import { apiRouter, type ApiDeps } from "./api-router";
import type { ServerLimits } from "./config";
import { limitConnectionsPerAddress } from "./connections-per-address";
import type { Drain } from "./drain";
import { rejectMalformedPath } from "./middleware/errors";
import { OPEN_READ_HEADERS } from "./middleware/lead-origins";
import { plainHostSite, resolveSite } from "./middleware/site";
import { refuseSourceMaps } from "./middleware/source-maps";
import { capturedHeaders, securityHeaders } from "./middleware/security-headers";
import { staffConsole } from "./routes/staff-console";
import { vehiclesFastPath } from "./routes/vehicles-fast-path";
import type { Site } from "../domain/site";
import { CHUNK_CACHE, CHUNK_FILE, sendSiteFile } from "./widget-scripts";
import { isPrepared } from "./routes/send-prepared";

/** Answers a request for a page the site holds in memory, before Express, with `headers` added; false to leave it to Express. */
export type PagesFromMemory = (req: IncomingMessage, res: ServerResponse, site: Site, headers: OutgoingHttpHeaders) => boolean;

export interface AppDeps extends ApiDeps {
  limits: ServerLimits;
  /** Serve the widget scripts' source maps (WIDGET_SOURCE_MAPS); otherwise no map is public (middleware/source-maps.ts). */
  widgetSourceMaps: boolean;
  /** Built widget scripts (dist/widgets). */
  widgetsDir: string;
  /** Everything else the site serves: pages, images, assets. Mounted last; its pages in memory answer before Express when it can (`fromMemory`, host-site/server/site-router.ts). */
  site: RequestHandler & { fromMemory?: PagesFromMemory };
  /** The site's error page for any error outside /api (whose errors are JSON). */
  siteErrors: ErrorRequestHandler;
  /** Counts requests in flight and refuses new ones once the server stops (main.ts). */
  drain?: Drain;
}

/** Widget scripts keep fixed names, so they revalidate after 5 minutes (ETag makes that cheap). */
const WIDGET_CACHE = "public, max-age=300, stale-while-revalidate=86400";

/**
 * Whether the compression middleware may compress an answer: not a prepared one, and never a stream of events
 * (text/event-stream), whose messages must reach the client as they are written, not when a compressed block fills.
 */
const compressible = (req: Request, res: Response): boolean =>
  !isPrepared(res) && !String(res.getHeader("Content-Type") ?? "").startsWith("text/event-stream") && compression.filter(req, res);

/** The dealership's HTTP app: /api, /widgets, then the site. */
export function createApp(deps: AppDeps): Express {
  const app = express();
  app.disable("x-powered-by");
  // Behind a proxy, req.ip (and so the rate limit) is the visitor's address; X-Forwarded-For is believed only from TRUST_PROXY.
  app.set("trust proxy", deps.config.trustProxy);
  app.use(securityHeaders(deps.config.publicOrigin));
  // Every request is served as the site its host names (or refused): res.locals.site from here on.
  app.use(resolveSite(deps.sites));
  // Every JSON and text answer over 1 kB (the threshold's default) is compressed when the client asks, /api's
  // included; prepared bodies are compressed once per change already (api/prepared/prepared-body.ts), and an answer
  // that sets its own Content-Encoding (the leads' CSV export) is left alone by the middleware itself.
  app.use(compression({ filter: compressible }));
  app.use("/api", apiRouter(deps));
  app.use(rejectMalformedPath);
  app.use(refuseSourceMaps({ widgetMaps: deps.widgetSourceMaps }));
  // Partners' pages load the widget scripts (and the images they show) from any origin.
  const crossOrigin: RequestHandler = (_req, res, next) => {
    res.set({ "Access-Control-Allow-Origin": "*", "Cross-Origin-Resource-Policy": "cross-origin" });
    next();
  };
  const widgetFiles = express.static(path.resolve(deps.widgetsDir), {
    fallthrough: true,
    // No "/widgets" → "/widgets/" redirect: the site's one-URL rule would send it back, forever.
    redirect: false,
    setHeaders: (res, file) => {
      res.setHeader("Cache-Control", WIDGET_CACHE);
      if (deps.widgetSourceMaps && file.endsWith(".js")) res.setHeader("SourceMap", `${path.basename(file)}.map`);
    },
  });
  // The latest scripts and their integrity list, each site's own (api/widget-scripts.ts); anything else is a file as built.
  const siteScripts: RequestHandler = (req, res, next) => {
    if (req.method !== "GET" && req.method !== "HEAD") return next();
    const name = req.path.slice(1);
    if (deps.widgetSourceMaps && name.endsWith(".js")) res.setHeader("SourceMap", `${name}.map`);
    const cacheControl = CHUNK_FILE.test(name) ? CHUNK_CACHE : WIDGET_CACHE;
    sendSiteFile(req, res, { dir: path.resolve(deps.widgetsDir), name, cacheControl }).then((sent) => sent || next(), next);
  };
  if (deps.widgetReleases) app.use("/widgets", crossOrigin, deps.widgetReleases);
  app.use("/widgets", crossOrigin, siteScripts, widgetFiles);
  app.use("/images", crossOrigin);
  // Uploaded photos: content-hashed names, so cached for a year; a missing one falls through to the site's 404.
  // /photos/NAME is answered from its sub-folder, or from the flat layout of earlier releases (decision 0065).
  const photoFile: RequestHandler = (req, _res, next) => {
    let name: string;
    try {
      name = decodeURIComponent(req.path.slice(1));
    } catch {
      return next();
    }
    const served = deps.photos.servedPath(name);
    if (served) req.url = served;
    next();
  };
  app.use(
    "/photos",
    crossOrigin,
    photoFile,
    express.static(deps.photos.publicDir, {
      index: false,
      redirect: false,
      dotfiles: "deny",
      immutable: true,
      maxAge: "365d",
    }),
  );
  app.use("/staff", staffConsole(path.join(deps.widgetsDir, "../staff"), { organisation: deps.config.organisationName }));
  app.use(deps.site);
  app.use(deps.siteErrors);
  return app;
}

/**
 * The HTTP server: catalogue reads and the pages in memory answered from
 * prepared bytes before Express (with the same headers), everything else by
 * the Express app.
 */
export function createAppServer(deps: AppDeps): Server {
  const app = createApp(deps);
  const security = capturedHeaders(securityHeaders(deps.config.publicOrigin));
  const siteOf = plainHostSite(deps.sites);
  const fastPath = vehiclesFastPath(deps.vehicles, { ...security, ...OPEN_READ_HEADERS }, siteOf);
  const pages = deps.site.fromMemory;
  return limitedServer(
    deps.limits,
    (req, res) => {
      if (fastPath(req, res)) return;
      const site = pages && siteOf(req);
      if (site && pages!(req, res, site, security)) return;
      app(req, res);
    },
    deps.drain,
  );
}

/**
 * An HTTP server that slow or idle clients cannot hold: a request must be in
 * within its time (408 otherwise), its headers sooner, and past
 * maxConnections (or, once half of them are taken, past
 * maxConnectionsPerAddress from one client) a new connection is closed at once. Node checks the times
 * every second (its default is every 30 s). With a `drain`, requests are
 * counted and refused once the server stops (api/drain.ts).
 */
export function limitedServer(limits: ServerLimits, handler: RequestListener, drain?: Drain): Server {
  const server = createServer(
    {
      requestTimeout: limits.requestTimeoutMs,
      headersTimeout: limits.headersTimeoutMs,
      connectionsCheckingInterval: Math.min(1000, Math.max(50, Math.floor(limits.headersTimeoutMs / 4))),
    },
    drain ? drain.wrap(handler) : handler,
  );
  server.maxConnections = limits.maxConnections;
  limitConnectionsPerAddress(server, limits.maxConnectionsPerAddress, limits.maxConnections, limits.trustProxy);
  return server;
}
