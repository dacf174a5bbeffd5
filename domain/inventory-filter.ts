import type { Vehicle } from "./vehicle";

/** Price bands of the inventory filter, in US dollars (spec §5 "Inventory filters": three bands, the middle one inclusive at both ends). */
export const PRICE_LOW_MAX = 15_000;
export const PRICE_HIGH_MIN = 25_000;

export const BRAND_OPTIONS = [
  { value: "denago", label: "Denago" },
  { value: "evolution", label: "Evolution" },
] as const;

/**
 * The five series the spec's category filter names (spec §5 "Inventory filters"): each matches every category that
 * contains it ("rover" matches "EV Rover"). The filter offers every category of the catalogue: these five by that rule,
 * the others by their own name (docs/decisions/0011).
 */
export const SPEC_SERIES = ["ranger", "maverick", "forester", "turfman", "rover"] as const;

/** A category's option value: the spec's series word it contains, else its name as a slug ("EV City" → "ev-city"). */
export function categoryValue(category: string): string {
  const lowered = category.trim().toLowerCase();
  return SPEC_SERIES.find((w) => lowered.includes(w)) ?? lowered.replace(/[^a-z0-9]+/g, "-").replace(/^-|-$/g, "");
}

/** A brand's option value: its name as a slug, as the `brand` parameter takes it ("Denago" → "denago", "E2E Test Motors" → "e2e-test-motors"). */
export const brandValue = (brand: string): string =>
  brand
    .trim()
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-|-$/g, "");

/** What a category option value looks like (a query string's value is kept only if it does). */
export const CATEGORY_VALUE = /^[a-z0-9][a-z0-9-]{0,59}$/;

/** The category filter's options: one per category the vehicles have (the spec's series once each), sorted by label. */
export function categoryOptions(vehicles: readonly Pick<Vehicle, "category">[]): { value: string; label: string }[] {
  const options = new Map<string, string>();
  for (const { category } of vehicles) {
    const value = categoryValue(category);
    if (!value || options.has(value)) continue;
    const label = (SPEC_SERIES as readonly string[]).includes(value) ? value[0]!.toUpperCase() + value.slice(1) : category.trim();
    options.set(value, label);
  }
  return [...options].map(([value, label]) => ({ value, label })).sort(byLabel);
}

/**
 * Alphabetical, case aside, in plain code: a page's first `localeCompare` starts ICU's collator, which took 44 ms of
 * the inventory widget's first render under Lighthouse's mobile CPU (as `Intl.NumberFormat` did, number-format.ts).
 */
function byLabel(a: { label: string }, b: { label: string }): number {
  const [x, y] = [a.label.toLowerCase(), b.label.toLowerCase()];
  return x < y ? -1 : x > y ? 1 : 0;
}

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
  /** Exact brand by its value (brandValue: "denago", "e2e-test-motors"), case-insensitive (the inventory's brand select). */
  brand?: string;
  /** Contains-match on brand, case-insensitive (the brand pages and the `brand` attribute). */
  brandContains?: string;
  /** A category option value (categoryValue): one of the spec's series, contained in the category; else the category's slug. */
  category?: string;
  price?: PriceBand | "";
  /** A vehicle's condition, "new" or "used". */
  condition?: string;
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
  if (f.brand && brandValue(v.brand) !== brandValue(f.brand)) return false;
  if (f.brandContains && !lower(v.brand).includes(lower(f.brandContains))) return false;
  if (f.category) {
    const wanted = lower(f.category);
    const series = (SPEC_SERIES as readonly string[]).includes(wanted);
    if (series ? !lower(v.category).includes(wanted) : categoryValue(v.category) !== wanted) return false;
  }
  if (f.price && !inPriceBand(v.price, f.price)) return false;
  if (f.condition && v.condition !== f.condition) return false;
  return true;
}

/** The vehicles that pass the filters, in the chosen order (the catalogue's own order by default). */
export function filterVehicles(vehicles: readonly Vehicle[], f: InventoryFilters): Vehicle[] {
  const result = vehicles.filter((v) => matchesFilters(v, f));
  if (f.sort === "price-asc") result.sort((a, b) => a.price - b.price);
  else if (f.sort === "price-desc") result.sort((a, b) => b.price - a.price);
  return result;
}
