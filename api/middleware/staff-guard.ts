import type { Request, RequestHandler, Response } from "express";
import { rateLimit, type Store } from "express-rate-limit";
import { canManageAccounts, isOrganisationOwner, mayActOnSite, PASSWORD_CHANGE_REQUIRED, STAFF_MESSAGES, type StaffAccount } from "../../domain/staff";
import type { AccountStore } from "../store/account-store";
import type { SessionStore } from "../store/session-store";
import { HttpError } from "../http-error";

export const SESSION_COOKIE = "gc_staff";
const WRITE_METHODS = new Set(["POST", "PUT", "PATCH", "DELETE"]);

/** Staff answers are never cached, by browsers or proxies. */
export const noStore: RequestHandler = (_req, res, next) => {
  res.set("Cache-Control", "no-store");
  next();
};

/**
 * 403 for a state-changing call from another origin (Origin: null included),
 * before any session is looked at. A call with no Origin is not a browser's
 * cross-site request (browsers send Origin on every POST, PUT, PATCH and
 * DELETE), so it is allowed unless Sec-Fetch-Site says it is not same-origin.
 */
export function sameOriginWrites(own: readonly string[]): RequestHandler {
  const allowed = new Set(own);
  return (req, _res, next) => {
    if (!WRITE_METHODS.has(req.method)) return next();
    const origin = req.get("origin");
    const site = req.get("sec-fetch-site");
    if (origin !== undefined ? !allowed.has(origin) : site !== undefined && site !== "same-origin") {
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
