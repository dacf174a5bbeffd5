/**
 * Booking a rental online: the quote of a plan for a start and an end, with delivery, the rush fee,
 * additional drivers and the deposit (spec §4, §5, §9), and the request a renter sends. Framework-free and built on
 * zod/mini, like domain/contact.ts, so the booking widget carries it cheaply; the API, the mails and the console
 * compute the same figures from it. The pricing rule is docs/decisions/0044-rental-booking.md.
 */
import * as z from "zod/mini";
import { ContactMessageSchema, LeadSourceSchema } from "./contact";
import { milesFromShowroom, rentalDeliveryFee } from "./delivery";
import type { LatLng } from "./distance";
import { formatUsd } from "./money";
import { DAYS, formatClock, type Day, type DayHours } from "./opening-hours";
import { fromLocalDateTime, isLocalDateTime, toLocalDateTime, wallClock } from "./local-time";
import { RENTAL_PLANS, RENTAL_TERMS, type RentalPlan, type RentalPlanId } from "./rentals";
import { cancellationRefund, type CancellationRefund } from "./rental-cancellation";

export { cancellationRefund, type CancellationRefund };

export const RENTAL_PLAN_IDS = ["4-seater", "6-seater", "utility"] as const satisfies readonly RentalPlanId[];

/** The rush fee's cut-off: same-day delivery ordered before this hour (24-hour clock, the shop's time) pays the fee; later, it is refused. */
export const RUSH_CUTOFF_HOUR = 14;

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

export const RENTAL_MESSAGES = {
  plan: "Choose a 4-seater, a 6-seater or a utility cart",
  start: "Choose the start date and time",
  end: "Choose the end date and time",
  startPast: "The start has already passed: choose a time from now on",
  endBeforeStart: "The end must be after the start",
  tooShort: `A rental is at least ${RENTAL_TERMS.minimumHours} hours: choose an end at least ${RENTAL_TERMS.minimumHours} hours after the start`,
  tooLong: `A rental is at most ${RENTAL_TERMS.maximumDays} days: choose an end within ${RENTAL_TERMS.maximumDays} days of the start`,
  delivery: "Choose delivery to an address or pickup at the shop",
  street: "Enter the street address to deliver to",
  town: "Choose the town to deliver to",
  unknownTown: "We do not deliver to that town: choose one of the towns in the list, or pick the cart up at the shop",
  sameDayTooLate: "Same-day delivery must be ordered before 2 PM: choose a later day, or pick the cart up at the shop",
  drivers: `Choose 0 to ${RENTAL_TERMS.maxAdditionalDrivers} additional drivers`,
  adult: "Confirm that the renter is 18 or older with a valid driver's licence",
  agreement: "Accept the rental agreement to send the request",
} as const;

// --- Tiers ------------------------------------------------------------------------------------------------------

export interface TierCount {
  title: string;
  days: number;
  price: number;
  count: number;
}

/**
 * The cheapest combination of `plan`'s tiers covering at least `periods` whole 24-hour periods: a tier may be taken
 * any number of times, and a combination may cover more days than asked when that costs less (six days of a
 * 4-seater are one week, $1,050, not two 3-day tiers, $1,370). Among equal prices, the fewest tiers. Longest tier first.
 */
export function cheapestTiers(plan: Pick<RentalPlan, "tiers">, periods: number): TierCount[] {
  // best[d]: the cheapest way to cover at least d days, as [price, tiers taken, the last tier's index, the days before it].
  const best: [number, number, number, number][] = [[0, 0, -1, 0]];
  for (let d = 1; d <= periods; d++) {
    let pick: [number, number, number, number] = [Infinity, Infinity, -1, 0];
    plan.tiers.forEach((tier, i) => {
      const before = Math.max(0, d - tier.days);
      const [price, taken] = best[before]!;
      const total = price + tier.price;
      if (total < pick[0] || (total === pick[0] && taken + 1 < pick[1])) pick = [total, taken + 1, i, before];
    });
    best.push(pick);
  }
  const counts = new Map<number, number>();
  for (let d = periods; d > 0;) {
    const [, , i, before] = best[d]!;
    counts.set(i, (counts.get(i) ?? 0) + 1);
    d = before;
  }
  return [...counts]
    .sort(([a], [b]) => plan.tiers[b]!.days - plan.tiers[a]!.days)
    .map(([i, count]) => {
      const { title, days, price } = plan.tiers[i]!;
      return { title, days, price, count };
    });
}

