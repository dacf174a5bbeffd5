/**
 * Test-drive slots: the hours a visitor may book a cart for, worked
 * out from the site's opening hours. A slot is a site-local wall time,
 * "YYYY-MM-DDTHH:MM", the start of an hour-long drive; it is what a
 * `test-drive` lead stores and what makes a booking unique per (site, cart).
 * See docs/decisions/0042-leads-about-a-cart.md.
 */
import { DAYS, type Day, type DayHours } from "./opening-hours";
import type { Vehicle } from "./vehicle";

/** How long a drive is, and so how far apart slots start. */
export const SLOT_MINUTES = 60;
/** How many days ahead, today included, a visitor may book. */
export const BOOKING_DAYS = 14;
/**
 * How many upcoming test drives one e-mail (any case) or one client address (an IPv6 /64 as one) may hold at once
 * (TEST_DRIVE_LIMIT): a family books a few carts to compare, a stranger cannot take a cart's whole afternoon.
 */
export const UPCOMING_TEST_DRIVES_PER_VISITOR = 3;
/**
 * Every site of the deployment is on the US East Coast (Delaware, New Jersey,
 * Maryland): their hours are read in this zone, and a slot's instant with it.
 */
export const SITE_TIME_ZONE = "America/New_York";

/** A slot as a lead stores it. */
export const SLOT_PATTERN = /^\d{4}-(?:0[1-9]|1[0-2])-(?:0[1-9]|[12]\d|3[01])T(?:[01]\d|2[0-3]):[0-5]\d$/;
export const DATE_PATTERN = /^\d{4}-(?:0[1-9]|1[0-2])-(?:0[1-9]|[12]\d|3[01])$/;

export type WeekHours = Record<Day, DayHours>;

const minutes = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));
const clock = (m: number) => `${String(Math.floor(m / 60)).padStart(2, "0")}:${String(m % 60).padStart(2, "0")}`;

/** The weekday of a calendar date ("2026-11-30" → "Monday"). */
export function weekday(date: string): Day {
  const sunday0 = new Date(`${date}T12:00:00Z`).getUTCDay();
  return DAYS[(sunday0 + 6) % 7]!;
}

/** The date `n` days after `date`. */
export function addDays(date: string, n: number): string {
  const d = new Date(`${date}T12:00:00Z`);
  d.setUTCDate(d.getUTCDate() + n);
  return d.toISOString().slice(0, 10);
}

/** A date string names a real day (no 31 February). */
const isRealDate = (date: string) => DATE_PATTERN.test(date) && addDays(date, 0) === date;

/** The wall clock in `timeZone` at `now`: its date and its "HH:MM". */
export function localNow(now: Date, timeZone = SITE_TIME_ZONE): { date: string; time: string } {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat("en-CA", { timeZone, year: "numeric", month: "2-digit", day: "2-digit", hour: "2-digit", minute: "2-digit", hourCycle: "h23" })
      .formatToParts(now)
      .map((p) => [p.type, p.value]),
  );
  return { date: `${parts.year}-${parts.month}-${parts.day}`, time: `${parts.hour}:${parts.minute}` };
}

/** The start times ("HH:MM") of a day's slots: every SLOT_MINUTES from opening while a whole drive ends by closing; none on a closed day. */
export function slotTimes(hours: WeekHours, date: string): string[] {
  const day = hours[weekday(date)];
  if (!day) return [];
  const out: string[] = [];
  for (let m = minutes(day.opens); m + SLOT_MINUTES <= minutes(day.closes); m += SLOT_MINUTES) out.push(clock(m));
  return out;
}

export interface SlotChoice {
  /** "YYYY-MM-DDTHH:MM". */
  slot: string;
  time: string;
  /** Booked for this cart already, or not bookable any more (started). */
  free: boolean;
}

/** A day's slots, each marked free or not: gone when it starts before `now`, taken when `booked` holds it. */
export function daySlots(hours: WeekHours, date: string, now: Date, booked: ReadonlySet<string>, timeZone = SITE_TIME_ZONE): SlotChoice[] {
  const today = localNow(now, timeZone);
  return slotTimes(hours, date).map((time) => {
    const slot = `${date}T${time}`;
    const past = date < today.date || (date === today.date && time <= today.time);
    return { slot, time, free: !past && !booked.has(slot) };
  });
}

/** The days a visitor may pick: of the BOOKING_DAYS from today, those with a slot still to start (today only until its last one starts). */
export function bookingDays(hours: WeekHours, now: Date, timeZone = SITE_TIME_ZONE): string[] {
  const today = localNow(now, timeZone);
  const days: string[] = [];
  for (let i = 0; i < BOOKING_DAYS; i++) {
    const date = addDays(today.date, i);
    if (slotTimes(hours, date).some((time) => i > 0 || time > today.time)) days.push(date);
  }
  return days;
}

