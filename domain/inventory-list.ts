/**
 * The staff console's inventory list: its filters and sort as its URL carries
 * them (`/staff?status=available&age=over-90&sort=days&order=desc`), and the vehicles it shows for them. Days on the
 * lot are `daysOnLot` (vehicle.ts). Framework-free, so the console and its tests share one reading of the URL.
 */
import { feedOmission } from "./feed-listing";
import { brandValue } from "./inventory-filter";
import { pageOf } from "./inventory-query";
import { unaccented } from "./unaccented";
import { daysOnLot, isListed, isShownOn, VEHICLE_CONDITIONS, VEHICLE_STATUSES, type Vehicle, type VehicleCondition, type VehicleStatus } from "./vehicle";

/** The age filter's choices: units that have stood on the lot more than this many days. */
export const AGE_OPTIONS = [
  { value: "over-30", label: "Over 30 days", days: 30 },
  { value: "over-60", label: "Over 60 days", days: 60 },
  { value: "over-90", label: "Over 90 days", days: 90 },
  { value: "over-180", label: "Over 180 days", days: 180 },
] as const;
export type AgeFilter = (typeof AGE_OPTIONS)[number]["value"];

/** The list's columns that sort, in the order the list shows them. */
export const LIST_COLUMNS = [
  { key: "name", label: "Cart" },
  { key: "stockNumber", label: "Stock no." },
  { key: "year", label: "Year" },
  { key: "color", label: "Colour" },
  { key: "price", label: "Price" },
  { key: "status", label: "Status" },
  { key: "days", label: "Days on lot" },
] as const;
export type ListColumn = (typeof LIST_COLUMNS)[number]["key"];
export type SortOrder = "asc" | "desc";

/** The list's filters and sort; an absent key is "any" (or the catalogue's own order). */
export interface InventoryListQuery {
  q?: string;
  status?: VehicleStatus;
  /** A brand's slug (brandValue). */
  brand?: string;
  condition?: VehicleCondition;
  age?: AgeFilter;
  /** A site's id: the carts it shows (those naming it, and those naming no site, which every site shows). */
  site?: string;
  sort?: ListColumn;
  order?: SortOrder;
  /** The page of the list (from 1; absent: the first), STAFF_PAGE_SIZE carts a page. */
  page?: number;
}

/** Carts a page of the console's list (the server pages it: docs/decisions/0065). */
export const STAFF_PAGE_SIZE = 50;

const KEYS = ["q", "status", "brand", "condition", "age", "site", "sort", "order", "page"] as const;
/** The filters and sort of a query, without its page: what "select all" and the CSV export ask for. */
export const listFilters = ({ page: _page, ...filters }: InventoryListQuery): Omit<InventoryListQuery, "page"> => filters;
const oneOf = <T extends string>(values: readonly T[], value: string | null): T | undefined =>
  value !== null && (values as readonly string[]).includes(value) ? (value as T) : undefined;
const BRAND_SLUG = /^[a-z0-9][a-z0-9-]{0,59}$/;

/** The query a URL's search carries; a value the list does not know is dropped (a bookmark outlives a choice). */
export function parseListQuery(search: URLSearchParams): InventoryListQuery {
  const brand = search.get("brand");
  const site = search.get("site");
  const q = search.get("q")?.slice(0, 100);
  const query: InventoryListQuery = {
    q: q || undefined,
    status: oneOf(VEHICLE_STATUSES, search.get("status")),
    brand: brand && BRAND_SLUG.test(brand) ? brand : undefined,
    condition: oneOf(VEHICLE_CONDITIONS, search.get("condition")),
    age: oneOf(
      AGE_OPTIONS.map((o) => o.value),
      search.get("age"),
    ),
    site: site && BRAND_SLUG.test(site) ? site : undefined,
    sort: oneOf(
      LIST_COLUMNS.map((c) => c.key),
      search.get("sort"),
    ),
  };
  if (query.sort) query.order = search.get("order") === "desc" ? "desc" : "asc";
  const page = Number(search.get("page"));
  if (Number.isSafeInteger(page) && page > 1) query.page = page;
  return Object.fromEntries(Object.entries(query).filter(([, v]) => v !== undefined)) as InventoryListQuery;
}

/** `?status=…&sort=…` for a query, its keys in one order ("" when it has none): what the list writes in its URL. */
export function listSearch(query: InventoryListQuery): string {
  const params = new URLSearchParams();
  for (const key of KEYS) {
    const value = query[key];
    if (value === undefined || value === "") continue;
    if (key === "order" && (!query.sort || value === "asc")) continue;
    if (key === "page" && value === 1) continue;
    params.set(key, String(value));
  }
  const search = params.toString();
  return search ? `?${search}` : "";
}

/** The sort a click on a column's header asks for: that column ascending, or the other way when it already sorts by it. */
export function nextSort(query: InventoryListQuery, column: ListColumn): Pick<InventoryListQuery, "sort" | "order"> {
  return { sort: column, order: query.sort === column && query.order !== "desc" ? "desc" : "asc" };
}

/** A cart's sites in words: the names of those it names (an id the names do not know, as it is), or "Every site". */
export function sitesText(v: Pick<Vehicle, "sites">, names: ReadonlyMap<string, string>): string {
  return v.sites?.length ? v.sites.map((id) => names.get(id) ?? id).join(", ") : "Every site";
}

