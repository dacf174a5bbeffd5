import { randomUUID } from "node:crypto";
import express, { Router } from "express";
import { CONTACT_MESSAGES, ContactRequestSchema, fieldErrors } from "../../domain/contact";
import { leadVehicleOf, type Lead } from "../../domain/lead";
import { isShownOn } from "../../domain/vehicle";
import type { VehicleStore } from "../store/vehicle-store";
import { describeWriteError, type LeadStore } from "../store/lead-store";
import { HttpError } from "../http-error";
import { requireJson } from "../middleware/require-json";

/** Lead bodies are small; anything bigger is refused with 413. */
export const CONTACT_BODY_LIMIT = "16kb";

/** Takes stored leads for mail delivery; absent when mail is off. */
export interface LeadQueue {
  enqueue(lead: Lead): void;
  /** Staff's resend of a lead whose mail failed or was never sent; "sent" (and nothing sent) when it already landed. */
  resend(id: string): Promise<"queued" | "sent" | "unknown">;
}

/**
 * POST /api/contact: validate with the core schema, store with the site it
 * was posted through (`res.locals.site`, set by resolveSite in api/middleware/site.ts),
 * answer 201 { id }, then hand the lead to the outbox.
 */
export function contactRouter(leads: LeadStore, outbox: LeadQueue | null, vehicles: Pick<VehicleStore, "get">): Router {
  const router = Router();
  router.post("/", requireJson, express.json({ limit: CONTACT_BODY_LIMIT }), async (req, res) => {
    const body: unknown = req.body;
    // Honeypot: people never see the "website" field, so a value means a bot. Answer as if stored.
    if (body && typeof body === "object" && "website" in body && typeof body.website === "string" && body.website.trim()) {
      res.status(201).json({ id: randomUUID() });
      return;
    }
    const parsed = ContactRequestSchema.safeParse(body);
    if (!parsed.success) {
      throw new HttpError(400, "Please correct the highlighted fields.", { fields: fieldErrors(parsed.error) });
    }
    const { source, website: _website, ...message } = parsed.data;
    const site = res.locals.site;
    // The cart it is about: one this site lists, whatever its status (a cart sold since the page was loaded is still named).
    const about = message.vehicleId === undefined ? undefined : vehicles.get(message.vehicleId);
    if (message.vehicleId !== undefined && (!about || !isShownOn(about, site.id))) {
      throw new HttpError(400, "Please correct the highlighted fields.", {
        fields: { vehicleId: `${CONTACT_MESSAGES.vehicleId}: we list no vehicle "${message.vehicleId}"` },
      });
    }
    let lead: Lead;
    try {
      lead = await leads.add(
        { message, origin: req.get("origin") ?? null, source: source || null, site: site.id, ...(about && { vehicle: leadVehicleOf(about) }) },
        { status: outbox ? "pending" : "not-sent", attempts: 0 },
      );
    } catch (err) {
      // Nothing of it was kept: the visitor may safely send it again.
      console.error(`[api] a lead could not be stored (${describeWriteError(err)}); it was not kept`);
      throw new HttpError(500, "Your message could not be saved. Nothing was kept: please try again in a moment, or call us.");
    }
    res.status(201).json({ id: lead.id });
    outbox?.enqueue(lead);
  });
  return router;
}
