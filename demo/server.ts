import { readFile } from "node:fs/promises";
import path from "node:path";
import express, { type ErrorRequestHandler, type Express } from "express";
import { demoDirectives, securityHeaders } from "../api/middleware/security-headers";

export interface DemoDeps {
  /** demo/pages: the partner pages, with {{DEALER_ORIGIN}} where the dealership's origin goes. */
  pagesDir: string;
  /** The dealership's origin, where the pages load the widget scripts from. */
  dealerOrigin: string;
  /** The demo pages' own public origin (for HSTS when it is https). */
  demoOrigin?: string;
}

const PAGE_NAME = /^[a-z0-9-]+$/;
/** A page's own script or stylesheet, e.g. /landing.js or /demo.css. */
const ASSET_PATH = /^\/[a-z0-9-]+\.(?:js|css)$/;

/**
 * The partner demo site, on its own origin as a resort's site would be.
 * A page may declare its own Content-Security-Policy in a first-line comment:
 * <!-- csp: ... -->, which is sent as a real header.
 */
export function createDemoApp({ pagesDir, dealerOrigin, demoOrigin = "http://localhost" }: DemoDeps): Express {
  const app = express();
  app.disable("x-powered-by");
  // The site's security headers, with a policy that lets the pages use the dealership's widgets (a page's own csp comment replaces it).
  app.use(securityHeaders(demoOrigin, demoDirectives(dealerOrigin)));
  app.get(["/", "/:page.html"], async (req, res, next) => {
    const name = (req.params as { page?: string }).page ?? "index";
    if (!PAGE_NAME.test(name)) return next();
    let html: string;
    try {
      html = await readFile(path.join(pagesDir, `${name}.html`), "utf8");
    } catch {
      return next();
    }
    html = html.replaceAll("{{DEALER_ORIGIN}}", dealerOrigin);
    const csp = /^<!--\s*csp:\s*(.+?)\s*-->/.exec(html)?.[1];
    if (csp) res.set("Content-Security-Policy", csp);
    res.set("Cache-Control", "no-cache").type("html").send(html);
  });
  app.get(ASSET_PATH, (req, res, next) => {
    res.sendFile(req.path.slice(1), { root: pagesDir, headers: { "Cache-Control": "no-cache" } }, (err) => err && next());
  });
  // Browsers ask for it on every page; a 404 would show as a console error.
  app.get("/favicon.ico", (_req, res) => {
    res.set("Cache-Control", "max-age=86400").status(204).end();
  });
  app.use((_req, res) => {
    res.status(404).type("html").send("<!doctype html><title>Not found</title><h1>Not found</h1>");
  });
  // Never a stack trace or a server path: the status and a line saying what it means.
  const errors: ErrorRequestHandler = (err, req, res, _next) => {
    const given = Number(err?.status ?? err?.statusCode);
    const status = given >= 400 && given < 500 ? given : 500;
    if (status >= 500) console.error(`[demo] ${req.method} ${req.originalUrl} failed:`, err);
    if (res.headersSent) return void res.destroy();
    const title = status === 400 ? "Bad request" : status < 500 ? "Request not accepted" : "Something went wrong";
    res.status(status).set("Cache-Control", "no-store").type("html").send(`<!doctype html><title>${title}</title><h1>${title}</h1>`);
  };
  app.use(errors);
  return app;
}
