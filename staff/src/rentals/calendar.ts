/**
 * The desk's calendar as plain data: the days it shows and, per plan and day, the reservations that hold a cart then.
 * Start and end are the site's local date-times ("2027-06-12T10:00"), so they compare as text.
 */
import { holdsCart } from "../../../domain/rental-booking";
import type { Reservation } from "../api/rentals-api";

/** How many days the calendar shows from its first. */
export const CALENDAR_DAYS = 21;

/** "2027-06-12": a day, as the calendar names it. */
export const dayOf = (d: Date): string => `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, "0")}-${String(d.getDate()).padStart(2, "0")}`;

/** The instant a day begins on this computer's clock (the desk's staff are at the shop), as the API's `from`/`to` take it. */
export function dayStart(day: string): string {
  const [y, m, d] = day.split("-").map(Number) as [number, number, number];
  return new Date(y, m - 1, d).toISOString();
}

/** `count` days from `first` ("2027-06-12"), each as "YYYY-MM-DD". */
export function daysFrom(first: string, count: number): string[] {
  const [y, m, d] = first.split("-").map(Number) as [number, number, number];
  return Array.from({ length: count }, (_, i) => dayOf(new Date(y, m - 1, d + i)));
}

/** Whether a reservation holds its cart during some of `day` (from its start to its end; the turnaround follows). */
export const holdsOn = (r: Pick<Reservation, "start" | "end" | "status">, day: string): boolean =>
  holdsCart(r.status) && r.start < `${day}T24:00` && r.end > `${day}T00:00`;

/** The reservations of `plan` holding a cart on `day`. */
export const onDay = (list: readonly Reservation[], plan: string, day: string): Reservation[] => list.filter((r) => r.plan === plan && holdsOn(r, day));

/** "Sat 12 Jun": a day's short name. */
export function dayLabel(day: string): { weekday: string; date: string } {
  const [y, m, d] = day.split("-").map(Number) as [number, number, number];
  const date = new Date(y, m - 1, d);
  return {
    weekday: date.toLocaleDateString("en-US", { weekday: "short" }),
    date: date.toLocaleDateString("en-US", { month: "short", day: "numeric" }),
  };
}

/** "Jun 12, 10:00 AM": a local date-time as people read it. */
export function whenText(local: string): string {
  const [day, time = "00:00"] = local.split("T");
  const [y, m, d] = (day ?? "").split("-").map(Number) as [number, number, number];
  const [h, min] = time.split(":").map(Number) as [number, number];
  return new Date(y, m - 1, d, h, min).toLocaleString("en-US", { month: "short", day: "numeric", year: "numeric", hour: "numeric", minute: "2-digit" });
}
