/**
 * The desk's calendar as plain data: the days it shows and, per plan and day, the reservations that hold a cart then.
 * Start and end are the site's local date-times ("2027-06-12T10:00"), so they compare as text; the days are the
 * site's too (the API answers its today and reads each day from the site's midnight), never the staff's computer's.
 */
import { holdsCartAt } from "../../../domain/rental-booking";
import { addDays } from "../../../domain/local-time";
import type { Reservation } from "../api/rentals-api";

/** How many days the calendar shows from its first. */
export const CALENDAR_DAYS = 21;

/** `count` days from `first` ("2027-06-12"), each as "YYYY-MM-DD". */
export function daysFrom(first: string, count: number): string[] {
  return Array.from({ length: count }, (_, i) => addDays(first, i));
}

/**
 * Whether a reservation holds its cart during some of `day` (from its start to its end; the turnaround follows), as
 * the server counts it at `now`: an unconfirmed request whose hold lapsed holds nothing, though it waits for a decision.
 */
export const holdsOn = (r: Pick<Reservation, "start" | "end" | "status" | "holdUntil">, day: string, now = Date.now()): boolean =>
  holdsCartAt(r, now) && r.start < `${day}T24:00` && r.end > `${day}T00:00`;

/** The reservations of `plan` holding a cart on `day`. */
export const onDay = (list: readonly Reservation[], plan: string, day: string, now = Date.now()): Reservation[] =>
  list.filter((r) => r.plan === plan && holdsOn(r, day, now));

/** "Sat 12 Jun": a day's short name. */
export function dayLabel(day: string): { weekday: string; date: string } {
  // The day's own name, whatever this computer's zone: read at its UTC noon, in UTC.
  const date = new Date(`${day}T12:00:00Z`);
  return {
    weekday: date.toLocaleDateString("en-US", { weekday: "short", timeZone: "UTC" }),
    date: date.toLocaleDateString("en-US", { month: "short", day: "numeric", timeZone: "UTC" }),
  };
}

/** "Jun 12, 10:00 AM": a local date-time as people read it. */
export function whenText(local: string): string {
  const [day, time = "00:00"] = local.split("T");
  const [y, m, d] = (day ?? "").split("-").map(Number) as [number, number, number];
  const [h, min] = time.split(":").map(Number) as [number, number];
  return new Date(Date.UTC(y, m - 1, d, h, min)).toLocaleString("en-US", {
    month: "short",
    day: "numeric",
    year: "numeric",
    hour: "numeric",
    minute: "2-digit",
    timeZone: "UTC",
  });
}
