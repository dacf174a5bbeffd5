/**
 * Service appointments: the shop's service hours (a site may set its own), the windows a cart can be dropped off or
 * picked up in, which of them are offered, and when a change is free. A slot is a window's site-local start,
 * "YYYY-MM-DDTHH:MM", as a test drive's is. docs/decisions/0068-storage-and-service-rules.md.
 */
import { DELIVERY_RULES } from "./delivery";
import { addDays, formatDay, fromLocalDateTime, isLocalDateTime, localDay } from "./local-time";
import { formatClock } from "./opening-hours";
import { SERVICE_MESSAGES } from "./service-fields";
import { SLOT_PATTERN, weekday, type WeekHours } from "./test-drive";

/** The service card's hours: Mon-Fri 8 AM-5 PM, Sat 9 AM-3 PM; Sunday emergencies only, by phone. */
export const SERVICE_HOURS: WeekHours = {
  Monday: { opens: "08:00", closes: "17:00" },
  Tuesday: { opens: "08:00", closes: "17:00" },
  Wednesday: { opens: "08:00", closes: "17:00" },
  Thursday: { opens: "08:00", closes: "17:00" },
  Friday: { opens: "08:00", closes: "17:00" },
  Saturday: { opens: "09:00", closes: "15:00" },
  Sunday: null,
};

/** A site's service hours: its own, else SERVICE_HOURS. A day without them takes emergencies by phone, never a booking. */
export const siteServiceHours = (site: { serviceHours?: WeekHours }): WeekHours => site.serviceHours ?? SERVICE_HOURS;

/** A window is as long as a delivery's (2 hours); the day's last one ends at closing, and is offered when at least an hour long. */
export const WINDOW_MINUTES = DELIVERY_RULES.windowHours * 60;
const SHORTEST_WINDOW_MINUTES = 60;

/** How far ahead a window must start: a bay is readied in 2 hours; the truck's round is planned the day before. */
export const LEAD_HOURS = { "drop-off": 2, pickup: 24 } as const;
export type Handover = keyof typeof LEAD_HOURS;

/** How many days ahead, today included, a visitor may book: eight weeks. */
export const SERVICE_BOOKING_DAYS = 56;

/** Appointments a site takes a day (its service bays) and pickups its truck makes a day. */
export interface ServiceCapacity {
  baysPerDay: number;
  pickupsPerDay: number;
}

/** A day's appointments already booked, pickups among them. */
export interface DayBookings {
  appointments: number;
  pickups: number;
}

export interface ServiceWindow {
  slot: string;
  /** "8 AM-10 AM". */
  label: string;
}

/** Why a day offers no window: no service hours (call for emergencies), fully booked, or every window too soon or past. */
export type Unavailable = "emergency-only" | "full" | "too-soon";

export interface ServiceDay {
  date: string;
  windows: ServiceWindow[];
  unavailable: Unavailable | null;
}

export interface SlotContext {
  hours: WeekHours;
  capacity: ServiceCapacity;
  /** Per day "YYYY-MM-DD"; a day left out has none. */
  booked: Readonly<Record<string, DayBookings>>;
  handover: Handover;
  now: Date;
  timeZone: string;
}

const HOUR_MS = 3_600_000;
const minutes = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));
const clock = (m: number) => `${String(Math.floor(m / 60)).padStart(2, "0")}:${String(m % 60).padStart(2, "0")}`;

/** A day's windows by its service hours, whatever is booked: every two hours from opening. */
export function serviceWindows(hours: WeekHours, date: string): ServiceWindow[] {
  const day = hours[weekday(date)];
  if (!day) return [];
  const out: ServiceWindow[] = [];
  const closes = minutes(day.closes);
  for (let m = minutes(day.opens); closes - m >= SHORTEST_WINDOW_MINUTES; m += WINDOW_MINUTES) {
    const end = Math.min(m + WINDOW_MINUTES, closes);
    out.push({ slot: `${date}T${clock(m)}`, label: `${formatClock(clock(m))}-${formatClock(clock(end))}` });
  }
  return out;
}

/** Whether a day has no room for one more appointment of `handover`'s kind. */
const isFull = (b: DayBookings | undefined, capacity: ServiceCapacity, handover: Handover) =>
  (b?.appointments ?? 0) >= capacity.baysPerDay || (handover === "pickup" && (b?.pickups ?? 0) >= capacity.pickupsPerDay);

/** Each day from `from` to `to` (inclusive, and at most SERVICE_BOOKING_DAYS from today) with the windows offered on it, and when none is, why. */
export function serviceDays(from: string, to: string, ctx: SlotContext): ServiceDay[] {
  const last = addDays(localDay(ctx.now, ctx.timeZone), SERVICE_BOOKING_DAYS - 1);
  const soonest = +ctx.now + LEAD_HOURS[ctx.handover] * HOUR_MS;
  const days: ServiceDay[] = [];
  for (let date = from; date <= to && date <= last; date = addDays(date, 1)) {
    const all = serviceWindows(ctx.hours, date);
    const full = isFull(ctx.booked[date], ctx.capacity, ctx.handover);
    // Real hours from now, so a clock change does not shorten the lead.
    const windows = full ? [] : all.filter((w) => +fromLocalDateTime(w.slot, ctx.timeZone) >= soonest);
    const unavailable = windows.length ? null : !all.length ? "emergency-only" : full ? "full" : "too-soon";
    days.push({ date, windows, unavailable });
  }
  return days;
}

/** A day offering no window, in words for the visitor; the service phone for emergencies. */
export function unavailableText(day: ServiceDay, servicePhone: string): string {
  const when = `${weekday(day.date)}, ${formatDay(day.date)}`;
  if (day.unavailable === "emergency-only") return `${when}: emergencies only, call ${servicePhone}`;
  if (day.unavailable === "full") return `${when}: fully booked`;
  return `${when}: too late to book online, call ${servicePhone}`;
}

/** Why `slot` cannot be booked, in words; null when it is offered. */
export function serviceSlotProblem(slot: string, ctx: SlotContext): string | null {
  if (!SLOT_PATTERN.test(slot) || !isLocalDateTime(slot)) return SERVICE_MESSAGES.slot;
  const day = serviceDays(slot.slice(0, 10), slot.slice(0, 10), ctx)[0];
  if (!day) return `Service can be booked up to ${SERVICE_BOOKING_DAYS / 7} weeks ahead: please pick an earlier day`;
  if (day.windows.some((w) => w.slot === slot)) return null;
  if (day.unavailable === "emergency-only") return `We take no bookings on ${weekday(day.date)}s: pick another day, or call us in an emergency`;
  if (day.unavailable === "full") return "That day is fully booked: please pick another day";
  if (serviceWindows(ctx.hours, day.date).some((w) => w.slot === slot))
    return `That window starts too soon: ${ctx.handover === "pickup" ? "a pickup is booked at least a day ahead" : "please pick a later window"}`;
  return "Please pick one of the windows offered";
}

/** Changes free of charge: with the delivery policy's 24 hours' notice before the window starts. */
export const FREE_CHANGE_NOTICE_HOURS = DELIVERY_RULES.rescheduleNoticeHours;

/** Whether moving or cancelling the appointment at `slot` at instant `at` is free (24 real hours before, across a clock change too). */
export const changeIsFree = (slot: string, at: Date, timeZone: string): boolean =>
  +at <= +fromLocalDateTime(slot, timeZone) - FREE_CHANGE_NOTICE_HOURS * HOUR_MS;
