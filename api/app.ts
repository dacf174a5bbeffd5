import { createServer, type Server } from "node:http";
import path from "node:path";
import compression from "compression";
import express, { type Express, type RequestHandler } from "express";
import { apiRouter, type ApiDeps } from "./api-router";
import { OPEN_READ_HEADERS } from "./middleware/lead-origins";
import { capturedHeaders, securityHeaders } from "./middleware/security-headers";
import { staffConsole } from "./routes/staff-console";
import { vehiclesFastPath } from "./routes/vehicles-fast-path";

export interface AppDeps extends ApiDeps {
  /** Built widget scripts (dist/widgets). */
  widgetsDir: string;
  /** Everything else the site serves: pages, images, assets. Mounted last. */
  site: RequestHandler;
}

/** Widget scripts keep fixed names, so they revalidate after 5 minutes (ETag makes that cheap). */
const WIDGET_CACHE = "public, max-age=300, stale-while-revalidate=86400";

/** The dealership's HTTP app: /api, /widgets, then the site. */
export function createApp(deps: AppDeps): Express {
  const app = express();
  app.disable("x-powered-by");
  app.use(securityHeaders(deps.config.publicOrigin));
  app.use("/api", apiRouter(deps));
  app.use(compression());
  // Partners' pages load the widget scripts (and the images they show) from any origin.
  const crossOrigin: RequestHandler = (_req, res, next) => {
    res.set({ "Access-Control-Allow-Origin": "*", "Cross-Origin-Resource-Policy": "cross-origin" });
    next();
  };
  app.use(
    "/widgets",
    crossOrigin,
    express.static(path.resolve(deps.widgetsDir), {
      fallthrough: true,
      setHeaders: (res) => res.setHeader("Cache-Control", WIDGET_CACHE),
    }),
  );
  app.use("/images", crossOrigin);
  app.use("/staff", staffConsole(path.join(deps.widgetsDir, "../staff")));
  app.use(deps.site);
  return app;
}

/**
 * The HTTP server: catalogue reads answered from prepared bytes before
 * Express (with the same headers), everything else by the Express app.
 */
export function createAppServer(deps: AppDeps): Server {
  const app = createApp(deps);
  const fastPath = vehiclesFastPath(deps.vehicles, { ...capturedHeaders(securityHeaders(deps.config.publicOrigin)), ...OPEN_READ_HEADERS });
  return createServer((req, res) => {
    if (!fastPath(req, res)) app(req, res);
  });
}
