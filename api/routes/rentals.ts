import { randomUUID } from "node:crypto";
import express, { Router, type Request, type RequestHandler } from "express";
import type { Store } from "express-rate-limit";
import { ReservationRequestSchema, RentalQuoteInputSchema, reservationFieldErrors, type Reservation } from "../../domain/rental-booking";
import { siteOrigin } from "../../domain/site";
import { HttpError } from "../http-error";
import { isOwnOrigin, leadOrigins, openReads } from "../middleware/lead-origins";
import { contactRateLimit } from "../middleware/rate-limit";
import { requireJson } from "../middleware/require-json";
import { CONTACT_BODY_LIMIT } from "./contact";
import { addressKey } from "../connections-per-address";
import { EMAIL_LINK_INVALID, emailConfirmRefusal, type RentalDesk } from "./rentals-desk";

export interface RentalsRouterDeps {
  desk: RentalDesk;
  /** CONTACT_RATE_LIMIT: reservation posts per minute per address (0: off), counted apart from contact posts. */
  rateLimit: number;
  rateLimitStore?: Store;
  /** Whether a partner origin may post through a site (the contact form's list). */
  allowsOrigin: (site: string, origin: string) => boolean;
  /** PUBLIC_ORIGIN: what a reservation's site address is in development (domain/site.ts siteOrigin). */
  publicOrigin: string;
}

/** The public view of a reservation: what its renter sees. */
const publicReservation = (r: Reservation) => ({ reference: r.reference, status: r.status, quote: r.quote, ...(r.refund && { refund: r.refund }) });

/** The quote's fields from a query string: pickup unless a town is given. */
function quoteQuery(req: Request): Record<string, unknown> {
  const one = (name: string) => {
    const v = req.query[name];
    if (v !== undefined && typeof v !== "string") throw new HttpError(400, `Give ${name} once`, { fields: { [name]: "Give it once" } });
    return v;
  };
  const town = one("town");
  const drivers = one("drivers");
  return {
    plan: one("plan"),
    start: one("start"),
    end: one("end"),
    delivery: town ? { kind: "delivery", town, street: one("street") ?? "" } : { kind: "pickup" },
    drivers: drivers === undefined || drivers === "" ? 0 : Number(drivers),
  };
}

/**
 * The public rentals API (docs/partners/api.md, "Rental booking"): GET /availability (any origin), POST
 * /reservations (the site's own pages and its partner origins, limited per address like POST /api/contact), and the
 * renter's GET/POST /cancel by the signed link of their mail.
 */
