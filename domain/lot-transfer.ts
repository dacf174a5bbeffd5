/**
 * A lot transfer: a unit moved from one site's lot to another's, the group's shared inventory. The unit
 * stands on the receiving lot (its location) and is shown on the receiving site in place of the sending one; a unit
 * every site shows stays shown on every site. One history entry records who moved it and when.
 */
import type { InventorySource } from "./inventory-source";
import type { Vehicle } from "./vehicle";

/** The unit as it is once moved to the lot of site `to`. */
export function transferred(vehicle: Vehicle, to: string): Vehicle {
  if (!vehicle.sites) return { ...vehicle, location: to };
  const sites = [...new Set(vehicle.sites.map((id) => (id === vehicle.location ? to : id)).concat(to))];
  return { ...vehicle, location: to, sites };
}

/** Why a unit cannot be moved to `to`, in words; undefined when it can. */
export function transferProblem(vehicle: Pick<Vehicle, "location" | "status" | "name">, to: string, siteIds: readonly string[]): string | undefined {
  if (!siteIds.includes(to)) return `"${to}" is not a site of this deployment: choose one of ${siteIds.join(", ")}`;
  if (vehicle.location === to) return `${vehicle.name} is on that lot already`;
  if (vehicle.status === "sold") return `${vehicle.name} is sold: a sold unit is not moved between lots`;
  return undefined;
}

/** What the console says before a move of a unit whose lot an inventory source keeps: its next run puts the dealer system's lot back. */
export const keptLotWarning = (source: Pick<InventorySource, "name" | "owns">): string | undefined =>
  source.owns.includes("location")
    ? `The inventory source "${source.name}" keeps this unit's lot: unless the unit is moved in the dealer system too, its next run moves it back`
    : undefined;