// --- The quote --------------------------------------------------------------------------------------------------

/** A street in one of the site's towns, where the shop's truck delivers or collects a cart; `messages` say what is wrong. */
export const townAddressFields = (messages: { street: string; town: string; unknownTown: string }) => ({
  street: z.string({ error: messages.street }).check(z.trim(), z.minLength(3, messages.street), z.maxLength(200, "Must be at most 200 characters")),
  town: z.string({ error: messages.town }).check(z.trim(), z.minLength(1, messages.town), z.maxLength(100, messages.unknownTown)),
});

export const DeliverySchema = z.discriminatedUnion(
  "kind",
  [z.object({ kind: z.literal("pickup") }), z.object({ kind: z.literal("delivery"), ...townAddressFields(RENTAL_MESSAGES) })],
  { error: RENTAL_MESSAGES.delivery },
);
export type RentalDelivery = z.infer<typeof DeliverySchema>;

const localDateTime = (message: string) => z.string({ error: message }).check(z.trim(), z.refine(isLocalDateTime, message));

/** The fields a quote is made of, as the widget holds them and the API takes them. */
const quoteFields = {
  plan: z.enum(RENTAL_PLAN_IDS, { error: RENTAL_MESSAGES.plan }),
  start: localDateTime(RENTAL_MESSAGES.start),
  end: localDateTime(RENTAL_MESSAGES.end),
  delivery: DeliverySchema,
  drivers: z._default(
    z
      .int({ error: RENTAL_MESSAGES.drivers })
      .check(z.minimum(0, RENTAL_MESSAGES.drivers), z.maximum(RENTAL_TERMS.maxAdditionalDrivers, RENTAL_MESSAGES.drivers)),
    0,
  ),
};

export const RentalQuoteInputSchema = z.object(quoteFields);
export type RentalQuoteInput = z.infer<typeof RentalQuoteInputSchema>;

/** A town a rental can be delivered to, with its distance from the shop in whole miles (as the town pages print it). */
export interface RentalTown {
  slug: string;
  name: string;
  miles: number;
}

/** A site's towns with their miles from its showroom (the site record's towns and geo), as its town pages print them. */
export const rentalTowns = (towns: readonly ({ slug: string; name: string } & LatLng)[], showroom: LatLng): RentalTown[] =>
  towns.map((t) => ({ slug: t.slug, name: t.name, miles: milesFromShowroom({ coordinates: t }, { geo: showroom }) }));

export interface RentalQuoteContext {
  now: Date;
  towns: readonly RentalTown[];
  timeZone: string;
  /** How many days ahead a rental may start (the site's setting); unchecked when absent (a browser's own preview). */
  horizonDays?: number;
}

export interface RentalQuoteLine {
  label: string;
  amount: number;
}

export interface RentalQuote {
  plan: RentalPlanId;
  /** Local date-times of the site, as asked. */
  start: string;
  end: string;
  /** Whole 24-hour periods, a part period counted whole. */
  periods: number;
  /** The cheapest combination of the plan's tiers covering the periods, longest tier first. */
  tiers: TierCount[];
  rentalPrice: number;
  deliveryFee: number;
  rushFee: number;
  driversFee: number;
  /** The plan's security deposit, taken by card at delivery and refunded after the return; not in the total. */
  deposit: number;
  /** What the rental costs: the price and the fees, the deposit apart. */
  total: number;
  /** The total's parts, in words, for the widget, the mails and the console. */
  lines: RentalQuoteLine[];
}

export type RentalQuoteField = "plan" | "start" | "end" | "delivery" | "delivery.street" | "delivery.town" | "drivers";
export type RentalQuoteResult = { ok: true; quote: RentalQuote } | { ok: false; errors: Partial<Record<RentalQuoteField, string>> };

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

/**
 * The quote of a rental, or each rule it breaks in words (spec §4, §5, §9): under 24 hours, over 30 days, starting in
 * the past, a town the site does not deliver to, same-day delivery ordered at or after 2 PM. The periods are counted
 * on the shop's wall clock (10:00 to 10:00 the next day is one period even across a clock change).
 */
