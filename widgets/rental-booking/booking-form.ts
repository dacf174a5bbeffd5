/**
 * The booking form's values, flat as the inputs hold them, and the way to the core's shapes: the quote's input
 * (domain/rental-booking.ts quoteRental) and the reservation request (ReservationRequestSchema). One resolver checks a
 * form with both, so a field shows the core's own words whether the schema or the rental rules refused it.
 */
import type { FieldErrors, Resolver } from "react-hook-form";
import { RENTAL_PLANS, type RentalPlanId } from "../../domain/rentals";
import { ReservationRequestSchema, quoteRental, type RentalQuoteField, type RentalQuoteInput } from "../../domain/rental-booking";
import { localDay } from "../../domain/local-time";
import type { RentalOptions } from "./rental-api";

/** What the form's inputs hold. */
export interface BookingValues {
  plan: RentalPlanId;
  /** Local date-times of the site, as a datetime-local input writes them: "2027-06-12T10:00". */
  start: string;
  end: string;
  delivery: "pickup" | "delivery";
  street: string;
  town: string;
  drivers: "0" | "1" | "2";
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
  adult: boolean;
  agreement: boolean;
}

export type BookingField = keyof BookingValues;

/** A new form: the given plan, pickup, no additional driver, nothing typed. */
export const emptyBooking = (plan: RentalPlanId = RENTAL_PLANS[0]!.id): BookingValues => ({
  plan,
  start: "",
  end: "",
  delivery: "pickup",
  street: "",
  town: "",
  drivers: "0",
  firstName: "",
  lastName: "",
  email: "",
  phone: "",
  adult: false,
  agreement: false,
});

type QuoteInput = RentalQuoteInput;
export type QuoteAnswer = ReturnType<typeof quoteRental>;

/** The quote's input of a form. */
export const quoteInput = (v: BookingValues): QuoteInput => ({
  plan: v.plan,
  start: v.start,
  end: v.end,
  delivery: v.delivery === "delivery" ? { kind: "delivery", street: v.street, town: v.town } : { kind: "pickup" },
  drivers: Number(v.drivers),
});

/** The body of POST /api/rentals/reservations for a form (and the partner's source label, when it has one). */
export const reservationBody = (v: BookingValues, source?: string) => ({
  ...quoteInput(v),
  firstName: v.firstName,
  lastName: v.lastName,
  email: v.email,
  phone: v.phone,
  adult: v.adult,
  agreement: v.agreement,
  ...(source ? { source } : {}),
});

/** The core's quote of a form, now, for the site's towns and time zone. */
export const quoteOf = (v: BookingValues, options: RentalOptions, now = new Date()): QuoteAnswer =>
  quoteRental(quoteInput(v), { now, towns: options.towns, timeZone: options.timeZone });

/**
 * The earliest day the start's picker offers: the site's date now, or the server's when the visitor's clock is behind
 * it. A page left open past midnight moves on with the clock, as the quote's own "in the past" check does. The widget
 * asks it when the picker is focused, not as the page loads, where the first locale formatter costs 60-120 ms (decision 0007).
 */
export function earliestDay(options: RentalOptions, now = new Date()): string {
  const local = localDay(now, options.timeZone);
  return local > options.today ? local : options.today;
}

const FIELDS = new Set<string>(Object.keys(emptyBooking()));

/**
 * The form's field for a path of the core's shapes or an API's field name: ["delivery", "street"] and
 * "delivery.street" are the street; "delivery" alone is the pickup-or-delivery choice; anything else falls on `fallback`.
 */
export function formField(path: string | readonly PropertyKey[], fallback: BookingField = "start"): BookingField {
  const parts = typeof path === "string" ? path.split(".") : path.map(String);
  const last = parts.at(-1) ?? "";
  if (parts[0] === "delivery" && parts.length > 1 && (last === "street" || last === "town")) return last;
  if (parts[0] === "delivery") return "delivery";
  const first = parts[0] ?? "";
  return FIELDS.has(first) ? (first as BookingField) : fallback;
}

/** The core's name of a form's field, where the quote's rules put their message. */
export const quoteField = (name: BookingField): RentalQuoteField => (name === "street" || name === "town" ? `delivery.${name}` : (name as RentalQuoteField));

/** A resolver checking the form against the reservation schema and the rental rules (both the core's). */
export const bookingResolver =
  (options: () => RentalOptions | null, source?: string): Resolver<BookingValues> =>
  (values) => {
    const errors: FieldErrors<BookingValues> = {};
    const add = (field: BookingField, message: string) => {
      errors[field] ??= { type: "validate", message };
    };
    const parsed = ReservationRequestSchema.safeParse(reservationBody(values, source));
    if (!parsed.success) for (const issue of parsed.error.issues) add(formField(issue.path), issue.message);
    const site = options();
    if (site) {
      const quote = quoteOf(values, site);
      if (!quote.ok) for (const [field, message] of Object.entries(quote.errors)) if (message) add(formField(field), message);
    }
    return Object.keys(errors).length ? { values: {}, errors } : { values, errors: {} };
  };
