import express, { Router, type Response } from "express";
import { SiteSchema, type Site } from "../../../domain/site";
import { isOrganisationOwner, mayActOnSite } from "../../../domain/staff";
import { vehicleFieldErrors } from "../../../domain/vehicle";
import { HttpError } from "../../http-error";
import { requireJson } from "../../middleware/require-json";
import { requireOrganisationOwner, requireSite } from "../../middleware/staff-guard";
import { SiteConflictError, SitePreconditionError } from "../../store/site-store";
import type { StaffDeps } from "./staff-router";
import { historyFirst } from "./audited";

/** A site with forty towns and its links is a few kB. */
const SITE_BODY_LIMIT = "64kb";
const INVALID = "Please correct the highlighted fields.";
const NO_IF_MATCH = "Send If-Match with the ETag of the version you edited, so that no one's change is lost";

/** The top-level fields that differ between two versions of a site. */
const changedSiteFields = (before: Site, after: Site): string[] =>
  [...new Set([...Object.keys(before), ...Object.keys(after)])].filter(
    (k) => JSON.stringify(before[k as keyof Site]) !== JSON.stringify(after[k as keyof Site]),
  );

/**
 * /api/staff/sites: GET lists the sites the account may act on (an
 * organisation-wide account: all), with `canManage` for an organisation owner;
 * GET /:id one of them with its ETag. POST, PUT (If-Match) and DELETE are an
 * organisation owner's, validated by SiteSchema and audited. DELETE refuses a
 * site that still has leads unless `?force=1`; the store refuses the last site
 * and a domain another site claims (409, naming that site).
 */
export function staffSitesRouter({ sites, leads, followUps, audit }: StaffDeps): Router {
  const router = Router();
  const json = [requireOrganisationOwner, requireJson, express.json({ limit: SITE_BODY_LIMIT })];
  const send = (res: Response, status: number, site: Site) => res.status(status).set("ETag", sites.etag(site)).json(site);
  const found = (res: Response, id: string) => {
    const site = sites.get(id);
    if (!site) throw new HttpError(404, `No site ${id}`);
    requireSite(res, id);
    return site;
  };
  const { audited } = historyFirst(audit);
  /** The write with its history entry, written first (audited.ts): a site write that answers 500 stored neither. */
  const recorded = <T>(res: Response, action: "site-add" | "site-update" | "site-remove", id: string, fields: string[], write: () => Promise<T | undefined>) =>
    audited({ at: new Date().toISOString(), email: res.locals.staff!.email, action, vehicleId: null, fields: [id, ...fields] }, write);
  /** 409 for a taken id, a domain another site claims (the message names it) or the last site. */
  const conflictAs409 = (err: unknown): never => {
    if (err instanceof SiteConflictError) throw new HttpError(409, err.message, /domain/.test(err.message) ? { fields: { domains: err.message } } : {});
    throw err;
  };
  const leadCount = async (id: string) => (await leads.count({ query: { site: id }, followUp: followUps.get })).total;

  router.get("/", (_req, res) => {
    const me = res.locals.staff!;
    // Every site by its name too: a cart a scoped account sees may be shown on sites not its own (the vehicle form, the inventory).
    const everySite = sites.list().map(({ id, name }) => ({ id, name }));
    res.json({ sites: sites.list().filter((s) => mayActOnSite(me, s.id)), canManage: isOrganisationOwner(me), everySite });
  });

  router.get("/:id", (req, res) => {
    send(res, 200, found(res, req.params.id as string));
  });

  router.post("/", ...json, async (req, res) => {
    const parsed = SiteSchema.safeParse(req.body);
    if (!parsed.success) throw new HttpError(400, INVALID, { fields: vehicleFieldErrors(parsed.error) });
    const created = (await recorded(res, "site-add", parsed.data.id, [], () => sites.create(parsed.data)).catch(conflictAs409))!;
    res.location(`/api/staff/sites/${encodeURIComponent(created.id)}`);
    send(res, 201, created);
  });

  router.put("/:id", ...json, async (req, res) => {
    const id = req.params.id as string;
    const previous = found(res, id);
    const ifMatch = req.get("if-match");
    if (!ifMatch) throw new HttpError(428, NO_IF_MATCH);
    const body: unknown = req.body;
    const parsed = SiteSchema.safeParse(body && typeof body === "object" && !("id" in body) ? { ...body, id } : body);
    if (!parsed.success) throw new HttpError(400, INVALID, { fields: vehicleFieldErrors(parsed.error) });
    if (parsed.data.id !== id)
      throw new HttpError(400, INVALID, { fields: { id: "The id cannot change: its leads and accounts name it; add a new site instead" } });
    try {
      const replaced = await recorded(res, "site-update", id, changedSiteFields(previous, parsed.data), () => sites.replace(id, parsed.data, ifMatch));
      if (!replaced) throw new HttpError(404, `No site ${id}`);
      send(res, 200, replaced);
    } catch (err) {
      if (!(err instanceof SitePreconditionError)) return conflictAs409(err);
      res.status(412).set("ETag", sites.etag(err.current)).json({ error: err.message, current: err.current });
    }
  });

  router.delete("/:id", requireOrganisationOwner, async (req, res) => {
    const id = req.params.id as string;
    found(res, id);
    const count = await leadCount(id);
    if (count > 0 && req.query.force !== "1")
      throw new HttpError(
        409,
        `The site ${id} still has ${count} lead${count === 1 ? "" : "s"}: they would no longer be shown on any site. Remove it anyway with ?force=1.`,
        { leads: count },
      );
    const removed = await recorded(res, "site-remove", id, count > 0 ? [`${count} leads`] : [], () => sites.remove(id)).catch(conflictAs409);
    if (!removed) throw new HttpError(404, `No site ${id}`);
    res.status(204).end();
  });

  return router;
}