export function quoteRental(input: RentalQuoteInput, ctx: RentalQuoteContext): RentalQuoteResult {
  const errors: Partial<Record<RentalQuoteField, string>> = {};
  const plan = RENTAL_PLANS.find((p) => p.id === input.plan);
  if (!plan) errors.plan = RENTAL_MESSAGES.plan;
  const startWall = wallClock(input.start);
  const endWall = wallClock(input.end);
  if (startWall === null) errors.start = RENTAL_MESSAGES.start;
  if (endWall === null) errors.end = RENTAL_MESSAGES.end;
  const drivers = input.drivers ?? 0;
  if (!Number.isInteger(drivers) || drivers < 0 || drivers > RENTAL_TERMS.maxAdditionalDrivers) errors.drivers = RENTAL_MESSAGES.drivers;

  let periods = 0;
  if (startWall !== null && endWall !== null) {
    const startsAt = +fromLocalDateTime(input.start, ctx.timeZone);
    const span = endWall - startWall;
    if (startsAt < +ctx.now) errors.start = RENTAL_MESSAGES.startPast;
    else if (ctx.horizonDays !== undefined && startsAt > +ctx.now + ctx.horizonDays * DAY_MS) errors.start = horizonMessage(ctx.horizonDays);
    if (span <= 0) errors.end = RENTAL_MESSAGES.endBeforeStart;
    else if (span < RENTAL_TERMS.minimumHours * HOUR_MS) errors.end = RENTAL_MESSAGES.tooShort;
    else if (span > RENTAL_TERMS.maximumDays * DAY_MS) errors.end = RENTAL_MESSAGES.tooLong;
    periods = Math.ceil(span / DAY_MS);
  }

  let deliveryFee = 0;
  let rushFee = 0;
  let deliveryLabel = "";
  const delivery = input.delivery;
  if (delivery?.kind === "delivery") {
    const town = ctx.towns.find((t) => t.slug === delivery.town);
    if (!delivery.street?.trim()) errors["delivery.street"] = RENTAL_MESSAGES.street;
    if (!town) errors["delivery.town"] = delivery.town ? RENTAL_MESSAGES.unknownTown : RENTAL_MESSAGES.town;
    else {
      deliveryFee = rentalDeliveryFee(town.miles);
      const beyond = town.miles - RENTAL_TERMS.freeDeliveryMiles;
      deliveryLabel =
        beyond > 0
          ? `Delivery to ${town.name}: ${town.miles} miles, ${plural(beyond, "mile")} beyond ${RENTAL_TERMS.freeDeliveryMiles} at ${formatUsd(RENTAL_TERMS.deliveryFeePerMile)}`
          : `Delivery to ${town.name}: within ${RENTAL_TERMS.freeDeliveryMiles} miles, free`;
    }
    if (startWall !== null && !errors.start) {
      const nowLocal = toLocalDateTime(ctx.now, ctx.timeZone);
      if (nowLocal.slice(0, 10) === input.start.slice(0, 10)) {
        if (Number(nowLocal.slice(11, 13)) >= RUSH_CUTOFF_HOUR) errors.start = RENTAL_MESSAGES.sameDayTooLate;
        else rushFee = RENTAL_TERMS.rushFee;
      }
    }
  } else if (delivery?.kind !== "pickup") errors.delivery = RENTAL_MESSAGES.delivery;

  if (!plan || Object.keys(errors).length) return { ok: false, errors };

  const tiers = cheapestTiers(plan, periods);
  const rentalPrice = tiers.reduce((sum, t) => sum + t.price * t.count, 0);
  const driversFee = drivers * RENTAL_TERMS.additionalDriver;
  const tierWords = tiers.map((t) => (t.count === 1 ? t.title : `${t.count} × ${t.title}`)).join(" + ");
  const lines: RentalQuoteLine[] = [{ label: `${plan.title}, ${plural(periods, "day")}: ${tierWords}`, amount: rentalPrice }];
  if (delivery.kind === "delivery") lines.push({ label: deliveryLabel, amount: deliveryFee });
  else lines.push({ label: "Pickup at the shop", amount: 0 });
  if (rushFee) lines.push({ label: "Same-day delivery rush fee", amount: rushFee });
  if (drivers) lines.push({ label: `${plural(drivers, "additional driver")} at ${formatUsd(RENTAL_TERMS.additionalDriver)}`, amount: driversFee });
  return {
    ok: true,
    quote: {
      plan: plan.id,
      start: input.start.slice(0, 16),
      end: input.end.slice(0, 16),
      periods,
      tiers,
      rentalPrice,
      deliveryFee,
      rushFee,
      driversFee,
      deposit: plan.deposit,
      total: rentalPrice + deliveryFee + rushFee + driversFee,
      lines,
    },
  };
}

