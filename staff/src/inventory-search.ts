import type { Vehicle } from "../../domain/vehicle";

/** Whether a vehicle matches the staff search: every word in its name, id, brand, category or status. */
export function matchesSearch(vehicle: Vehicle, query: string): boolean {
  const haystack = [vehicle.name, vehicle.id, vehicle.brand, vehicle.category, vehicle.status].join(" ").toLowerCase();
  return query
    .toLowerCase()
    .split(/\s+/)
    .filter(Boolean)
    .every((word) => haystack.includes(word));
}
