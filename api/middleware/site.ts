/**
 * Request → site (decision 0022): the one place a request's host
 * name is mapped to the site it is served as. Everything after it reads
 * `res.locals.site` (the site record), never a constant of business facts.
 */
import type { IncomingMessage } from "node:http";
import type { RequestHandler } from "express";
import { hostName, primaryDomain, type Site, type SiteMatch } from "../../domain/site";
import type { SiteStore } from "../store/site-store";

declare module "express-serve-static-core" {
  interface Locals {
    /** The site this request is served as: set by resolveSite for every request past it (absent only on the paths it leaves open). */
    site: Site;
  }
}

/** Paths answered on any host, whether or not a site claims it: the load balancer's health check and the TLS proxy's `ask`. */
const ANY_HOST = new Set(["/api/health", "/api/tls/allowed"]);

/** Loopback names (development and tests) are served as they are: no redirect to the primary domain. */
export const isLoopbackHost = (name: string): boolean => name === "localhost" || name === "127.0.0.1" || name.endsWith(".localhost");

/**
 * Whether a request for `host` (the Host header, or the forwarded host Express trusts) is redirected to its site's
 * primary domain: it names another of the site's domains (an alias), and not a loopback name. The one rule: resolveSite
 * redirects by it, and plainHostSite leaves such a request to Express (and so to resolveSite), so no path that answers
 * before Express (the pages in memory, the catalogue's fast path) can serve an alias.
 */
export const isAliasHost = (match: SiteMatch, host: string | undefined): boolean => !match.primary && !isLoopbackHost(hostName(host ?? ""));

/**
 * Paths partners load across origins (scripts, their images, photos): their redirect from an alias carries the CORS
 * and resource-policy headers the files themselves have (api/app.ts), so a `crossorigin` script or a partner page's
 * image follows it.
 */
const CROSS_ORIGIN_PATH = /^\/(?:widgets|images|photos)(?:\/|$)/;

/** The plain page of a host no site claims: names nothing of any site. */
const UNKNOWN_HOST_PAGE =
  '<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="robots" content="noindex"><title>Site not found</title></head>' +
  "<body><h1>Site not found</h1><p>No site is served on this address.</p></body></html>";
const UNKNOWN_HOST_MESSAGE = "No site of this deployment is served on this host name";

/**
 * Resolve the site once per request from `req.host` (the Host header whole,
 * its port ignored; X-Forwarded-Host only when TRUST_PROXY trusts the proxy, as
 * Express decides). The whole header, not `req.hostname`: Express cuts that at
 * the first colon, so `localhost:@evil.test` would pass as localhost. A host no site claims answers 421 (JSON under /api, a
 * plain page elsewhere); a page asked on a secondary domain answers 301 to the
 * same path on the primary one. The API is served on any domain of its site
 * without a redirect, so a partner's POST is never turned into a GET.
 */
export function resolveSite(sites: Pick<SiteStore, "forHost">): RequestHandler {
  return (req, res, next) => {
    const match = sites.forHost(req.host);
    if (match) res.locals.site = match.site;
    if (ANY_HOST.has(req.path)) return next();
    const api = req.path === "/api" || req.path.startsWith("/api/");
    if (!match) {
      res.status(421).set("Cache-Control", "no-store");
      if (api) res.json({ error: UNKNOWN_HOST_MESSAGE });
      else res.type("html").send(UNKNOWN_HOST_PAGE);
      return;
    }
    if (!api && isAliasHost(match, req.host) && (req.method === "GET" || req.method === "HEAD")) {
      // The port the visitor used (req.host: the forwarded host's when trusted) is kept: only the name changes.
      const port = /^[^[]*:(\d+)$/.exec(req.host ?? "")?.[1];
      const host = primaryDomain(match.site) + (port ? `:${port}` : "");
      res.set("Cache-Control", "no-store");
      if (CROSS_ORIGIN_PATH.test(req.path)) res.set({ "Access-Control-Allow-Origin": "*", "Cross-Origin-Resource-Policy": "cross-origin" });
      return res.redirect(301, `${req.protocol}://${host}${req.originalUrl}`);
    }
    next();
  };
}

/**
 * The site of a request seen before Express (the catalogue's fast path), when
 * it can be told from the Host header alone: a domain of a site that needs no
 * redirect (not an alias: isAliasHost), and no X-Forwarded-Host (which only
 * Express's trust rules may read). Undefined otherwise: the request goes on to
 * Express and resolveSite, which redirects an alias's pages and serves its API.
 */
export function plainHostSite(sites: Pick<SiteStore, "forHost">) {
  return (req: IncomingMessage): Site | undefined => {
    if (req.headers["x-forwarded-host"] !== undefined) return undefined;
    const match = sites.forHost(req.headers.host);
    return match && !isAliasHost(match, req.headers.host) ? match.site : undefined;
  };
}
