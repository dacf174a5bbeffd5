import type { Request, RequestHandler, Response } from "express";
import { ORIGIN_NOT_ALLOWED } from "../../domain/contact";
import { HttpError } from "../http-error";

/**
 * CORS for POST /api/contact: only allowlisted origins post leads. A request
 * with no Origin (a server-side or same-origin navigation post) is let
 * through; browsers always send Origin on cross-origin POSTs. `allowed` is a
 * list, or a test asked on every request (the owner's added origins change at
 * run time, and each site has its own). Any origin's preflight is answered, and the refusal carries CORS
 * headers: a page that is not allowed then reads why (`code`
 * "origin-not-allowed") instead of a bare network error, and can tell its
 * visitor to call. Nothing is stored for it either way.
 */
export function leadOrigins(allowed: readonly string[] | ((origin: string, req: Request, res: Response) => boolean)): RequestHandler {
  const set = new Set(typeof allowed === "function" ? [] : allowed);
  const allows = typeof allowed === "function" ? allowed : (o: string) => set.has(o);
  return (req, res, next) => {
    const origin = req.get("origin");
    res.vary("Origin");
    if (origin === undefined) return next();
    res.set("Access-Control-Allow-Origin", origin);
    if (!allows(origin, req, res) && req.method !== "OPTIONS") {
      return next(new HttpError(403, `Origin ${origin} may not post leads`, { code: ORIGIN_NOT_ALLOWED }));
    }
    if (req.method === "OPTIONS") {
      res.set({
        "Access-Control-Allow-Methods": "POST, OPTIONS",
        "Access-Control-Allow-Headers": "Content-Type",
        "Access-Control-Max-Age": "600",
      });
      res.status(204).end();
      return;
    }
    next();
  };
}

/**
 * Whether `origin` is the request's own: an http(s) page on the host and port the request was sent to (the
 * forwarded host behind a trusted proxy), i.e. a site's own page posting to its own API. The scheme is not
 * compared, so a page served over TLS by the proxy counts even where TRUST_PROXY is not set.
 */
export function isOwnOrigin(origin: string, req: Request): boolean {
  const m = /^https?:\/\/([^/]+)$/.exec(origin);
  return m !== null && m[1]!.toLowerCase() === req.host.toLowerCase();
}

/** The CORS header of reads open to any origin. */
export const OPEN_READ_HEADERS = { "Access-Control-Allow-Origin": "*" } as const;

/** CORS for reads: any origin may GET. */
export const openReads: RequestHandler = (req, res, next) => {
  res.set(OPEN_READ_HEADERS);
  if (req.method === "OPTIONS") {
    res.set({
      "Access-Control-Allow-Methods": "GET, HEAD, OPTIONS",
      "Access-Control-Allow-Headers": "Content-Type, If-None-Match",
      "Access-Control-Max-Age": "600",
    });
    res.status(204).end();
    return;
  }
  next();
};
