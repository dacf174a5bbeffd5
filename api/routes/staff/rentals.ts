import express, { Router, type Request, type Response } from "express";
import { z } from "zod";
import {
  RENTAL_PLAN_IDS,
  RESERVATION_STATUSES,
  RentalSettingsSchema,
  reservationFieldErrors,
  type ReservationAction,
  type Reservation,
} from "../../../domain/rental-booking";
import { addDays, dayStartsAt, isLocalDateTime } from "../../../domain/local-time";
import type { Site } from "../../../domain/site";
import type { AuditAction } from "../../../domain/staff";
import { HttpError } from "../../http-error";
import { requireJson } from "../../middleware/require-json";
import { requireOwner, requireSite, staffSite } from "../../middleware/staff-guard";
import type { StoredRentalSettings, ChangeResult } from "../../store/rental-store";
import { noCartMessage } from "../rentals-desk";
import type { StaffDeps } from "./staff-router";

const NO_IF_MATCH = "Send If-Match with the ETag of the version you read, so that no one's change is lost";

/** A reservation's ETag: its id and version. */
export const reservationEtag = (r: Pick<Reservation, "id" | "version">) => `"r-${r.id}-${r.version}"`;
/** A site's rental settings as the staff API answers them. */
const settingsBody = (site: string, s: StoredRentalSettings) => ({
  site,
  fleet: s.fleet,
  turnaroundHours: s.turnaroundHours,
  bookingHorizonDays: s.bookingHorizonDays,
});

/** A site's rental settings' ETag: the site and the version (0 for the defaults). */
export const settingsEtag = (site: string, s: Pick<StoredRentalSettings, "version">) => `"rs-${site}-${s.version}"`;

/** The version an If-Match names for `etag`'s prefix, or null when it names another (stale, or another thing's). */
function versionOf(ifMatch: string, prefix: string): number | null {
  const m = new RegExp(`^(?:W/)?"${prefix.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}(\\d+)"$`).exec(ifMatch.trim());
  return m ? Number(m[1]) : null;
}

const QuerySchema = z.object({
  site: z.string().max(100).optional(),
  from: z.iso.datetime({ offset: true, error: "from must be a date and time such as 2027-06-01T00:00:00Z" }).optional(),
  to: z.iso.datetime({ offset: true, error: "to must be a date and time such as 2027-07-01T00:00:00Z" }).optional(),
  status: z.enum(RESERVATION_STATUSES, { error: `status must be one of ${RESERVATION_STATUSES.join(", ")}` }).optional(),
  plan: z.enum(RENTAL_PLAN_IDS).optional(),
  /** A calendar: `days` days from `day` (the site's today when absent), each from the site's midnight. */
  day: z.iso.date({ error: "day must be a date such as 2027-06-01" }).optional(),
  days: z.coerce.number({ error: "days must be a number from 1 to 62" }).int().min(1).max(62).optional(),
});
const DeclineSchema = z.object({
  reason: z.string({ error: "Give the reason the renter will read" }).trim().min(3, "Give the reason the renter will read").max(500),
});
const localTime = (name: string) =>
  z
    .string({ error: `Give the ${name} as a date and time such as 2027-06-12T10:00` })
    .refine(isLocalDateTime, `Give the ${name} as a date and time such as 2027-06-12T10:00`);
const MoveSchema = z.object({ start: localTime("start"), end: localTime("end") });

/**
 * The rental desk (docs/staff/rentals.md), for sales and owners, scoped to the account's sites: the
 * reservations of a site (`?site=`, else the one the console is served as) with their ETags; confirm, decline (with
 * the reason the renter reads), move (re-quoted, only onto free carts) and cancel (the refund of the moment), each
 * with If-Match, audited and mailed to the renter; the fleet and turnaround, which only owners set.
 */