/** The deposit sentence shown under every quote (spec §9 and the rental policy): nothing is paid online. */
/**
 * Why a rental's pickup or return is outside the site's rental hours, which are its opening hours: from the earliest
 * opening to the latest closing of its open days (9 AM to 5 PM by default), on any day, as a rental runs whole days
 * through closed ones (docs/decisions/0051). Null when both are within them, or when the site is closed every day.
 */
export function rentalHoursProblem(hours: Record<Day, DayHours>, start: string, end: string): string | null {
  const open = DAYS.map((d) => hours[d]).filter((h): h is NonNullable<DayHours> => h !== null);
  if (!open.length) return null;
  const opens = open.map((h) => h.opens).sort()[0]!;
  const closes = open
    .map((h) => h.closes)
    .sort()
    .at(-1)!;
  for (const [what, at] of [
    ["pickup", start],
    ["return", end],
  ] as const) {
    const time = at.slice(11, 16);
    if (time < opens || time > closes)
      return `The ${what} at ${formatClock(time)} is outside our rental hours, ${formatClock(opens)} to ${formatClock(closes)}: choose a time within them`;
  }
  return null;
}

export const depositText = (deposit: number): string =>
  `A ${formatUsd(deposit)} security deposit is taken by card at delivery and refunded within ${RENTAL_TERMS.depositRefundDays} of the cart's return. Nothing is paid online.`;

// --- The request ------------------------------------------------------------------------------------------------

const renterFields = z.pick(ContactMessageSchema, { firstName: true, lastName: true, email: true, phone: true }).shape;

/** What a renter sends with POST /api/rentals/reservations: the quote's fields, the renter, the two confirmations, a partner's source. */
export const ReservationRequestSchema = z.object({
  ...quoteFields,
  ...renterFields,
  adult: z.literal(true, { error: RENTAL_MESSAGES.adult }),
  agreement: z.literal(true, { error: RENTAL_MESSAGES.agreement }),
  source: z.optional(LeadSourceSchema),
  /** Honeypot: hidden from people, so any value marks a bot (as on the contact form). */
  website: z.optional(z.string().check(z.maxLength(500))),
});
export type ReservationRequest = z.infer<typeof ReservationRequestSchema>;

/** The request's fields in display order, for the form and for error messages that name them. */
export const RESERVATION_FIELDS = [
  "plan",
  "start",
  "end",
  "delivery",
  "delivery.street",
  "delivery.town",
  "drivers",
  "firstName",
  "lastName",
  "email",
  "phone",
  "adult",
  "agreement",
] as const;

/** Field name (nested ones dotted: "delivery.town") → its first message, as the API answers and the widget shows. */
export function reservationFieldErrors(error: { issues: readonly { path: readonly PropertyKey[]; message: string }[] }): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const issue of error.issues) {
    const key = issue.path.length ? issue.path.map(String).join(".") : "body";
    fields[key === "delivery.kind" ? "delivery" : key] ??= issue.message;
  }
  return fields;
}

// --- The reservation --------------------------------------------------------------------------------------------

export const RESERVATION_STATUSES = ["requested", "confirmed", "declined", "cancelled"] as const;
export type ReservationStatus = (typeof RESERVATION_STATUSES)[number];

/** The statuses in which a reservation holds a cart. */
export const HOLDING_STATUSES: readonly ReservationStatus[] = ["requested", "confirmed"];
export const holdsCart = (status: ReservationStatus): boolean => HOLDING_STATUSES.includes(status);

/**
 * How long a request holds its cart before its renter confirms their e-mail by the link of the "request received"
 * mail: long enough to open a mail over a weekend; a stranger's requests with addresses that are not theirs lapse.
 */
