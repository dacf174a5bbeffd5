import path from "node:path";
import compression from "compression";
import express, { type Express, type RequestHandler } from "express";
import helmet from "helmet";
import { apiRouter, type ApiDeps } from "./api-router";

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
  // Over plain http (local runs, tests) HSTS and upgrade-insecure-requests would break the site.
  const https = deps.config.publicOrigin.startsWith("https:");
  app.use(
    helmet({
      contentSecurityPolicy: {
        directives: {
          "frame-src": ["https://www.openstreetmap.org"],
          "img-src": ["'self'", "data:"],
          "upgrade-insecure-requests": https ? [] : null,
        },
      },
      strictTransportSecurity: https,
    }),
  );
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
  app.use(deps.site);
  return app;
}
