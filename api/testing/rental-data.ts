/**
 * Rental data for the tests of what carries it between places (backups, restores, `npm run migrate-to-postgres`):
 * fleets set on two sites, reservations in three states with the mails they owe, and the link key; and everything a
 * rental store holds, to compare the store a copy was made from with the copy.
 */
import type { Reservation } from "../../domain/rental-booking";
import type { NewReservation, RentalStore } from "../store/rental-store";

const HOUR = 3_600_000;

const draft = (site: string, startsAt: number, hours: number, firstName: string): NewReservation => ({
  site,
  plan: "6-seater",
  start: new Date(startsAt).toISOString().slice(0, 16),
  end: new Date(startsAt + hours * HOUR).toISOString().slice(0, 16),
  startsAt: new Date(startsAt).toISOString(),
  endsAt: new Date(startsAt + hours * HOUR).toISOString(),
  timeZone: "America/New_York",
  status: "requested",
  quote: { total: 345 } as Reservation["quote"],
  renter: { firstName, lastName: "Renter", email: `${firstName.toLowerCase()}@example.com`, phone: "3025550142" },
  delivery: { kind: "pickup" },
  drivers: 1,
  source: firstName === "Partner" ? "resort-x" : null,
  origin: "http://localhost:3000",
  createdAt: new Date().toISOString(),
  history: [],
});

/** Fleets on two sites, three reservations (requested, confirmed, cancelled) with their mails, and the link key. */
export async function seedRentals(rentals: RentalStore): Promise<Reservation[]> {
  const t0 = Date.parse("2031-07-01T14:00:00Z");
  for (const site of ["sussex-coast", "cape-may"]) {
    const s = await rentals.settings(site);
    const set = await rentals.setSettings(
      site,
      { fleet: { "4-seater": 3, "6-seater": 2, utility: 1 }, turnaroundHours: site === "cape-may" ? 4 : 2 },
      s.version,
    );
    if (!set.ok) throw new Error(`settings of ${site} not set`);
  }
  const taken: Reservation[] = [];
  for (const [site, offset, name] of [
    ["sussex-coast", 0, "Beach"],
    ["sussex-coast", 30, "Partner"],
    ["cape-may", 0, "Cape"],
  ] as const) {
    const r = await rentals.reserve(draft(site, t0 + offset * HOUR, 72, name), "received");
    if (!r.ok) throw new Error(`no cart for ${name}`);
    taken.push(r.reservation);
  }
  const confirmed = await rentals.change(taken[1]!.id, taken[1]!.version, (c) => ({ ...c, status: "confirmed" }), "confirmed");
  const cancelled = await rentals.change(taken[2]!.id, taken[2]!.version, (c) => ({ ...c, status: "cancelled" }), "cancelled");
  if (!confirmed.ok || !cancelled.ok) throw new Error("reservations not changed");
  await rentals.linkKey();
  return [taken[0]!, confirmed.reservation, cancelled.reservation];
}

/** Everything a rental store holds for the two sites: settings, reservations, pending mails (by id) and the link key. */
export async function rentalState(rentals: RentalStore) {
  const sites = ["sussex-coast", "cape-may"];
  return {
    settings: await Promise.all(sites.map((s) => rentals.settings(s))),
    reservations: await Promise.all(sites.map((s) => rentals.list(s))),
    pendingMails: (await rentals.pendingMails()).sort((a, b) => a.id.localeCompare(b.id)),
    linkKey: (await rentals.linkKey()).toString("hex"),
  };
}