export const UNCONFIRMED_HOLD_HOURS = 48;
/** The site's page that confirms a renter's e-mail, the link of the "request received" mail (host-site/server/rental-confirm.ts). */
export const RENTAL_CONFIRM_PATH = "/rentals/confirm";
/** Requests one e-mail address, or one client address, may hold unconfirmed at once on a site. */
export const UNCONFIRMED_PER_RENTER = 3;
export const tooManyUnconfirmedMessage = (n: number) =>
  `You have ${n} rental requests waiting for you to confirm your e-mail: open the link in the mails we sent you, or call us, before you send another.`;

/** Whether a reservation holds its cart at `now`: a holding status, and for a request not yet confirmed by e-mail, within its hold. */
export const holdsCartAt = (r: Pick<Reservation, "status" | "holdUntil">, now: number): boolean =>
  holdsCart(r.status) && !(r.holdUntil !== undefined && Date.parse(r.holdUntil) <= now);

/** Whether a reservation is a request still waiting for its renter's e-mail, and holding its cart meanwhile. */
export const isUnconfirmedHold = (r: Pick<Reservation, "status" | "holdUntil">, now: number): boolean =>
  r.status === "requested" && r.holdUntil !== undefined && Date.parse(r.holdUntil) > now;

/** A staff action and the statuses it may start from. */
export const RESERVATION_ACTIONS = {
  confirm: ["requested"],
  decline: ["requested"],
  move: ["requested", "confirmed"],
  cancel: ["requested", "confirmed"],
} as const satisfies Record<string, readonly ReservationStatus[]>;
export type ReservationAction = keyof typeof RESERVATION_ACTIONS;

export const STATUS_LABELS: Record<ReservationStatus, string> = {
  requested: "Requested",
  confirmed: "Confirmed",
  declined: "Declined",
  cancelled: "Cancelled",
};

/** Default time a cart is held after its return, before the next rental can start (set per site by owners). */
export const DEFAULT_TURNAROUND_HOURS = 2;
export const MAX_TURNAROUND_HOURS = 72;
export const MAX_FLEET = 500;

/** How far ahead a rental may start until the owner sets it: a season ahead and the next (a date like 9999-12-30 is refused). */
export const DEFAULT_BOOKING_HORIZON_DAYS = 365;
export const MAX_BOOKING_HORIZON_DAYS = 730;
/** The start's words past the horizon. */
export const horizonMessage = (days: number) => `Rentals can be booked up to ${days} days ahead: choose an earlier start, or call us`;

/** A site's rental settings: carts per plan, the turnaround, and how far ahead a rental may start. */
export interface RentalSettings {
  fleet: Record<RentalPlanId, number>;
  turnaroundHours: number;
  /** Absent in a write: the default. */
  bookingHorizonDays?: number;
}

/**
 * A site's settings until its owner sets them: a small starting fleet, so booking works on a new site (and a clean
 * clone) at once; the owner corrects it in the console's Rentals screen (docs/decisions/0044-rental-booking.md).
 */
export const DEFAULT_RENTAL_SETTINGS: RentalSettings = {
  fleet: { "4-seater": 2, "6-seater": 2, utility: 1 },
  turnaroundHours: DEFAULT_TURNAROUND_HOURS,
  bookingHorizonDays: DEFAULT_BOOKING_HORIZON_DAYS,
};

export const RentalSettingsSchema = /* @__PURE__ */ (() => {
  const fleetCount = z
    .int({ error: `Enter a whole number of carts from 0 to ${MAX_FLEET}` })
    .check(z.minimum(0, `Enter a whole number of carts from 0 to ${MAX_FLEET}`), z.maximum(MAX_FLEET, `Enter a whole number of carts from 0 to ${MAX_FLEET}`));
  return z.object({
    fleet: z.object({ "4-seater": fleetCount, "6-seater": fleetCount, utility: fleetCount }),
    turnaroundHours: z
      .number({ error: `Enter the turnaround in hours, from 0 to ${MAX_TURNAROUND_HOURS}` })
      .check(
        z.minimum(0, `Enter the turnaround in hours, from 0 to ${MAX_TURNAROUND_HOURS}`),
        z.maximum(MAX_TURNAROUND_HOURS, `Enter the turnaround in hours, from 0 to ${MAX_TURNAROUND_HOURS}`),
      ),
    // Optional: a form that does not show it keeps the stored value.
    bookingHorizonDays: z.optional(
      z
        .int({ error: `Enter how many days ahead rentals can be booked, from 1 to ${MAX_BOOKING_HORIZON_DAYS}` })
        .check(
          z.minimum(1, `Enter how many days ahead rentals can be booked, from 1 to ${MAX_BOOKING_HORIZON_DAYS}`),
          z.maximum(MAX_BOOKING_HORIZON_DAYS, `Enter how many days ahead rentals can be booked, from 1 to ${MAX_BOOKING_HORIZON_DAYS}`),
        ),
    ),
  });
})();

