import { randomBytes } from "node:crypto";
import express, { Router, type Request, type Response } from "express";
import { z } from "zod";
import { fieldErrors } from "../../../domain/contact";
import { leadName } from "../../../domain/lead";
import { auditEntryVisible } from "../../../domain/site-scope";
import { OriginSchema } from "../../../domain/origin";
import { AUDIT_KINDS, auditLeadId, NewStaffAccountSchema, StaffEmailSchema, type AuditEntry, type AuditKind } from "../../../domain/staff";
import { vehicleFieldErrors } from "../../../domain/vehicle";
import { signInWaits } from "../../auth/sign-in-throttle";
import { HttpError } from "../../http-error";
import { requireJson } from "../../middleware/require-json";
import { requireOrganisationOwner, requireOwner, staffSite } from "../../middleware/staff-guard";
import { AccountError } from "../../store/account-store";
import type { StaffDeps } from "./staff-router";
import { historyFirst } from "./audited";

export const AUDIT_DEFAULT_LIMIT = 100;
export const AUDIT_MAX_LIMIT = 1000;
const LIMIT_RULE = `limit must be a whole number from 1 to ${AUDIT_MAX_LIMIT}`;
/** The History's query: a page of `limit` entries `before` an entry's place (the `next` of the page before), of one vehicle, person or kind. */
const AuditQuerySchema = z.object({
  limit: z.coerce
    .number({ error: LIMIT_RULE })
    .int({ error: LIMIT_RULE })
    .min(1, { error: LIMIT_RULE })
    .max(AUDIT_MAX_LIMIT, { error: LIMIT_RULE })
    .default(AUDIT_DEFAULT_LIMIT),
  before: z.coerce
    .number({ error: "before must be the next of the page before" })
    .int({ error: "before must be the next of the page before" })
    .min(1)
    .optional(),
  vehicle: z.string().trim().min(1).max(200).optional(),
  who: z.string().trim().min(1).max(320).optional(),
  kind: z.enum(Object.keys(AUDIT_KINDS) as [AuditKind, ...AuditKind[]], { error: `kind must be one of: ${Object.keys(AUDIT_KINDS).join(", ")}` }).optional(),
});
const OriginsBodySchema = z.object({ added: z.array(OriginSchema).max(100) });

/** GET /api/staff/audit (any staff): entries about a lead also carry its name as the visitor gave it (`leadName`, null when it is gone). */
export function auditRouter({ audit, leads, vehicles }: StaffDeps): Router {
  const router = Router();
  router.get("/", async (req, res) => {
    const parsed = AuditQuerySchema.safeParse(req.query);
    if (!parsed.success) {
      const fields = Object.fromEntries(parsed.error.issues.map((i) => [String(i.path[0] ?? "query"), i.message]));
      throw new HttpError(400, Object.values(fields)[0] ?? "Check the history's query", { fields });
    }
    const { limit, before, vehicle, who, kind } = parsed.data;
    const me = res.locals.staff!;
    const filter = { vehicleId: vehicle, who, actions: kind ? AUDIT_KINDS[kind] : undefined };
    // The leads the entries name, each read once (the store may be a database).
    const named = new Map<string, Awaited<ReturnType<typeof leads.get>>>();
    const lookup = { lead: (id: string) => named.get(id), vehicle: (id: string) => vehicles.get(id) };
    // An account scoped to sites sees the history of its sites only (domain/site-scope.ts): pages are read until enough of it is found.
    const shown: AuditEntry[] = [];
    let next: number | null = before ?? null;
    for (let reads = 0; shown.length < limit && reads < (me.sites ? 20 : 1); reads++) {
      const page = await audit.page(filter, next, me.sites ? AUDIT_MAX_LIMIT : limit - shown.length);
      const ids = [...new Set(page.entries.map((e) => auditLeadId(e.entry)).filter((id) => id !== null && !named.has(id)))] as string[];
      for (const [id, lead] of await Promise.all(ids.map(async (id) => [id, await leads.get(id)] as const))) named.set(id, lead);
      next = page.next;
      for (const { seq, entry } of page.entries) {
        if (me.sites && !auditEntryVisible(me, entry, lookup)) continue;
        shown.push(entry);
        if (shown.length === limit) {
          // The next page starts after the last entry shown, whatever this read held beyond it.
          next = seq;
          break;
        }
      }
      if (next === null) break;
    }
    const entries = shown.map((entry) => {
      const leadId = auditLeadId(entry);
      if (leadId === null) return entry;
      const lead = named.get(leadId);
      // The lead's site too, so that a due time is shown in that site's time zone.
      return { ...entry, leadName: lead ? leadName(lead) : null, leadSite: lead?.site ?? null };
    });
    res.json({ entries, next });
  });
  return router;
}

/** Random bytes in a temporary password: 16 characters of base64url, 96 bits. */
export const TEMPORARY_PASSWORD_BYTES = 12;

