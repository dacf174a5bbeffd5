import { BRAND_OPTIONS, CATEGORY_VALUE, PRICE_OPTIONS, SORT_OPTIONS, type PriceBand, type SortOrder } from "../../domain/inventory-filter";

/** What the visitor chose in the inventory's controls; "" means "all". */
export interface FilterChoice {
  q: string;
  brand: string;
  category: string;
  price: PriceBand | "";
  sort: SortOrder;
}

export const NO_FILTERS: FilterChoice = { q: "", brand: "", category: "", price: "", sort: "featured" };

/** The filters' keys, in the order they are written. */
const KEYS = ["q", "brand", "category", "price", "sort"] as const;
/**
 * Prefix of the query-string parameters the widget reads and writes (`?gc-q=&gc-brand=…`): the page's own
 * parameters (a resort's `?q=ocean+view`) are never taken for the widget's, nor changed.
 */
export const QUERY_PREFIX = "gc-";
const param = (key: (typeof KEYS)[number]) => `${QUERY_PREFIX}${key}`;

const allowed = (options: readonly { value: string }[], value: string | null): string => (options.some((o) => o.value === value) ? value! : "");

/** The choice a query string carries (`?gc-q=&gc-brand=&gc-category=&gc-price=&gc-sort=`); unknown values are dropped. */
export function readQuery(search: string): FilterChoice {
  const p = new URLSearchParams(search);
  const category = p.get(param("category")) ?? "";
  return {
    q: (p.get(param("q")) ?? "").slice(0, 100),
    brand: allowed(BRAND_OPTIONS, p.get(param("brand"))),
    category: CATEGORY_VALUE.test(category) ? category : "",
    price: allowed(PRICE_OPTIONS, p.get(param("price"))) as PriceBand | "",
    sort: (allowed(SORT_OPTIONS, p.get(param("sort"))) || "featured") as SortOrder,
  };
}

/** `href` with the choice written into its query string; other parameters and the hash are kept. */
export function writeQuery(href: string, choice: FilterChoice): string {
  const url = new URL(href);
  for (const key of KEYS) {
    const value = choice[key].trim();
    if (value && !(key === "sort" && value === NO_FILTERS.sort)) url.searchParams.set(param(key), value);
    else url.searchParams.delete(param(key));
  }
  return url.href;
}

/**
 * The API's address of page `page` of `choice` (`/api/vehicles?page=2&brand=denago…`, the parameters of
 * domain/inventory-query.ts): `brand` is the widget's fixed brand, if any; `pageSize` only when not the API's default.
 */
export function pageUrl(apiBase: string, choice: FilterChoice, brand: string, page: number, pageSize?: number): string {
  const params = new URLSearchParams({ page: String(page) });
  if (pageSize) params.set("pageSize", String(pageSize));
  const values = { ...choice, q: choice.q.trim(), brand: brand || choice.brand, sort: choice.sort === NO_FILTERS.sort ? "" : choice.sort };
  for (const key of KEYS) if (values[key]) params.set(key, values[key]);
  return `${apiBase}/api/vehicles?${params}`;
}
