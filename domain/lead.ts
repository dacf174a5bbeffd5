import { z } from "zod";
import { StoredContactMessageSchema } from "./contact";
import { SLUG_PATTERN } from "./site";
import { FIRST_SITE_ID } from "./site-seed";

export const DELIVERY_STATUSES = ["pending", "sent", "not-sent"] as const;
export type DeliveryStatus = (typeof DELIVERY_STATUSES)[number];

/** How a lead's notification mail fared. `not-sent`: mail was off when it came in. */
export const DeliverySchema = z.object({
  status: z.enum(DELIVERY_STATUSES),
  attempts: z.number().int().nonnegative(),
  lastError: z.string().optional(),
  nextAttemptAt: z.iso.datetime().optional(),
  sentAt: z.iso.datetime().optional(),
});
export type Delivery = z.infer<typeof DeliverySchema>;

/** A stored lead: the visitor's message, where it came from, and its delivery. */
export const LeadSchema = z.object({
  ...StoredContactMessageSchema.shape,
  id: z.string().min(1),
  /** ISO 8601 time the API accepted it. */
  createdAt: z.iso.datetime(),
  /** The page origin that posted it (the Origin header), when the browser sent one. */
  origin: z.string().nullable(),
  /** The embedding page's label, from the contact form's `source` attribute. */
  source: z.string().nullable(),
  /** The id of the site it came through (the host it was posted to); leads stored before sites belong to the first site. */
  site: z.string().regex(SLUG_PATTERN).default(FIRST_SITE_ID),
  delivery: DeliverySchema.default({ status: "not-sent", attempts: 0 }),
});
export type Lead = z.infer<typeof LeadSchema>;

/** The visitor's name as they typed it, for the inbox and the history (text: never markup). */
export const leadName = (lead: Pick<Lead, "firstName" | "lastName">): string => `${lead.firstName} ${lead.lastName}`;