/**
 * /api/staff/accounts (owner only): list, add, remove; and help an account:
 * POST :email/password-reset (a temporary password, answered once, to be
 * replaced at its next sign-in) and POST :email/unlock (its failed sign-ins forgotten); GET waiting: who the sign-in
 * throttle holds back (account, address, until when).
 */
export function accountsRouter({ accounts, sessions, audit, signInThrottle, sites }: StaffDeps): Router {
  const router = Router();
  // Accounts are the organisation's: an owner scoped to sites could otherwise make an account for every site.
  router.use(requireOrganisationOwner);
  const { audited } = historyFirst(audit);
  /** The write with its history entry, written first (audited.ts): an account's write that answers 500 stored neither. */
  const recorded = async (by: string, action: "account-add" | "account-remove" | "account-reset", account: string, write: () => Promise<unknown>) =>
    audited({ at: new Date().toISOString(), email: by, action, vehicleId: null, fields: [account] }, async () => (await write(), true));
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

  // Who the sign-in throttle holds back, accounts only: an e-mail that is no account's is what someone typed, maybe a password.
  router.get("/waiting", async (_req, res) => {
    const since = new Map<string, number>();
    for (const { email } of await accounts.list()) {
      const account = await accounts.get(email);
      if (account) since.set(email, Date.parse(account.passwordChangedAt));
    }
    const waits = signInWaits(await signInThrottle.pairs(), (email) => since.get(email) ?? Infinity);
    res.json({ waiting: waits.map((w) => ({ email: w.email, address: w.address, until: new Date(w.until).toISOString() })) });
  });

  router.post("/", requireJson, express.json({ limit: "4kb" }), async (req, res) => {
    const parsed = NewStaffAccountSchema.safeParse(req.body);
    if (!parsed.success) throw new HttpError(400, "Please correct the highlighted fields.", { fields: fieldErrors(parsed.error) });
    const unknownSite = parsed.data.sites?.find((id) => !sites.get(id));
    if (unknownSite !== undefined) throw new HttpError(400, "Please correct the highlighted fields.", { fields: { sites: `No site with id ${unknownSite}` } });
    try {
      let account: Awaited<ReturnType<typeof accounts.add>> | undefined;
      await recorded(res.locals.staff!.email, "account-add", parsed.data.email, async () => (account = await accounts.add(parsed.data)));
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
      await recorded(res.locals.staff!.email, "account-remove", email.data, () => accounts.remove(email.data));
    } catch (err) {
      if (err instanceof AccountError && err.code === "unknown") throw new HttpError(404, err.message);
      throw err;
    }
    await sessions.revokeAll(email.data);
    res.status(204).end();
  });

  router.post("/:email/password-reset", async (req, res) => {
    const email = await target(req, res, "reset");
    const temporaryPassword = randomBytes(TEMPORARY_PASSWORD_BYTES).toString("base64url");
    await recorded(res.locals.staff!.email, "account-reset", email, () => accounts.setPassword(email, temporaryPassword, { mustChange: true }));
    await sessions.revokeAll(email);
    await signInThrottle.clear(email);
    res.json({ email, temporaryPassword });
  });

  router.post("/:email/unlock", async (req, res) => {
    const email = await target(req, res, "unlock", true);
    await audited({ at: new Date().toISOString(), email: res.locals.staff!.email, action: "account-unlock", vehicleId: null, fields: [email] }, async () => {
      await signInThrottle.clear(email);
      return true;
    });
    res.status(204).end();
  });
  return router;
}

/**
 * /api/staff/origins (owner only): the partner origins that may post leads
 * through one site, beside its start-up list (the first site's: ALLOWED_ORIGINS
 * and the like; none for another). The site is the one `?site=` names (the
 * console's switcher), else the request's (staffSite); the answer names it.
 */
export function originsRouter({ origins, audit, sites }: StaffDeps): Router {
  const router = Router();
  // An owner of that site (or of the whole organisation) keeps its partner origins.
  router.use(requireOwner);
  const answer = (site: string) => ({ site, startup: origins.startup(site), added: origins.added(site) });

  router.get("/", (req, res) => {
    res.json(answer(staffSite(req, res, sites).id));
  });

  router.put("/", requireJson, express.json({ limit: "16kb" }), async (req, res) => {
    const site = staffSite(req, res, sites).id;
    const parsed = OriginsBodySchema.safeParse(req.body);
    if (!parsed.success) {
      const body: unknown = req.body;
      const bad = parsed.error.issues.find((i) => i.path[0] === "added" && typeof i.path[1] === "number");
      const value = bad && body && typeof body === "object" && "added" in body && Array.isArray(body.added) ? body.added[bad.path[1] as number] : undefined;
      const message = value !== undefined ? `Not an origin: ${JSON.stringify(value)} ${bad!.message}` : "Send { added: [origins] }";
      throw new HttpError(400, message, { fields: vehicleFieldErrors(parsed.error) });
    }
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
