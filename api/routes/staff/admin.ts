import { randomBytes } from "node:crypto";
import express, { Router, type Request, type Response } from "express";
import { z } from "zod";
import { fieldErrors } from "../../../domain/contact";
import { leadName } from "../../../domain/lead";
import { auditEntryVisible } from "../../../domain/site-scope";
import { OriginSchema } from "../../../domain/origin";
import { auditLeadId, NewStaffAccountSchema, StaffEmailSchema } from "../../../domain/staff";
import { vehicleFieldErrors } from "../../../domain/vehicle";
import { HttpError } from "../../http-error";
import { requireJson } from "../../middleware/require-json";
import { requireOrganisationOwner, requireOwner, requireSite } from "../../middleware/staff-guard";
import { AccountError } from "../../store/account-store";
import type { StaffDeps } from "./staff-router";

export const AUDIT_DEFAULT_LIMIT = 100;
export const AUDIT_MAX_LIMIT = 1000;
const LimitSchema = z.coerce.number().int().min(1).max(AUDIT_MAX_LIMIT).default(AUDIT_DEFAULT_LIMIT);
const OriginsBodySchema = z.object({ added: z.array(OriginSchema).max(100) });

/** GET /api/staff/audit (any staff): entries about a lead also carry its name as the visitor gave it (`leadName`, null when it is gone). */
export function auditRouter({ audit, leads, vehicles }: StaffDeps): Router {
  const router = Router();
  router.get("/", async (req, res) => {
    const limit = LimitSchema.safeParse(req.query.limit);
    if (!limit.success)
      throw new HttpError(400, `limit must be a whole number from 1 to ${AUDIT_MAX_LIMIT}`, { fields: { limit: limit.error.issues[0]!.message } });
    const me = res.locals.staff!;
    // An account scoped to sites sees the history of its sites only (domain/site-scope.ts).
    const candidates = audit.recent(me.sites ? AUDIT_MAX_LIMIT : limit.data);
    // The leads the entries name, each read once (the store may be a database).
    const ids = [...new Set(candidates.map(auditLeadId).filter((id) => id !== null))];
    const named = new Map(await Promise.all(ids.map(async (id) => [id, await leads.get(id)] as const)));
    const lookup = { lead: (id: string) => named.get(id), vehicle: (id: string) => vehicles.get(id) };
    const recent = me.sites ? candidates.filter((e) => auditEntryVisible(me, e, lookup)).slice(0, limit.data) : candidates;
    const entries = recent.map((entry) => {
      const leadId = auditLeadId(entry);
      if (leadId === null) return entry;
      const lead = named.get(leadId);
      return { ...entry, leadName: lead ? leadName(lead) : null };
    });
    res.json({ entries });
  });
  return router;
}

/** Random bytes in a temporary password: 16 characters of base64url, 96 bits. */
export const TEMPORARY_PASSWORD_BYTES = 12;

/**
 * /api/staff/accounts (owner only): list, add, remove; and help an account:
 * POST :email/password-reset (a temporary password, answered once, to be
 * replaced at its next sign-in) and POST :email/unlock (its failed sign-ins forgotten).
 */
