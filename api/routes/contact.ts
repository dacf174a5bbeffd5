import { randomUUID } from "node:crypto";
import express, { Router } from "express";
import { CONTACT_MESSAGES, ContactRequestSchema, fieldErrors } from "../../domain/contact";
import { leadVehicleOf, type Lead } from "../../domain/lead";
import { siteTimeZone, type Site } from "../../domain/site";
import type { LeadTradeIn } from "../../domain/trade-in";
import { localNow, nextFreeSlot, slotProblem, slotTakenMessage, testDriveRefusal, tooManyTestDrivesMessage } from "../../domain/test-drive";
import { isPublic, isShownOn } from "../../domain/vehicle";
import type { VehicleStore } from "../store/vehicle-store";
import { describeWriteError, SlotTakenError, TooManyTestDrivesError, type LeadStore } from "../store/lead-store";
import { addressKey } from "../connections-per-address";
import { HttpError } from "../http-error";
import { requireJson } from "../middleware/require-json";

/** Lead bodies are small; anything bigger is refused with 413. */
export const CONTACT_BODY_LIMIT = "16kb";

/** Takes stored leads for mail delivery; absent when mail is off. */
export interface LeadQueue {
  enqueue(lead: Lead): void;
  /** Staff's resend of a lead whose mail failed or was never sent; "sent" (and nothing sent) when it already landed. */
  resend(id: string): Promise<"queued" | "sent" | "unknown">;
  /** Present when booked test drives are confirmed to their visitors by mail (api/mail/test-drive-outbox.ts): one was stored. */
  confirmTestDrive?(lead: Lead): void;
}

/** What taking a lead needs: where leads go, their mail, and the catalogue its cart is looked up in. */
export interface LeadIntakeDeps {
  leads: LeadStore;
  outbox: LeadQueue | null;
  vehicles: Pick<VehicleStore, "get">;
  /** The time now (tests move it). */
  now?: () => Date;
  /** Assigns a new lead by its site's rule (the sales side); never fails. */
  assign?: (lead: Lead) => Promise<void>;
  /** Upcoming test drives one e-mail or one client address may hold (TEST_DRIVE_LIMIT); 0 or absent: no limit. */
  testDriveLimit?: number;
}

/** Why a lead was not taken: the status, the message, per-field messages, and for a slot taken the next free one. */
export interface LeadRefusal {
  status: number;
  error: string;
  fields: Record<string, string>;
  nextSlot?: string | null;
}

const FIX_FIELDS = "Please correct the highlighted fields.";

/**
 * Take a visitor's lead (the JSON API's body, or the site's own form's fields): check it with the core schema, look up
 * the cart it names on this site (a cart sold since is still named), check a test drive's slot against the site's
 * hours, store it (a slot booked already is refused with the next free one), then hand it to the outbox.
 * Resolves to the stored lead, or to a refusal in words; a bot's honeypot gets a fake id and stores nothing.
 */
