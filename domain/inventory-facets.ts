import { brandValue, categoryOptions, categoryValue } from "./inventory-filter";
import type { InventoryPage } from "./inventory-query";
import type { Vehicle } from "./vehicle";

/** A filter's option with the number of vehicles it matches. */
export interface FacetOption {
  value: string;
  label: string;
  count: number;
}

/** The options of the inventory's brand and category filters, counted over a whole catalogue (not one page of it). */
export interface InventoryFacets {
  brands: FacetOption[];
  categories: FacetOption[];
}

/**
 * The brand and category options of `vehicles`, each with its count: what a client that holds one page needs to offer
 * every filter of the catalogue. Every brand, in the order they first appear; the categories of `brand` (a brand's
 * value; all of them without one), as the inventory's select orders them (categoryOptions).
 */
export function inventoryFacets(vehicles: readonly Pick<Vehicle, "brand" | "category">[], brand?: string): InventoryFacets {
  const all = countedOptions(vehicles);
  return brand ? { brands: all.brands, categories: countedOptions(vehicles.filter((v) => brandValue(v.brand) === brand)).categories } : all;
}

function countedOptions(vehicles: readonly Pick<Vehicle, "brand" | "category">[]): InventoryFacets {
  const brands = new Map<string, FacetOption>();
  const counts = new Map<string, number>();
  for (const { brand, category } of vehicles) {
    const value = brandValue(brand);
    const seen = brands.get(value);
    if (seen) seen.count++;
    else brands.set(value, { value, label: brand.trim(), count: 1 });
    const c = categoryValue(category);
    counts.set(c, (counts.get(c) ?? 0) + 1);
  }
  return { brands: [...brands.values()], categories: categoryOptions(vehicles).map((o) => ({ ...o, count: counts.get(o.value) ?? 0 })) };
}

/** A page of `GET /api/vehicles?page=…`: the page, and the filters' options over the catalogue it was cut from. */
export interface FacetedPage extends InventoryPage {
  facets: InventoryFacets;
}
