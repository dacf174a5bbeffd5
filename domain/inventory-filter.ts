import type { Vehicle } from "./vehicle";

/** Price bands of the inventory filter, in US dollars (spec §5 "Inventory filters": three bands, the middle one inclusive at both ends). */
export const PRICE_LOW_MAX = 15_000;
export const PRICE_HIGH_MIN = 25_000;

export const BRAND_OPTIONS = [
  { value: "denago", label: "Denago" },
  { value: "evolution", label: "Evolution" },
] as const;

export const CATEGORY_OPTIONS = [
  { value: "ranger", label: "Ranger" },
  { value: "maverick", label: "Maverick" },
  { value: "forester", label: "Forester" },
  { value: "turfman", label: "Turfman" },
  { value: "rover", label: "Rover" },
] as const;

export const PRICE_OPTIONS = [
  { value: "under-15000", label: "Under $15,000" },
  { value: "15000-25000", label: "$15,000 - $25,000" },
  { value: "over-25000", label: "Over $25,000" },
] as const;
export type PriceBand = (typeof PRICE_OPTIONS)[number]["value"];

export const SORT_OPTIONS = [
  { value: "featured", label: "Featured" },
  { value: "price-asc", label: "Price: low to high" },
  { value: "price-desc", label: "Price: high to low" },
] as const;
export type SortOrder = (typeof SORT_OPTIONS)[number]["value"];

/** The inventory's filter state; an empty string or absent key means "all". */
export interface InventoryFilters {
  search?: string;
  /** Exact brand, case-insensitive (the inventory's brand select). */
  brand?: string;
  /** Contains-match on brand, case-insensitive (the brand pages and the `brand` attribute). */
  brandContains?: string;
  /** A series the category must contain, case-insensitive. */
  category?: string;
  price?: PriceBand | "";
  sort?: SortOrder;
}

export function inPriceBand(price: number, band: PriceBand): boolean {
  switch (band) {
    case "under-15000":
      return price < PRICE_LOW_MAX;
    case "15000-25000":
      return price >= PRICE_LOW_MAX && price <= PRICE_HIGH_MIN;
    case "over-25000":
      return price > PRICE_HIGH_MIN;
  }
}

const lower = (s: string | undefined) => (s ?? "").trim().toLowerCase();

/** True when a vehicle passes every filter that is set. */
export function matchesFilters(v: Vehicle, f: InventoryFilters): boolean {
  const search = lower(f.search);
  if (search && !lower(v.name).includes(search) && !lower(v.description).includes(search)) return false;
  if (f.brand && lower(v.brand) !== lower(f.brand)) return false;
  if (f.brandContains && !lower(v.brand).includes(lower(f.brandContains))) return false;
  if (f.category && !lower(v.category).includes(lower(f.category))) return false;
  if (f.price && !inPriceBand(v.price, f.price)) return false;
  return true;
}

/** The vehicles that pass the filters, in the chosen order (the catalogue's own order by default). */
export function filterVehicles(vehicles: readonly Vehicle[], f: InventoryFilters): Vehicle[] {
  const result = vehicles.filter((v) => matchesFilters(v, f));
  if (f.sort === "price-asc") result.sort((a, b) => a.price - b.price);
  else if (f.sort === "price-desc") result.sort((a, b) => b.price - a.price);
  return result;
}
