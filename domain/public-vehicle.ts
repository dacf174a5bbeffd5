import type { Vehicle } from "./vehicle";

/** The fields only staff see: never in a public answer, page, JSON-LD, feed or widget. */
export const STAFF_ONLY_VEHICLE_FIELDS = ["cost", "sale"] as const;
type StaffOnlyField = (typeof STAFF_ONLY_VEHICLE_FIELDS)[number];

/**
 * A vehicle as the public may see it: without its staff-only fields. Typed so
 * that a staff-side Vehicle holding them cannot be passed where one is asked for.
 */
export type PublicVehicle = Omit<Vehicle, StaffOnlyField> & { [K in StaffOnlyField]?: never };

const projected = new WeakMap<Vehicle, PublicVehicle>();

/**
 * The public view of a vehicle, made once per version (vehicles are never
 * changed in place). Every public path (the API's bodies, the pages and their
 * JSON-LD, the widgets' data, the feeds) is built from this, never from the stored vehicle.
 */
export function publicVehicle(v: Vehicle | PublicVehicle): PublicVehicle {
  let shown = projected.get(v as Vehicle);
  if (!shown) {
    const copy: Record<string, unknown> = { ...v };
    for (const field of STAFF_ONLY_VEHICLE_FIELDS) delete copy[field];
    shown = copy as PublicVehicle;
    projected.set(v as Vehicle, shown);
  }
  return shown;
}

const onSites = new WeakMap<PublicVehicle, Map<string, PublicVehicle>>();

/**
 * The public view of a vehicle as the site `siteId` shows it (decision 0057): it names no other site. Its
 * `sites` (which sites show it) are left out, as every answer of a site lists only that site's vehicles anyway; its
 * `location` (the lot it stands on) is kept only when it is this site's own lot. Made once per (version, site); the
 * public view itself when there is nothing to leave out, so a site that names none shares its bytes.
 */
export function publicVehicleOn(v: Vehicle | PublicVehicle, siteId: string): PublicVehicle {
  const base = publicVehicle(v);
  if (base.sites === undefined && (base.location === undefined || base.location === siteId)) return base;
  let bySite = onSites.get(base);
  if (!bySite) onSites.set(base, (bySite = new Map()));
  let shown = bySite.get(siteId);
  if (!shown) {
    const copy: Record<string, unknown> = { ...base };
    delete copy.sites;
    if (base.location !== siteId) delete copy.location;
    bySite.set(siteId, (shown = copy as PublicVehicle));
  }
  return shown;
}

/** Whether the vehicle stands on the lot of another site than `siteId` (its public view there does not say which). */
export const standsElsewhere = (v: Pick<Vehicle, "location">, siteId: string): boolean => v.location !== undefined && v.location !== siteId;