/** The brand filter's choices: each brand the vehicles have, once, by its slug, alphabetical. */
export function brandChoices(vehicles: readonly Pick<Vehicle, "brand">[]): { value: string; label: string }[] {
  const seen = new Map<string, string>();
  for (const { brand } of vehicles) {
    const value = brandValue(brand);
    if (value && !seen.has(value)) seen.set(value, brand.trim());
  }
  return [...seen].map(([value, label]) => ({ value, label })).sort((a, b) => (a.label.toLowerCase() < b.label.toLowerCase() ? -1 : 1));
}

/** Each vehicle's searched text, made once per version (vehicles are never changed in place): a search runs per key typed. */
const haystacks = new WeakMap<Vehicle, string>();
const haystackOf = (v: Vehicle): string => {
  let text = haystacks.get(v);
  if (text === undefined)
    haystacks.set(
      v,
      (text = unaccented([v.name, v.id, v.stockNumber, v.vin, v.serialNumber, v.brand, v.category, v.color, v.year, v.status].join(" ").toLowerCase())),
    );
  return text;
};

/** Whether a vehicle matches the search: every word in its name, id, stock number, VIN or serial, brand, category, colour, year or status, accents aside. */
export function matchesListSearch(v: Vehicle, q: string | undefined): boolean {
  if (!q) return true;
  const haystack = haystackOf(v);
  return unaccented(q.toLowerCase())
    .split(/\s+/)
    .every((word) => haystack.includes(word));
}

const STATUS_ORDER: Record<VehicleStatus, number> = { available: 0, "on-hold": 1, sold: 2 };
/** A vehicle's value in a column, as it sorts: numbers as numbers, texts case aside; undefined when it has none. */
const sortValue = (v: Vehicle, column: ListColumn, days: (v: Vehicle) => number | undefined): string | number | undefined => {
  switch (column) {
    case "name":
      return v.name.toLowerCase();
    case "stockNumber":
      return v.stockNumber?.toUpperCase();
    case "year":
      return v.year;
    case "color":
      return v.color?.toLowerCase();
    case "price":
      return v.price;
    case "status":
      return STATUS_ORDER[v.status];
    case "days":
      return days(v);
  }
};

/**
 * The vehicles the list shows for a query on `today`: those that pass every filter set, sorted by the chosen column
 * (a vehicle without a value in it goes last either way; ties keep the catalogue's order), else in the catalogue's order.
 * A unit whose arrival is not recorded matches no age filter.
 */
export function inventoryList(vehicles: readonly Vehicle[], query: InventoryListQuery, today: Date): Vehicle[] {
  const minimum = query.age && AGE_OPTIONS.find((o) => o.value === query.age)!.days;
  const known = new Map<Vehicle, number | undefined>();
  const days = (v: Vehicle) => {
    if (!known.has(v)) known.set(v, daysOnLot(v, today));
    return known.get(v);
  };
  const shown = vehicles.filter((v) => {
    if (query.status && v.status !== query.status) return false;
    if (query.brand && brandValue(v.brand) !== query.brand) return false;
    if (query.condition && v.condition !== query.condition) return false;
    if (query.site && !isShownOn(v, query.site)) return false;
    if (minimum !== undefined) {
      const age = days(v);
      if (age === undefined || age <= minimum) return false;
    }
    return matchesListSearch(v, query.q);
  });
  const column = query.sort;
  if (!column) return shown;
  const sign = query.order === "desc" ? -1 : 1;
  // Each value worked out once, not once per comparison (3,500 units make about 40,000 comparisons).
  const keyed = shown.map((v, i) => ({ v, i, key: sortValue(v, column, days) }));
  keyed.sort((a, b) => {
    if (a.key === undefined || b.key === undefined) return a.key === b.key ? a.i - b.i : a.key === undefined ? 1 : -1;
    if (a.key === b.key) return a.i - b.i;
    return (a.key < b.key ? -1 : 1) * sign;
  });
  return keyed.map((k) => k.v);
}

/** One page of the console's list: the carts the query keeps (inventoryList), cut by the public inventory's rule (pageOf). */
export const inventoryListPage = (vehicles: readonly Vehicle[], query: InventoryListQuery, today: Date, pageSize = STAFF_PAGE_SIZE) =>
  pageOf(inventoryList(vehicles, query, today), query.page ?? 1, pageSize);

/** A listed cart the listing feeds leave out, and why. */
export interface FeedGap {
  id: string;
  name: string;
  stockNumber?: string;
  why: string;
}

/** The listed carts the listing feeds (Google Merchant, local inventory, Meta) leave out: how many, and the first `max` with why. */
export function feedGaps(vehicles: readonly Vehicle[], max = 50): { count: number; first: FeedGap[] } {
  let count = 0;
  const first: FeedGap[] = [];
  for (const v of vehicles) {
    const why = isListed(v) ? feedOmission(v) : undefined;
    if (!why) continue;
    if (count++ < max) first.push({ id: v.id, name: v.name, ...(v.stockNumber ? { stockNumber: v.stockNumber } : {}), why });
  }
  return { count, first };
}
