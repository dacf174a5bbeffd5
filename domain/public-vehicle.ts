import type { Vehicle } from "./vehicle";

/** The fields only staff see (issue 29): never in a public answer, page, JSON-LD, feed or widget. */
export const STAFF_ONLY_VEHICLE_FIELDS = ["cost"] as const;
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