export function rentalsRouter({ desk, rateLimit, rateLimitStore, allowsOrigin, publicOrigin }: RentalsRouterDeps): Router {
  const router = Router();

  // What the booking widget needs before it can price anything: the site's towns with their miles, and its clock. Its
  // day is told, not worked out in the browser: a time zone's date needs the browser's locale formatter, whose start
  // costs a phone 60-120 ms of main thread (docs/benchmarks.md §4).
  router.use("/options", openReads);
  router.get("/options", (_req, res) => {
    const site = res.locals.site;
    const { towns, timeZone } = desk.context(site);
    res.set("Cache-Control", "public, max-age=300").json({ timeZone, today: desk.today(site), towns });
  });

  router.use("/availability", openReads);
  router.get("/availability", async (req, res) => {
    const parsed = RentalQuoteInputSchema.safeParse(quoteQuery(req));
    if (!parsed.success) {
      const fields = reservationFieldErrors(parsed.error);
      throw new HttpError(400, Object.values(fields)[0] ?? "Please correct the highlighted fields.", { fields });
    }
    const answer = await desk.quote(res.locals.site, parsed.data);
    if (!answer.ok) throw new HttpError(400, Object.values(answer.errors)[0] ?? "Please correct the highlighted fields.", { fields: answer.errors });
    res.set("Cache-Control", "no-store");
    res.json({
      plan: answer.quote.plan,
      start: answer.quote.start,
      end: answer.quote.end,
      fleet: answer.availability.fleet,
      free: answer.availability.free,
      quote: answer.quote,
    });
  });

  const partners: RequestHandler = leadOrigins((origin, req, res) => isOwnOrigin(origin, req) || allowsOrigin(res.locals.site.id, origin));
  router.use("/reservations", partners);
  router.post("/reservations", contactRateLimit(rateLimit, rateLimitStore), requireJson, express.json({ limit: CONTACT_BODY_LIMIT }), async (req, res) => {
    const body: unknown = req.body;
    // Honeypot: people never see the "website" field, so a value means a bot. Answer as if stored.
    if (body && typeof body === "object" && "website" in body && typeof body.website === "string" && body.website.trim()) {
      res.status(201).json({ reference: `R-${randomUUID().slice(0, 6).toUpperCase()}`, status: "requested" });
      return;
    }
    const parsed = ReservationRequestSchema.safeParse(body);
    if (!parsed.success) throw new HttpError(400, "Please correct the highlighted fields.", { fields: reservationFieldErrors(parsed.error) });
    let answer;
    try {
      answer = await desk.reserve(res.locals.site, parsed.data, siteOrigin(res.locals.site, publicOrigin), addressKey(req.ip ?? ""));
    } catch (err) {
      // Nothing of it was kept: the renter may safely send it again.
      console.error(`[api] a rental request could not be stored (${err instanceof Error ? err.message : String(err)}); it was not kept`);
      throw new HttpError(500, "Your request could not be saved. Nothing was kept: please try again in a moment, or call us.");
    }
    if (!answer.ok && answer.status === 400) throw new HttpError(400, "Please correct the highlighted fields.", { fields: answer.errors });
    if (!answer.ok && answer.status === 429) throw new HttpError(429, answer.message, { fields: { email: answer.message } });
    if (!answer.ok) throw new HttpError(409, answer.message, { free: answer.availability.free });
    // The widget says "we have sent the details" only when a mail to the renter was stored with the request.
    res.status(201).json({ ...publicReservation(answer.reservation), mailQueued: answer.mailQueued });
  });

  // The renter's e-mail confirmation, by the signed link of the "request received" mail (the site's /rentals/confirm
  // page posts it): from then on the request holds its cart until staff decide.
  router.post("/confirm-email", requireJson, express.json({ limit: "2kb" }), async (req, res) => {
    const done = await desk.confirmEmail((req.body as { token?: unknown } | undefined)?.token);
    if (!done.ok && done.reason === "invalid") throw new HttpError(404, EMAIL_LINK_INVALID);
    if (!done.ok) throw new HttpError(409, emailConfirmRefusal(done));
    res.json({ reference: done.reservation.reference, status: done.reservation.status, emailConfirmed: true });
  });

  router.get("/cancel", async (req, res) => {
    const found = await desk.fromToken(req.query.token);
    if (!found.ok) throw new HttpError(404, "This cancellation link is not valid: check that the whole link was copied, or call us.");
    res.set("Cache-Control", "no-store");
    res.json({ ...publicReservation(found.reservation), refund: found.reservation.refund ?? found.refund, cancellable: found.cancellable });
  });
  router.post("/cancel", requireJson, express.json({ limit: "2kb" }), async (req, res) => {
    const token: unknown = (req.body as { token?: unknown } | undefined)?.token;
    const done = await desk.cancelByRenter(token);
    if (!done.ok) throw new HttpError(404, "This cancellation link is not valid: check that the whole link was copied, or call us.");
    if ("already" in done && done.already && done.reservation.status !== "cancelled")
      throw new HttpError(409, `This reservation is ${done.reservation.status} and can no longer be cancelled online: please call us.`);
    res.json({ reference: done.reservation.reference, status: "cancelled", refund: done.refund });
  });
  return router;
}
