import { BRAND_OPTIONS, CATEGORY_OPTIONS, PRICE_OPTIONS, SORT_OPTIONS, type PriceBand, type SortOrder } from "../../domain/inventory-filter";

/** What the visitor chose in the inventory's controls; "" means "all". */
export interface FilterChoice {
  q: string;
  brand: string;
  category: string;
  price: PriceBand | "";
  sort: SortOrder;
}

export const NO_FILTERS: FilterChoice = { q: "", brand: "", category: "", price: "", sort: "featured" };

/** The query-string keys, in the order they are written. */
const KEYS = ["q", "brand", "category", "price", "sort"] as const;

const allowed = (options: readonly { value: string }[], value: string | null): string => (options.some((o) => o.value === value) ? value! : "");

/** The choice a query string carries (`?q=&brand=&category=&price=&sort=`); unknown values are dropped. */
export function readQuery(search: string): FilterChoice {
  const p = new URLSearchParams(search);
  return {
    q: (p.get("q") ?? "").slice(0, 100),
    brand: allowed(BRAND_OPTIONS, p.get("brand")),
    category: allowed(CATEGORY_OPTIONS, p.get("category")),
    price: allowed(PRICE_OPTIONS, p.get("price")) as PriceBand | "",
    sort: (allowed(SORT_OPTIONS, p.get("sort")) || "featured") as SortOrder,
  };
}

/** `href` with the choice written into its query string; other parameters and the hash are kept. */
export function writeQuery(href: string, choice: FilterChoice): string {
  const url = new URL(href);
  for (const key of KEYS) {
    const value = choice[key].trim();
    if (value && !(key === "sort" && value === NO_FILTERS.sort)) url.searchParams.set(key, value);
    else url.searchParams.delete(key);
  }
  return url.href;
}
