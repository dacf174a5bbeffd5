import type { Vehicle } from "./vehicle";

export const VEHICLE_BADGES = { onHold: "On Hold", new: "NEW", inStock: "In Stock", outOfStock: "Out of Stock" } as const;
export type VehicleBadge = (typeof VEHICLE_BADGES)[keyof typeof VEHICLE_BADGES];

/** The detail page's status badge: On Hold wins, then NEW, then stock. */
export function vehicleBadge(v: Pick<Vehicle, "isNew" | "inStock"> & Partial<Pick<Vehicle, "status">>): VehicleBadge {
  if (v.status === "on-hold") return VEHICLE_BADGES.onHold;
  if (v.isNew) return VEHICLE_BADGES.new;
  return v.inStock ? VEHICLE_BADGES.inStock : VEHICLE_BADGES.outOfStock;
}