export function accountsRouter({ accounts, sessions, audit, signInThrottle, sites }: StaffDeps): Router {
  const router = Router();
  // Accounts are the organisation's: an owner scoped to sites could otherwise make an account for every site.
  router.use(requireOrganisationOwner);
  const record = (by: string, action: "account-add" | "account-remove" | "account-reset" | "account-unlock", account: string) =>
    audit.append({ at: new Date().toISOString(), email: by, action, vehicleId: null, fields: [account] });
  /** The account the path names (404 when there is none); the owner's own only if `self`. */
  const target = async (req: Request, res: Response, doing: string, self = false) => {
    const email = StaffEmailSchema.safeParse(req.params.email);
    if (!email.success || !(await accounts.get(email.data))) throw new HttpError(404, `No staff account for ${String(req.params.email)}`);
    if (!self && email.data === res.locals.staff!.email)
      throw new HttpError(400, `You cannot ${doing} your own account; another owner can`, { fields: { email: "This is your own account" } });
    return email.data;
  };

  router.get("/", async (_req, res) => {
    res.json({ accounts: await accounts.list() });
  });

  router.post("/", requireJson, express.json({ limit: "4kb" }), async (req, res) => {
    const parsed = NewStaffAccountSchema.safeParse(req.body);
    if (!parsed.success) throw new HttpError(400, "Please correct the highlighted fields.", { fields: fieldErrors(parsed.error) });
    const unknownSite = parsed.data.sites?.find((id) => !sites.get(id));
    if (unknownSite !== undefined) throw new HttpError(400, "Please correct the highlighted fields.", { fields: { sites: `No site with id ${unknownSite}` } });
    try {
      const account = await accounts.add(parsed.data);
      await record(res.locals.staff!.email, "account-add", account.email);
      res.status(201).json(account);
    } catch (err) {
      if (err instanceof AccountError && err.code === "exists") throw new HttpError(409, err.message);
      throw err;
    }
  });

  router.delete("/:email", async (req, res) => {
    const email = StaffEmailSchema.safeParse(req.params.email);
    if (!email.success) throw new HttpError(404, `No staff account for ${req.params.email}`);
    if (email.data === res.locals.staff!.email)
      throw new HttpError(400, "You cannot remove your own account; another owner can", { fields: { email: "This is your own account" } });
    try {
      await accounts.remove(email.data);
    } catch (err) {
      if (err instanceof AccountError && err.code === "unknown") throw new HttpError(404, err.message);
      throw err;
    }
    await sessions.revokeAll(email.data);
    await record(res.locals.staff!.email, "account-remove", email.data);
    res.status(204).end();
  });

  router.post("/:email/password-reset", async (req, res) => {
    const email = await target(req, res, "reset");
    const temporaryPassword = randomBytes(TEMPORARY_PASSWORD_BYTES).toString("base64url");
    await accounts.setPassword(email, temporaryPassword, { mustChange: true });
    await sessions.revokeAll(email);
    await signInThrottle.clear(email);
    await record(res.locals.staff!.email, "account-reset", email);
    res.json({ email, temporaryPassword });
  });

  router.post("/:email/unlock", async (req, res) => {
    const email = await target(req, res, "unlock", true);
    await signInThrottle.clear(email);
    await record(res.locals.staff!.email, "account-unlock", email);
    res.status(204).end();
  });
  return router;
}

/**
 * /api/staff/origins (owner only): the partner origins that may post leads
 * through the request's site (the host it was sent to), beside its start-up
 * list (the first site's: ALLOWED_ORIGINS and the like; none for another).
 */
export function originsRouter({ origins, audit }: StaffDeps): Router {
  const router = Router();
  // An owner of the request's site (or of the whole organisation) keeps its partner origins.
  router.use(requireOwner, (_req, res, next) => {
    requireSite(res, res.locals.site.id);
    next();
  });
  const answer = (site: string) => ({ startup: origins.startup(site), added: origins.added(site) });

  router.get("/", (_req, res) => {
    res.json(answer(res.locals.site.id));
  });

  router.put("/", requireJson, express.json({ limit: "16kb" }), async (req, res) => {
    const parsed = OriginsBodySchema.safeParse(req.body);
    if (!parsed.success) {
      const body: unknown = req.body;
      const bad = parsed.error.issues.find((i) => i.path[0] === "added" && typeof i.path[1] === "number");
      const value = bad && body && typeof body === "object" && "added" in body && Array.isArray(body.added) ? body.added[bad.path[1] as number] : undefined;
      const message = value !== undefined ? `Not an origin: ${JSON.stringify(value)} ${bad!.message}` : "Send { added: [origins] }";
      throw new HttpError(400, message, { fields: vehicleFieldErrors(parsed.error) });
    }
    const site = res.locals.site.id;
    const startup = parsed.data.added.filter((o) => origins.startup(site).includes(o) && !origins.added(site).includes(o));
    if (startup.length > 0) {
      throw new HttpError(400, `Already allowed at start-up (the site, the demo pages or ALLOWED_ORIGINS): ${startup.join(", ")}. Nothing to add.`, {
        fields: { added: `${startup.join(", ")} may already send leads` },
      });
    }
    const before = new Set(origins.added(site));
    const after = await origins.setAdded(site, parsed.data.added);
    const added = after.filter((o) => !before.has(o));
    const removed = [...before].filter((o) => !after.includes(o));
    // Each origin as a change from nothing (added) or to nothing (removed), so the history can say which.
    const changes = [...added.map((o) => ({ field: "origin", from: null, to: o })), ...removed.map((o) => ({ field: "origin", from: o, to: null }))];
    await audit.append({
      at: new Date().toISOString(),
      email: res.locals.staff!.email,
      action: "origins-update",
      vehicleId: null,
      fields: [...added, ...removed],
      changes,
    });
    res.json(answer(site));
  });
  return router;
}
