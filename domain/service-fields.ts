/**
 * The service request's fields as a visitor fills them in: the kinds of work, their prices as shown, the limits and
 * the words of the messages, without the schema (domain/service.ts), so a page that shows them carries no zod.
 */
import { formatUsd } from "./money";

/** The work a visitor can ask for, in display order: the four service cards' kinds, an inspection, and anything else. */
export const SERVICE_KIND_LABELS = {
  repairs: "Repairs & maintenance",
  batteries: "Batteries & charging",
  custom: "Custom modification",
  inspection: "Annual safety inspection",
  warranty: "Warranty service",
  other: "Something else",
} as const;
export type ServiceKind = keyof typeof SERVICE_KIND_LABELS;
export const SERVICE_KINDS = Object.keys(SERVICE_KIND_LABELS) as [ServiceKind, ...ServiceKind[]];

/** The modifications a custom job may be, as the custom card lists them. */
export const MODIFICATION_LABELS = {
  "lift-kit": "Lift kit",
  wheels: "Wheels and tyres",
  lights: "LED lights and turn signals",
  seats: "Rear seats and cargo box",
  enclosure: "Weather enclosure",
  sound: "Sound system",
} as const;
export type Modification = keyof typeof MODIFICATION_LABELS;

/** Labour, US dollars per hour, the price repairs start at. */
export const LABOR_RATE_PER_HOUR = 155;

/** The price each kind of work is shown with: labour from its hourly rate, custom work by quote, warranty work covered. */
export const SERVICE_PRICE_TEXT: Record<ServiceKind, string> = {
  repairs: `Starting at ${formatUsd(LABOR_RATE_PER_HOUR)}/hour`,
  batteries: "Quoted per cart",
  custom: "Custom work by quote",
  inspection: `Starting at ${formatUsd(LABOR_RATE_PER_HOUR)}/hour`,
  warranty: "Covered by warranty",
  other: `Starting at ${formatUsd(LABOR_RATE_PER_HOUR)}/hour`,
};

/** The fewest characters a problem is told in (a contact message's minimum). */
export const PROBLEM_MIN_LENGTH = 10;

/** Photos a service request may carry (checked with the upload, as a trade-in's are). */
export const SERVICE_PHOTOS_MAX = 4;

export const SERVICE_MESSAGES = {
  work: "Choose the work your cart needs",
  modifications: "Choose the modifications you would like",
  cart: "Tell us the cart's make, model and year",
  problem: `Tell us what the cart needs in at least ${PROBLEM_MIN_LENGTH} characters`,
  handover: "Choose drop-off at the shop or pickup from your address",
  street: "Enter the street address to pick the cart up from",
  town: "Choose the town to pick the cart up from",
  unknownTown: "We do not pick up from that town: choose one of the towns in the list, or drop the cart off at the shop",
  slot: "Pick a day and a time window",
  photos: `Send at most ${SERVICE_PHOTOS_MAX} photos`,
} as const;
