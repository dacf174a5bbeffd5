/** The rental desk's calls (/api/staff/rentals), one function per call; each change sends the version it was based on. */
import type { Reservation as StoredReservation, RentalSettings, ReservationStatus } from "../../../domain/rental-booking";
import { currentSite } from "../current-site";
import { call } from "./client";

/** A reservation as the desk reads it, with the ETag its next change sends back. */
export type Reservation = StoredReservation & { etag: string };

/** What a decision sends: nothing, the renter's reason, or the new dates. */
export type { RentalSettings, ReservationStatus };
export type ReservationAction =
  { action: "confirm" } | { action: "decline"; reason: string } | { action: "move"; start: string; end: string } | { action: "cancel" };

/** `?site=` (the page's working site, docs/decisions/0058; else the header's choice), and the other parameters, without empty ones. */
function query(extra: Record<string, string | undefined> = {}, site = currentSite()): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries({ ...extra, site })) if (value) params.set(key, value);
  const text = params.toString();
  return text ? `?${text}` : "";
}

const withEtag = ({ body, headers }: { body: Reservation; headers: Headers }): Reservation => ({ ...body, etag: headers.get("ETag") ?? body.etag });

export const rentalsApi = {
  /** The site's reservations that overlap [from, to) (ISO 8601 instants; "" leaves a bound open), of one status or all. */
  reservations: async (site: string, from: string, to: string, status?: ReservationStatus) =>
    (await call<{ reservations: Reservation[] }>(`rentals/reservations${query({ from, to, status }, site)}`)).body.reservations,
  /**
   * The reservations over `days` days from `day` ("2027-06-12"; "" for the site's today), the days being the site's
   * (midnight to midnight in its time zone); with the first day, the site's today and its time zone.
   */
  calendar: async (site: string, day: string, days: number) =>
    (
      await call<{ day: string; today: string; timeZone: string; reservations: Reservation[] }>(
        `rentals/reservations${query({ day, days: String(days) }, site)}`,
      )
    ).body,
  reservation: async (id: string) => withEtag(await call<Reservation>(`rentals/reservations/${encodeURIComponent(id)}${query()}`)),
  /** Confirm, decline, move or cancel: 412 when someone changed it since `etag`, 409 when the new dates are not free. */
  act: async (r: Pick<Reservation, "id" | "etag">, { action, ...body }: ReservationAction) =>
    withEtag(
      await call<Reservation>(`rentals/reservations/${encodeURIComponent(r.id)}/${action}${query()}`, {
        method: "post",
        headers: { "If-Match": r.etag },
        json: body,
      }),
    ),
  /** The site's fleet, turnaround and booking horizon. */
  settings: async (site: string) => {
    const { body, headers } = await call<RentalSettings>(`rentals/settings${query({}, site)}`);
    return { settings: body, etag: headers.get("ETag") ?? "" };
  },
  /** Owners only (403 for sales). */
  saveSettings: async (site: string, settings: RentalSettings, etag: string) => {
    const { body, headers } = await call<RentalSettings>(`rentals/settings${query({}, site)}`, {
      method: "put",
      headers: { "If-Match": etag },
      json: settings,
    });
    return { settings: body, etag: headers.get("ETag") ?? "" };
  },
};