export interface RentalRenter {
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
}

export interface ReservationEvent {
  at: string;
  /** The staff member's e-mail, or "renter" / "system". */
  by: string;
  action: "requested" | "e-mail confirmed" | ReservationAction;
  detail: string;
}

/** A reservation as stored and as the staff API answers it. */
export interface Reservation {
  id: string;
  /** The renter's reference, e.g. "R-7K3M9Q". */
  reference: string;
  site: string;
  plan: RentalPlanId;
  /** Local date-times of the site. */
  start: string;
  end: string;
  /** The same as instants (ISO 8601, UTC), for the calendar and the overlap check. */
  startsAt: string;
  endsAt: string;
  timeZone: string;
  status: ReservationStatus;
  quote: RentalQuote;
  renter: RentalRenter;
  delivery: RentalDelivery;
  drivers: number;
  source: string | null;
  /** The address of the site it was made through, from the site's stored domain (siteOrigin), never a request header. Its mails' links are made afresh from the site. */
  origin: string;
  createdAt: string;
  /** While its renter has not confirmed their e-mail: when the request stops holding its cart (UNCONFIRMED_HOLD_HOURS). */
  holdUntil?: string;
  /** When the renter confirmed their e-mail by the mail's link: from then it holds until staff decide. */
  emailConfirmedAt?: string;
  /** The client address it was sent from (an IPv6 /64 as one), to count a sender's unconfirmed requests. */
  address?: string;
  /** Why staff declined it, told to the renter. */
  reason?: string;
  /** The refund when cancelled. */
  refund?: CancellationRefund;
  history: ReservationEvent[];
  /** Bumped by every change; the ETag is made of it. */
  version: number;
}

/** The letters of a reference: no 0/O, 1/I/L or U, so it can be read out on the phone. */
const REFERENCE_ALPHABET = "23456789ABCDEFGHJKMNPQRSTVWXYZ";
export const REFERENCE_PATTERN = /^R-[2-9A-HJKMNP-TV-Z]{6}$/;

/** A new reference from `random` bytes (crypto.getRandomValues on either side). */
export function makeReference(random: (bytes: Uint8Array) => Uint8Array = (b) => crypto.getRandomValues(b)): string {
  const bytes = random(new Uint8Array(6));
  let s = "R-";
  for (const b of bytes) s += REFERENCE_ALPHABET[b % REFERENCE_ALPHABET.length];
  return s;
}

/** When a reservation stops holding its cart: its end plus the site's turnaround. */
export const holdEndsAt = (endsAt: string | number, turnaroundHours: number): number => +new Date(endsAt) + turnaroundHours * HOUR_MS;

export const planTitle = (id: RentalPlanId): string => RENTAL_PLANS.find((p) => p.id === id)?.title ?? id;

/**
 * How many carts are taken at the busiest moment of [from, to): the most holds that overlap at one instant there
 * (holds as [start, end) in milliseconds). A cart freed at 12:00 can start a rental at 12:00.
 */
export function busiestOverlap(holds: readonly { start: number; end: number }[], from: number, to: number): number {
  const edges: [number, number][] = [];
  for (const h of holds) {
    const start = Math.max(h.start, from);
    const end = Math.min(h.end, to);
    if (start < end) edges.push([start, 1], [end, -1]);
  }
  // Ends before starts at the same instant: back-to-back holds do not overlap.
  edges.sort((a, b) => a[0] - b[0] || a[1] - b[1]);
  let now = 0;
  let most = 0;
  for (const [, step] of edges) most = Math.max(most, (now += step));
  return most;
}
