import type { Request, RequestHandler, Response } from "express";
import type { Site } from "../../domain/site";
import type { SiteStore } from "../store/site-store";
import { HttpError } from "./errors";

/**
 * The site a request came through: `res.locals.site`, which the site
 * middleware (api/middleware/site.ts, issue 26) sets for every request once
 * merged; until then looked up here from the request's host name (the Host
 * header, or X-Forwarded-Host behind a trusted proxy). The one place the
 * lead routes ask, so the lead can swap it for the middleware's value.
 */
export const requestSite = (req: Request, res: Response, sites: Pick<SiteStore, "forHost">): Site | undefined =>
  (res.locals.site as Site | undefined) ?? sites.forHost(req.hostname)?.site;

/** Sets `res.locals.site` for the routes after it; 421 (never another site's data) when no site claims the host. */
export function siteOfRequest(sites: Pick<SiteStore, "forHost">): RequestHandler {
  return (req, res, next) => {
    const site = requestSite(req, res, sites);
    if (!site) return next(new HttpError(421, `This server does not serve ${req.hostname || "a request without a host name"}`));
    res.locals.site = site;
    next();
  };
}