export function staffRentalsRouter({ rentals: desk, sites, audit }: StaffDeps): Router {
  const router = Router();
  const json = [requireJson, express.json({ limit: "8kb" })];

  /** The site a request is about: `?site=` or the console's own; 403 for a site not the account's, 404 for none (staffSite). */
  const siteOf = (req: Request, res: Response): Site => staffSite(req, res, sites);
  /** The reservation `:id`, when the account may act on its site. */
  const found = async (req: Request, res: Response): Promise<Reservation> => {
    const r = await desk.store.get(String(req.params.id));
    if (!r) throw new HttpError(404, "No such reservation");
    requireSite(res, r.site);
    return r;
  };
  const record = (res: Response, action: AuditAction, fields: string[]) =>
    audit.append({ at: new Date().toISOString(), email: res.locals.staff!.email, action, vehicleId: null, fields });
  const withEtag = (r: Reservation) => ({ ...r, etag: reservationEtag(r) });

  router.get("/reservations", async (req, res) => {
    const parsed = QuerySchema.safeParse(req.query);
    if (!parsed.success) {
      const fields = reservationFieldErrors(parsed.error);
      throw new HttpError(400, Object.values(fields)[0] ?? "Bad query", { fields });
    }
    const site = siteOf(req, res);
    const { status, plan, days } = parsed.data;
    // Days are the site's: a calendar's midnights and today are in its time zone, whatever the staff's computer says.
    const timeZone = desk.timeZone(site);
    const today = desk.today(site);
    const first = days ? (parsed.data.day ?? today) : undefined;
    const from = first ? dayStartsAt(first, timeZone) : parsed.data.from && new Date(parsed.data.from);
    const to = first ? dayStartsAt(addDays(first, days!), timeZone) : parsed.data.to && new Date(parsed.data.to);
    const list = await desk.store.list(site.id, { ...(from && { from }), ...(to && { to }), ...(status && { status }) });
    res.json({
      site: site.id,
      timeZone,
      today,
      ...(first && { day: first }),
      reservations: list.filter((r) => !plan || r.plan === plan).map(withEtag),
    });
  });

  router.get("/reservations/:id", async (req, res) => {
    const r = await found(req, res);
    res.set("ETag", reservationEtag(r)).json(withEtag(r));
  });

  const ACTIONS: Record<ReservationAction, (req: Request) => { reason?: string; start?: string; end?: string }> = {
    confirm: () => ({}),
    cancel: () => ({}),
    decline: (req) => {
      const parsed = DeclineSchema.safeParse(req.body ?? {});
      if (!parsed.success) throw new HttpError(400, "Give the reason the renter will read", { fields: reservationFieldErrors(parsed.error) });
      return parsed.data;
    },
    move: (req) => {
      const parsed = MoveSchema.safeParse(req.body ?? {});
      if (!parsed.success) {
        const fields = reservationFieldErrors(parsed.error);
        throw new HttpError(400, Object.values(fields)[0] ?? "Give the new start and end", { fields });
      }
      return parsed.data;
    },
  };

  for (const action of Object.keys(ACTIONS) as ReservationAction[]) {
    router.post(`/reservations/:id/${action}`, ...json, async (req, res) => {
      const current = await found(req, res);
      const ifMatch = req.get("if-match");
      if (!ifMatch) throw new HttpError(428, NO_IF_MATCH);
      const version = versionOf(ifMatch, `r-${current.id}-`);
      const args = ACTIONS[action](req);
      const site = sites.get(current.site);
      const result: ChangeResult =
        version === null ? { ok: false, reason: "stale", current } : await desk.act(current.id, version, res.locals.staff!.email, action, args, site);
      if (!result.ok) return refuse(res, result, action);
      const r = result.reservation;
      const detail = r.history.at(-1)?.detail ?? action;
      await record(res, `rental-${action}`, [r.site, r.reference, detail]);
      res.set("ETag", reservationEtag(r)).json(withEtag(r));
    });
  }

  router.get("/settings", async (req, res) => {
    const site = siteOf(req, res);
    const s = await desk.store.settings(site.id);
    res.set("ETag", settingsEtag(site.id, s)).json(settingsBody(site.id, s));
  });

  router.put("/settings", requireOwner, ...json, async (req, res) => {
    const site = siteOf(req, res);
    const ifMatch = req.get("if-match");
    if (!ifMatch) throw new HttpError(428, NO_IF_MATCH);
    const parsed = RentalSettingsSchema.safeParse(req.body);
    if (!parsed.success) {
      const fields = reservationFieldErrors(parsed.error);
      throw new HttpError(400, Object.values(fields)[0] ?? "Please correct the highlighted fields.", { fields });
    }
    const version = versionOf(ifMatch, `rs-${site.id}-`);
    const stored = await desk.store.settings(site.id);
    const settings = { ...parsed.data, bookingHorizonDays: parsed.data.bookingHorizonDays ?? stored.bookingHorizonDays };
    const result = version === null ? { ok: false as const, current: stored } : await desk.store.setSettings(site.id, settings, version);
    if (!result.ok) {
      const c = result.current;
      res
        .status(412)
        .set("ETag", settingsEtag(site.id, c))
        .json({
          error: "The rental settings were changed by someone else since you loaded them",
          current: settingsBody(site.id, c),
        });
      return;
    }
    const s = result.settings;
    await record(res, "rental-settings", [
      site.id,
      ...RENTAL_PLAN_IDS.map((p) => `${p}: ${s.fleet[p]}`),
      `turnaround: ${s.turnaroundHours} h`,
      `bookable ${s.bookingHorizonDays} days ahead`,
    ]);
    res.set("ETag", settingsEtag(site.id, s)).json(settingsBody(site.id, s));
  });

  return router;
}

/** A refused step's answer: 404, 412 with the current reservation, 409 with the reason in words. */
function refuse(res: Response, result: Extract<ChangeResult, { ok: false }>, action: ReservationAction): void {
  switch (result.reason) {
    case "missing":
      throw new HttpError(404, "No such reservation");
    case "stale":
      res
        .status(412)
        .set("ETag", reservationEtag(result.current))
        .json({
          error: "This reservation was changed since you loaded it: look at it again before you act",
          current: { ...result.current, etag: reservationEtag(result.current) },
        });
      return;
    case "full":
      throw new HttpError(409, noCartMessage(result.current.plan), { free: result.availability.free });
    case "refused":
      throw new HttpError(action === "move" ? 400 : 409, result.message);
  }
}
