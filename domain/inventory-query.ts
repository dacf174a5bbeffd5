import { z } from "zod";
import "./plain-messages";
import { CATEGORY_VALUE, filterVehicles, PRICE_OPTIONS, SORT_OPTIONS, type InventoryFilters } from "./inventory-filter";
import { INVENTORY_PAGE_SIZE, MAX_PAGE_SIZE } from "./inventory-page-size";
import type { Vehicle } from "./vehicle";

// The sizes live apart from this schema so that the widgets read them without bundling zod.
export { INVENTORY_PAGE_SIZE, MAX_PAGE_SIZE };

/** A search longer than this is cut: no name or description is searched by a paragraph. */
export const SEARCH_MAX = 100;
/** The condition filter's options (a vehicle's `condition`). */
export const CONDITION_OPTIONS = [
  { value: "new", label: "New" },
  { value: "used", label: "Used" },
] as const;

const values = <T extends readonly { value: string }[]>(options: T) => options.map((o) => o.value) as [T[number]["value"], ...T[number]["value"][]];
/** An empty parameter (`?brand=`) is "all", as a GET form sends an unset select. */
const optional = <T extends z.ZodType>(schema: T) => z.preprocess((v) => (v === "" ? undefined : v), schema.optional());
const positiveInt = (name: string, max?: number) =>
  z.coerce
    .number({ error: `${name} must be a whole number` })
    .int(`${name} must be a whole number`)
    .min(1, `${name} must be 1 or more`)
    .max(max ?? Number.MAX_SAFE_INTEGER, `${name} must be at most ${max}`);

/**
 * The inventory's filters, sort and page as a URL query carries them: the host page's `/inventory?…`, the API's
 * `GET /api/vehicles?…` and the widgets' requests all read this one schema. A brand or category is any slug (an
 * unknown one matches nothing: an empty page, not an error); a malformed value is an error that names the parameter.
 */
export const InventoryQuerySchema = z.object({
  q: optional(
    z
      .string()
      .max(SEARCH_MAX * 10)
      .transform((s) => s.trim().slice(0, SEARCH_MAX)),
  ),
  brand: optional(z.string().regex(CATEGORY_VALUE, "brand must be a brand's slug, e.g. evolution")),
  category: optional(z.string().regex(CATEGORY_VALUE, "category must be a category's slug, e.g. ranger")),
  condition: optional(z.enum(values(CONDITION_OPTIONS), { error: `condition must be one of ${values(CONDITION_OPTIONS).join(", ")}` })),
  price: optional(z.enum(values(PRICE_OPTIONS), { error: `price must be one of ${values(PRICE_OPTIONS).join(", ")}` })),
  sort: optional(z.enum(values(SORT_OPTIONS), { error: `sort must be one of ${values(SORT_OPTIONS).join(", ")}` })),
  page: optional(positiveInt("page")),
  pageSize: optional(positiveInt("pageSize", MAX_PAGE_SIZE)),
});
export type InventoryQuery = z.infer<typeof InventoryQuerySchema>;

/** The keys of a query, in the order links write them. */
const KEYS = ["q", "brand", "category", "condition", "price", "sort", "page", "pageSize"] as const;

/** The first value of each known parameter of a parsed query string (Express's `req.query`, or URLSearchParams). */
export function queryParams(source: URLSearchParams | Record<string, unknown>): Record<string, unknown> {
  const get = (key: string): unknown => {
    const value = source instanceof URLSearchParams ? (source.get(key) ?? undefined) : source[key];
    return Array.isArray(value) ? value[0] : value;
  };
  return Object.fromEntries(KEYS.map((k) => [k, get(k)]).filter(([, v]) => v !== undefined));
}

/** Parse a request's query: the query, or the first problem's message (for a 400). */
export function parseInventoryQuery(source: URLSearchParams | Record<string, unknown>): { query: InventoryQuery } | { error: string } {
  const result = InventoryQuerySchema.safeParse(queryParams(source));
  return result.success ? { query: result.data } : { error: result.error.issues[0]!.message };
}

/** True when the query narrows or reorders the list (a search, a filter or a sort), not only pages it. */
export const isFiltered = (q: InventoryQuery): boolean => Boolean(q.q || q.brand || q.category || q.condition || q.price || (q.sort && q.sort !== "featured"));

/** `?q=…&brand=…` for `query` (page 1 and the default sort are left out: one URL per page); "" when empty. */
export function inventorySearch(query: InventoryQuery): string {
  const params = new URLSearchParams();
  for (const key of KEYS) {
    const value = query[key];
    if (value === undefined || value === "" || (key === "page" && value === 1) || (key === "sort" && value === "featured")) continue;
    params.set(key, String(value));
  }
  const search = params.toString();
  return search ? `?${search}` : "";
}

/** One page of the inventory: its vehicles, the number that match, and where it stands. */
export interface InventoryPage {
  vehicles: Vehicle[];
  total: number;
  page: number;
  pageSize: number;
  /** At least 1: an empty list is one empty page. */
  pageCount: number;
}

/** The filters of `query` in the filter module's terms (the brand is exact, as the inventory's select chooses it). */
export const queryFilters = (query: InventoryQuery): InventoryFilters => ({
  search: query.q,
  brand: query.brand,
  category: query.category,
  price: query.price,
  sort: query.sort,
  condition: query.condition,
});

/**
 * The one paging rule of every list of vehicles (the public inventory's and the staff console's): page `page` (from 1)
 * of `matched`, `pageSize` to a page; a page past the end holds no vehicles.
 */
export function pageOf<T = Vehicle>(matched: readonly T[], page = 1, pageSize = INVENTORY_PAGE_SIZE): Omit<InventoryPage, "vehicles"> & { vehicles: T[] } {
  return {
    vehicles: matched.slice((page - 1) * pageSize, page * pageSize),
    total: matched.length,
    page,
    pageSize,
    pageCount: Math.max(1, Math.ceil(matched.length / pageSize)),
  };
}

/** A list's `page` and `pageSize` parameters, read as the public inventory reads them (1 or more; pageSize at most MAX_PAGE_SIZE). */
export const PageQuerySchema = InventoryQuerySchema.pick({ page: true, pageSize: true });
export type PageQuery = z.infer<typeof PageQuerySchema>;

/** Parse a request's `page` and `pageSize`: the two (absent when not sent), or the first problem's message (for a 400). */
export function parsePageQuery(source: URLSearchParams | Record<string, unknown>): { query: PageQuery } | { error: string } {
  const { page, pageSize } = queryParams(source);
  const result = PageQuerySchema.safeParse({ page, pageSize });
  return result.success ? { query: result.data } : { error: result.error.issues[0]!.message };
}

/** The page `query` asks for of `vehicles` (filtered, sorted, then cut); a page past the end holds no vehicles. */
export function inventoryPage(vehicles: readonly Vehicle[], query: InventoryQuery, pageSize = query.pageSize ?? INVENTORY_PAGE_SIZE): InventoryPage {
  return pageOf(filterVehicles(vehicles, queryFilters(query)), query.page ?? 1, pageSize);
}
