import { Router } from "express";
import { bookingDays, DATE_PATTERN, daySlots, TEST_DRIVE_MESSAGES, testDriveRefusal } from "../../domain/test-drive";
import { siteTimeZone } from "../../domain/site";
import { isPublic, isShownOn } from "../../domain/vehicle";
import { HttpError } from "../http-error";
import type { LeadStore } from "../store/lead-store";
import type { VehicleStore } from "../store/vehicle-store";

/** The answer of GET /api/test-drives/slots. */
export interface TestDriveSlots {
  vehicle: string;
  /** The days that can be picked (open ones, from today, BOOKING_DAYS of them). */
  days: string[];
  /** The day asked for (the first of `days` when none was). */
  date: string;
  /** That day's slots: `free` false once started or booked for this cart. */
  slots: { slot: string; time: string; free: boolean }[];
}

/**
 * GET /api/test-drives/slots?vehicle=ID&date=YYYY-MM-DD: the days a cart of the request's site can be test driven, and
 * one day's slots within the site's opening hours, those already booked for that cart or started marked not free.
 * Public (it names no visitor); a sold cart is 410, one on hold or out of stock 409, an unknown one 404, a bad or
 * closed day 400, in words.
 */
export function testDrivesRouter(leads: Pick<LeadStore, "bookedSlots">, vehicles: Pick<VehicleStore, "get">, now: () => Date = () => new Date()): Router {
  const router = Router();
  router.get("/slots", async (req, res) => {
    const site = res.locals.site;
    const id = typeof req.query.vehicle === "string" ? req.query.vehicle : "";
    const v = id ? vehicles.get(id) : undefined;
    if (!id) throw new HttpError(400, `${TEST_DRIVE_MESSAGES.vehicle}: add ?vehicle= with its id`);
    if (!v || !isShownOn(v, site.id) || !isPublic(v)) throw new HttpError(404, `We list no vehicle "${id}"`);
    const refusal = testDriveRefusal(v);
    if (refusal) throw new HttpError(v.status === "sold" ? 410 : 409, refusal);
    const t = now();
    const zone = siteTimeZone(site);
    const days = bookingDays(site.hours, t, zone);
    if (!days.length) throw new HttpError(404, "We have no open day in the next two weeks: please call us to book a test drive");
    const asked = typeof req.query.date === "string" ? req.query.date : undefined;
    if (asked !== undefined && !DATE_PATTERN.test(asked)) throw new HttpError(400, "The date must be a day written YYYY-MM-DD");
    if (asked !== undefined && !days.includes(asked))
      throw new HttpError(400, `Test drives can be booked on ${days[0]} to ${days.at(-1)}, on open days: ${asked} is not one`);
    const date = asked ?? days[0]!;
    const slots = daySlots(site.hours, date, t, new Set(await leads.bookedSlots(site.id, v.id, date)), zone);
    res.set("Cache-Control", "no-store");
    res.json({ vehicle: v.id, days, date, slots } satisfies TestDriveSlots);
  });
  return router;
}
