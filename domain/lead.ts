import { z } from "zod";
import { StoredContactMessageSchema } from "./contact";
import { SLUG_PATTERN } from "./site";
import type { Vehicle } from "./vehicle";
import { FIRST_SITE_ID } from "./site-seed";
import { LeadTradeInSchema } from "./trade-in";

export const DELIVERY_STATUSES = ["pending", "sent", "not-sent"] as const;

/** How a lead's notification mail fared. `not-sent`: mail was off when it came in. */
export const DeliverySchema = z.object({
  status: z.enum(DELIVERY_STATUSES),
  attempts: z.number().int().nonnegative(),
  lastError: z.string().optional(),
  nextAttemptAt: z.iso.datetime().optional(),
  sentAt: z.iso.datetime().optional(),
});
export type Delivery = z.infer<typeof DeliverySchema>;

/**
 * The cart a lead is about, as the catalogue held it when the lead came in (set by the server from `vehicleId`,
 * never taken from the visitor): the lead still says what it was about once the cart is sold, changed or removed.
 */
export const LeadVehicleSchema = z.object({
  id: z.string().min(1),
  name: z.string().min(1),
  brand: z.string().min(1),
  condition: z.enum(["new", "used"]).optional(),
  year: z.number().int().optional(),
  stockNumber: z.string().optional(),
  vin: z.string().optional(),
  serialNumber: z.string().optional(),
  /** Whole US dollars. */
  price: z.number().optional(),
});
export type LeadVehicle = z.infer<typeof LeadVehicleSchema>;

/** What a lead keeps of a catalogue vehicle. */
export const leadVehicleOf = (v: Vehicle): LeadVehicle => ({
  id: v.id,
  name: v.name,
  brand: v.brand,
  condition: v.condition,
  ...(v.year !== undefined && { year: v.year }),
  ...(v.stockNumber && { stockNumber: v.stockNumber }),
  ...(v.vin && { vin: v.vin }),
  ...(v.serialNumber && { serialNumber: v.serialNumber }),
  price: v.price,
});

/** The cart's make as a CRM reads it: its brand with a capital first letter only ("DENAGO" → "Denago"). */
export const vehicleMake = (v: Pick<LeadVehicle, "brand">): string =>
  v.brand.toUpperCase() === v.brand ? v.brand.charAt(0) + v.brand.slice(1).toLowerCase() : v.brand;

/** The cart's model: its name without the brand in front ("Denago EV Rover XL6" → "EV Rover XL6"). */
export const vehicleModel = (v: Pick<LeadVehicle, "brand" | "name">): string => {
  const brand = v.brand.toLowerCase();
  const model = v.name.toLowerCase().startsWith(`${brand} `) ? v.name.slice(brand.length + 1).trim() : v.name;
  return model || v.name;
};

/** What a lead is about, in one line (domain/vehicle-label.ts). */
export { vehicleLabel } from "./vehicle-label";

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
  /** The cart named by `vehicleId`, as it was when the lead came in (absent without one, and on leads from before). */
  vehicle: LeadVehicleSchema.optional(),
  /** A trade-in lead's cart offered in trade, with its photos' private keys (domain/trade-in.ts; absent on every other lead). */
  tradeIn: z.optional(LeadTradeInSchema),
  /**
   * A booked test drive's confirmation mail to the visitor (decision 0047): pending from the booking when
   * mail is on, then sent or retried as `delivery` is. Absent on every other lead, and when mail was off.
   */
  confirmation: DeliverySchema.optional(),
  /** The client address a test drive was booked from (an IPv6 /64 as one), to count a visitor's upcoming bookings. */
  address: z.optional(z.string()),
});
export type Lead = z.infer<typeof LeadSchema>;

/** The visitor's name as they typed it, for the inbox and the history (text: never markup). */
export const leadName = (lead: Pick<Lead, "firstName" | "lastName">): string => `${lead.firstName} ${lead.lastName}`;
