import { randomUUID } from "node:crypto";
import express, { Router } from "express";
import { CONTACT_MESSAGES, ContactRequestSchema, fieldErrors } from "../../domain/contact";
import { leadVehicleOf, type Lead } from "../../domain/lead";
import { siteTimeZone, type Site } from "../../domain/site";
import type { LeadTradeIn } from "../../domain/trade-in";
import { nextFreeSlot, slotProblem, slotTakenMessage } from "../../domain/test-drive";
import { isShownOn } from "../../domain/vehicle";
import type { VehicleStore } from "../store/vehicle-store";
import { describeWriteError, SlotTakenError, type LeadStore } from "../store/lead-store";
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
  /** Assigns a new lead by its site's rule (issue 30's sales side); never fails. */
  assign?: (lead: Lead) => Promise<void>;
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
export function leadIntake({ leads, outbox, vehicles, now = () => new Date(), assign }: LeadIntakeDeps) {
  return async (
    body: unknown,
    { site, origin, tradeIn }: { site: Site; origin: string | null; tradeIn?: LeadTradeIn },
  ): Promise<{ id: string; lead?: Lead } | LeadRefusal> => {
    // Honeypot: people never see the "website" field, so a value means a bot. Answer as if stored.
    if (body && typeof body === "object" && "website" in body && typeof body.website === "string" && body.website.trim()) return { id: randomUUID() };
    const parsed = ContactRequestSchema.safeParse(body);
    if (!parsed.success) return { status: 400, error: FIX_FIELDS, fields: fieldErrors(parsed.error) };
    const { source, website: _website, ...message } = parsed.data;
    // The cart it is about: one this site lists, whatever its status (a cart sold since the page was loaded is still named).
    const about = message.vehicleId === undefined ? undefined : vehicles.get(message.vehicleId);
    if (message.vehicleId !== undefined && (!about || !isShownOn(about, site.id))) {
      return { status: 400, error: FIX_FIELDS, fields: { vehicleId: `${CONTACT_MESSAGES.vehicleId}: we list no vehicle "${message.vehicleId}"` } };
    }
    if (message.slot !== undefined) {
      const problem = slotProblem(site.hours, message.slot, now(), siteTimeZone(site));
      if (problem) return { status: 400, error: FIX_FIELDS, fields: { slot: problem } };
    }
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
        },
        { status: outbox ? "pending" : "not-sent", attempts: 0 },
      );
      // Assigned by its site's rule before the answer, so the inbox never shows it unassigned first; never fails.
      await assign?.(lead);
      outbox?.enqueue(lead);
      if (lead.confirmation) outbox?.confirmTestDrive?.(lead);
      return { id: lead.id, lead };
    } catch (err) {
      if (err instanceof SlotTakenError) {
        const next = await nextFreeSlot(site.hours, err.slot, now(), (date) => leads.bookedSlots(site.id, message.vehicleId!, date), siteTimeZone(site));
        const error = slotTakenMessage(next);
        return { status: 409, error, fields: { slot: error }, nextSlot: next };
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
 * meanwhile, with `nextSlot`) { error, fields }.
 */
export function contactRouter(deps: LeadIntakeDeps): Router {
  const take = leadIntake(deps);
  const router = Router();
  router.post("/", requireJson, express.json({ limit: CONTACT_BODY_LIMIT }), async (req, res) => {
    const taken = await take(req.body, { site: res.locals.site, origin: req.get("origin") ?? null });
    if ("status" in taken) {
      const { status, error, ...extra } = taken;
      throw new HttpError(status, error, extra);
    }
    res.status(201).json({ id: taken.id });
  });
  return router;
}