/** Why a slot cannot be booked at all (whoever else booked it), in words; null when it can. */
export function slotProblem(hours: WeekHours, slot: string, now: Date, timeZone = SITE_TIME_ZONE): string | null {
  if (!SLOT_PATTERN.test(slot) || !isRealDate(slot.slice(0, 10))) return TEST_DRIVE_MESSAGES.slot;
  const date = slot.slice(0, 10);
  const time = slot.slice(11);
  const today = localNow(now, timeZone);
  if (date < today.date || (date === today.date && time <= today.time)) return "That time has passed: please pick a later one";
  if (date > addDays(today.date, BOOKING_DAYS - 1)) return `Test drives can be booked up to ${BOOKING_DAYS} days ahead: please pick an earlier day`;
  const times = slotTimes(hours, date);
  if (!times.length) return `We are closed on ${weekday(date)}s: please pick another day`;
  if (!times.includes(time)) return "Test drives start on the hour, within our opening hours: please pick one of the times offered";
  return null;
}

/** The first free slot after `after` within the booking days, reading each day's booked slots as the search reaches it; null when none is left. */
export async function nextFreeSlot(
  hours: WeekHours,
  after: string,
  now: Date,
  bookedOn: (date: string) => Promise<Iterable<string>>,
  timeZone = SITE_TIME_ZONE,
): Promise<string | null> {
  for (const date of bookingDays(hours, now, timeZone)) {
    if (date < after.slice(0, 10)) continue;
    const free = daySlots(hours, date, now, new Set(await bookedOn(date)), timeZone).find((s) => s.free && s.slot > after);
    if (free) return free.slot;
  }
  return null;
}

/** The UTC instant a site-local wall time stands for (DST included). */
export function slotInstant(slot: string, timeZone = SITE_TIME_ZONE): Date {
  const asUtc = Date.parse(`${slot}:00Z`);
  // The zone's offset at that moment, read back from the wall clock; a second pass settles a DST change between.
  let t = asUtc;
  for (let i = 0; i < 2; i++) {
    const { date, time } = localNow(new Date(t), timeZone);
    t += asUtc - Date.parse(`${date}T${time}:00Z`);
  }
  return new Date(t);
}

/** "Monday, November 30, 2026 at 10 AM": a slot as a visitor and sales read it. */
export function formatSlot(slot: string): string {
  const date = new Date(`${slot.slice(0, 10)}T12:00:00Z`).toLocaleDateString("en-US", {
    weekday: "long",
    year: "numeric",
    month: "long",
    day: "numeric",
    timeZone: "UTC",
  });
  const [h = 0, m = 0] = slot.slice(11).split(":").map(Number);
  const hour = `${h % 12 === 0 ? 12 : h % 12}${m ? `:${String(m).padStart(2, "0")}` : ""} ${h >= 12 ? "PM" : "AM"}`;
  return `${date} at ${hour}`;
}

/**
 * Why a cart cannot be test driven, in words; null when it can. Only a cart on the lot can be: not one sold, held for
 * another buyer, or out of stock (an order, or one on its way). The widget offers no booking then, and the API refuses it.
 */
export function testDriveRefusal(v: Pick<Vehicle, "name" | "status" | "inStock">): string | null {
  if (v.status === "sold") return `${v.name} has been sold: it can no longer be test driven`;
  if (v.status === "on-hold") return `${v.name} is on hold for another buyer, so it cannot be booked for a test drive: call us about it or a cart like it`;
  if (!v.inStock) return `${v.name} is not in stock, so it cannot be booked for a test drive yet: call us and we will tell you when it is`;
  return null;
}

export const TEST_DRIVE_MESSAGES = {
  slot: "Pick a day and a time for the test drive",
  vehicle: "A test drive needs the cart it is for",
  notTestDrive: "Only a test drive has a time slot",
  taken: "Sorry, someone has just booked that time for this cart",
} as const;

/** What the visitor is told when the slot went to someone else first, with the next free one when there is one. */
export const slotTakenMessage = (next: string | null): string =>
  `${TEST_DRIVE_MESSAGES.taken}. ${next ? `The next free time is ${formatSlot(next)}: pick it or another one.` : "Please pick another day."}`;

/** The refusal of one test drive more than an e-mail or an address may hold (`held` of them upcoming already). */
export const tooManyTestDrivesMessage = (held: number): string =>
  `You have ${held} test drives booked already, the most we keep for one visitor at a time: please come to one of them first, or call us to book another.`;