export function leadIntake({ leads, outbox, vehicles, now = () => new Date(), assign, testDriveLimit = 0 }: LeadIntakeDeps) {
  return async (
    body: unknown,
    { site, origin, tradeIn, address }: { site: Site; origin: string | null; tradeIn?: LeadTradeIn; address?: string },
  ): Promise<{ id: string; lead?: Lead; mailQueued: boolean } | LeadRefusal> => {
    // Honeypot: people never see the "website" field, so a value means a bot. Answer as if stored.
    if (body && typeof body === "object" && "website" in body && typeof body.website === "string" && body.website.trim())
      return { id: randomUUID(), mailQueued: false };
    const parsed = ContactRequestSchema.safeParse(body);
    if (!parsed.success) return { status: 400, error: FIX_FIELDS, fields: fieldErrors(parsed.error) };
    const { source, website: _website, ...message } = parsed.data;
    // The cart it is about: one this site lists, whatever its status (a cart sold since the page was loaded is still named).
    const about = message.vehicleId === undefined ? undefined : vehicles.get(message.vehicleId);
    if (message.vehicleId !== undefined && (!about || !isShownOn(about, site.id) || !isPublic(about))) {
      return { status: 400, error: FIX_FIELDS, fields: { vehicleId: `${CONTACT_MESSAGES.vehicleId}: we list no vehicle "${message.vehicleId}"` } };
    }
    const notDrivable = message.kind === "test-drive" && about ? testDriveRefusal(about) : null;
    if (notDrivable) return { status: 400, error: notDrivable, fields: { vehicleId: notDrivable } };
    if (message.slot !== undefined) {
      const problem = slotProblem(site.hours, message.slot, now(), siteTimeZone(site));
      if (problem) return { status: 400, error: FIX_FIELDS, fields: { slot: problem } };
    }
    const booking = message.kind === "test-drive" && message.slot !== undefined;
    // Slots from now on are upcoming: a drive already started no longer counts against its visitor.
    const here = localNow(now(), siteTimeZone(site));
    const cap = booking && testDriveLimit > 0 ? { max: testDriveLimit, from: `${here.date}T${here.time}` } : undefined;
    try {
      const lead = await leads.add(
        {
          message,
          origin,
          source: source || null,
          site: site.id,
          ...(about && { vehicle: leadVehicleOf(about) }),
          ...(tradeIn && { tradeIn }),
          // The visitor's confirmation is owed from the same write as the booking (decision 0047).
          ...(outbox?.confirmTestDrive && message.kind === "test-drive" && { confirmation: { status: "pending" as const, attempts: 0 } }),
          ...(booking && address && { address }),
        },
        { status: outbox ? "pending" : "not-sent", attempts: 0 },
        cap,
      );
      // Assigned by its site's rule before the answer, so the inbox never shows it unassigned first; never fails.
      await assign?.(lead);
      outbox?.enqueue(lead);
      if (lead.confirmation) outbox?.confirmTestDrive?.(lead);
      return { id: lead.id, lead, mailQueued: lead.confirmation !== undefined };
    } catch (err) {
      if (err instanceof SlotTakenError) {
        const next = await nextFreeSlot(site.hours, err.slot, now(), (date) => leads.bookedSlots(site.id, message.vehicleId!, date), siteTimeZone(site));
        const error = slotTakenMessage(next);
        return { status: 409, error, fields: { slot: error }, nextSlot: next };
      }
      if (err instanceof TooManyTestDrivesError) {
        const error = tooManyTestDrivesMessage(err.held);
        return { status: 429, error, fields: {} };
      }
      // Nothing of it was kept: the visitor may safely send it again.
      console.error(`[api] a lead could not be stored (${describeWriteError(err)}); it was not kept`);
      throw new HttpError(500, "Your message could not be saved. Nothing was kept: please try again in a moment, or call us.");
    }
  };
}

/**
 * POST /api/contact: take the lead (leadIntake) through the site it was posted to (`res.locals.site`, set by
 * resolveSite in api/middleware/site.ts) and answer 201 { id }; a refusal is 400 (or 409 for a slot booked
 * meanwhile, with `nextSlot`; 429 for a test drive more than its visitor may hold) { error, fields }.
 */
export function contactRouter(deps: LeadIntakeDeps): Router {
  const take = leadIntake(deps);
  const router = Router();
  router.post("/", requireJson, express.json({ limit: CONTACT_BODY_LIMIT }), async (req, res) => {
    const taken = await take(req.body, { site: res.locals.site, origin: req.get("origin") ?? null, address: addressKey(req.ip ?? "") });
    if ("status" in taken) {
      const { status, error, ...extra } = taken;
      throw new HttpError(status, error, extra);
    }
    // `mailQueued`: a confirmation to the visitor was stored with the lead (a booked test drive with mail on), so the
    // form may say one is on its way.
    res.status(201).json({ id: taken.id, mailQueued: taken.mailQueued });
  });
  return router;
}
