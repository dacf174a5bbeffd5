/**
 * Request → site (issue 26, decision 0022): the one place a request's host
 * name is mapped to the site it is served as. Everything after it reads
 * `res.locals.site` (the site record), never a constant of business facts.
 */
import type { IncomingMessage } from "node:http";
import type { RequestHandler } from "express";
import { hostName, primaryDomain, type Site } from "../../domain/site";
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

/** The plain page of a host no site claims: names nothing of any site. */
const UNKNOWN_HOST_PAGE =
  '<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="robots" content="noindex"><title>Site not found</title></head>' +
  "<body><h1>Site not found</h1><p>No site is served on this address.</p></body></html>";
const UNKNOWN_HOST_MESSAGE = "No site of this deployment is served on this host name";

/**
 * Resolve the site once per request from `req.hostname` (the Host header, its
 * port ignored; X-Forwarded-Host only when TRUST_PROXY trusts the proxy, as
 * Express decides). A host no site claims answers 421 (JSON under /api, a
 * plain page elsewhere); a page asked on a secondary domain answers 301 to the
 * same path on the primary one. The API is served on any domain of its site
 * without a redirect, so a partner's POST is never turned into a GET.
 */
export function resolveSite(sites: Pick<SiteStore, "forHost">): RequestHandler {
  return (req, res, next) => {
    const match = sites.forHost(req.hostname);
    if (match) res.locals.site = match.site;
    if (ANY_HOST.has(req.path)) return next();
    const api = req.path === "/api" || req.path.startsWith("/api/");
    if (!match) {
      res.status(421).set("Cache-Control", "no-store");
      if (api) res.json({ error: UNKNOWN_HOST_MESSAGE });
      else res.type("html").send(UNKNOWN_HOST_PAGE);
      return;
    }
    const name = hostName(req.hostname ?? "");
    if (!match.primary && !api && !isLoopbackHost(name) && (req.method === "GET" || req.method === "HEAD")) {
      // The port the visitor used (req.host: the forwarded host's when trusted) is kept: only the name changes.
      const port = /^[^[]*:(\d+)$/.exec(req.host ?? "")?.[1];
      const host = primaryDomain(match.site) + (port ? `:${port}` : "");
      res.set("Cache-Control", "no-store");
      return res.redirect(301, `${req.protocol}://${host}${req.originalUrl}`);
    }
    next();
  };
}

/**
 * The site of a request seen before Express (the catalogue's fast path), when
 * it can be told from the Host header alone: a domain of a site that needs no
 * redirect, and no X-Forwarded-Host (which only Express's trust rules may
 * read). Undefined otherwise: the request goes on to Express and resolveSite.
 */
export function plainHostSite(sites: Pick<SiteStore, "forHost">) {
  return (req: IncomingMessage): Site | undefined => {
    if (req.headers["x-forwarded-host"] !== undefined) return undefined;
    return sites.forHost(req.headers.host)?.site;
  };
}
