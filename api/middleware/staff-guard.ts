import type { Request, RequestHandler, Response } from "express";
import { rateLimit, type Store } from "express-rate-limit";
import { canManageAccounts, isOrganisationOwner, mayActOnSite, PASSWORD_CHANGE_REQUIRED, STAFF_MESSAGES, type StaffAccount } from "../../domain/staff";
import type { Site } from "../../domain/site";
import type { AccountStore } from "../store/account-store";
import type { SessionStore } from "../store/session-store";
import type { SiteStore } from "../store/site-store";
import { HttpError } from "../http-error";

export const SESSION_COOKIE = "gc_staff";
const WRITE_METHODS = new Set(["POST", "PUT", "PATCH", "DELETE"]);

/** Staff answers are never cached, by browsers or proxies. */
export const noStore: RequestHandler = (_req, res, next) => {
  res.set("Cache-Control", "no-store");
  next();
};

/**
 * The deployment's own origins, where its staff console is served: `own` (PUBLIC_ORIGIN and its 127.0.0.1 twin),
 * and any domain of any of its sites on the same scheme and port as one of them (http://capemay.localhost:4900
 * beside http://localhost:4900; https://www.capemay.example beside https://www.sussex.example), so that staff may
 * sign in and work on any site's own host. A site added or removed counts at once.
 */
export function isStaffOrigin(own: readonly string[], sites?: Pick<SiteStore, "forHost">): (origin: string) => boolean {
  const exact = new Set(own);
  const schemesAndPorts = new Set(own.flatMap((o) => (URL.canParse(o) ? [`${new URL(o).protocol}//:${new URL(o).port}`] : [])));
  return (origin) => {
    if (exact.has(origin)) return true;
    if (!sites || !URL.canParse(origin)) return false;
    const url = new URL(origin);
    // Only a bare origin, as browsers send it: no path, user or password.
    if (url.origin !== origin) return false;
    return schemesAndPorts.has(`${url.protocol}//:${url.port}`) && sites.forHost(url.hostname) !== undefined;
  };
}

/**
 * 403 for a state-changing call from another origin (Origin: null included),
 * before any session is looked at. A call with no Origin is not a browser's
 * cross-site request (browsers send Origin on every POST, PUT, PATCH and
 * DELETE), so it is allowed unless Sec-Fetch-Site says it is not same-origin.
 * The deployment's own origins are `own` and, with `sites`, every site's domains on their scheme and port (isStaffOrigin).
 */
export function sameOriginWrites(own: readonly string[], sites?: Pick<SiteStore, "forHost">): RequestHandler {
  const allowed = isStaffOrigin(own, sites);
  return (req, _res, next) => {
    if (!WRITE_METHODS.has(req.method)) return next();
    const origin = req.get("origin");
    const site = req.get("sec-fetch-site");
    if (origin !== undefined ? !allowed(origin) : site !== undefined && site !== "same-origin") {
      return next(new HttpError(403, "Staff changes are accepted only from the dealership's own site"));
    }
    next();
  };
}

/** The session token a request's cookie carries. */
export function sessionToken(req: Request): string | undefined {
  for (const part of (req.get("cookie") ?? "").split(";")) {
    const eq = part.indexOf("=");
    if (eq > 0 && part.slice(0, eq).trim() === SESSION_COOKIE) return part.slice(eq + 1).trim() || undefined;
  }
  return undefined;
}

declare module "express-serve-static-core" {
  interface Locals {
    staff?: StaffAccount;
    /** The signed-in account's password was reset by an owner: it must choose a new one first. */
    mustChangePassword?: boolean;
  }
}

/**
 * 401 without a live session. A session dies when it expires, on sign-out,
 * when its account is removed, and when the account's password changes.
 * The role is the account's current one. Sets res.locals.staff.
 */
export function requireSession(sessions: SessionStore, accounts: AccountStore): RequestHandler {
  return async (req, res, next) => {
    const token = sessionToken(req);
    const session = token ? await sessions.touch(token) : undefined;
    const account = session && (await accounts.get(session.email));
    if (!session || !account || session.createdAt < Date.parse(account.passwordChangedAt)) {
      if (token && session) await sessions.revoke(token);
      throw new HttpError(401, "Please sign in");
    }
    res.locals.staff = { email: account.email, role: account.role, createdAt: account.createdAt, ...(account.sites && { sites: account.sites }) };
    res.locals.mustChangePassword = account.mustChangePassword;
    next();
  };
}

/** 403 `{ code: "password-change-required" }` while the signed-in account must choose a new password (after requireSession). */
export const requireChosenPassword: RequestHandler = (_req, res, next) => {
  if (res.locals.mustChangePassword) return next(new HttpError(403, STAFF_MESSAGES.passwordChangeRequired, { code: PASSWORD_CHANGE_REQUIRED }));
  next();
};

/** 403 unless the signed-in account is the owner's. */
export const requireOwner: RequestHandler = (_req, res, next) => {
  if (!res.locals.staff || !canManageAccounts(res.locals.staff.role)) return next(new HttpError(403, "Only the owner may do this"));
  next();
};

/** 403 unless the signed-in account is an owner of the whole organisation (not one scoped to sites). */
export const requireOrganisationOwner: RequestHandler = (req, res, next) =>
  requireOwner(req, res, (err?: unknown) => {
    if (err) return next(err);
    if (!isOrganisationOwner(res.locals.staff!)) return next(new HttpError(403, "Only an owner of the whole organisation may do this"));
    next();
  });

/** 403 naming the site unless the signed-in account may act on it (after requireSession). */
export function requireSite(res: Response, siteId: string): void {
  if (!mayActOnSite(res.locals.staff!, siteId)) throw new HttpError(403, `Your account is not one of the site ${siteId}'s`);
}

/**
 * The site a per-site staff call acts on (docs/decisions/0058): the one `?site=ID` names, as the console sends the
 * site chosen in its header, else the site the request was sent to (a script's call to a site's own host). 400 for
 * a malformed parameter, 403 for a site the signed-in account may not act on, 404 for an unknown one (after requireSession).
 */
export function staffSite(req: Request, res: Response, sites: Pick<SiteStore, "get">): Site {
  const asked = req.query.site;
  if (asked !== undefined && (typeof asked !== "string" || asked === "" || asked.length > 100))
    throw new HttpError(400, "Name one site: ?site=ID", { fields: { site: "Name one of the sites" } });
  const id = asked ?? res.locals.site.id;
  requireSite(res, id);
  const site = sites.get(id);
  if (!site) throw new HttpError(404, `No site ${id}`);
  return site;
}

const FIFTEEN_MINUTES_MS = 15 * 60_000;

/** Per-IP limit on sign-in attempts, whatever the account: 429 with Retry-After. `store`: counts shared by every instance. */
export function signInRateLimit(perQuarterHour: number, store?: Store): RequestHandler {
  if (perQuarterHour === 0) return (_req, _res, next) => next();
  return rateLimit({
    ...(store ? { store } : {}),
    windowMs: FIFTEEN_MINUTES_MS,
    limit: perQuarterHour,
    standardHeaders: "draft-8",
    legacyHeaders: false,
    handler: (_req, res) => {
      res.status(429).json({ error: "Too many sign-in attempts from this address. Please wait a few minutes." });
    },
  });
}
