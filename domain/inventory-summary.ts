import { inventoryFacets } from "./inventory-facets";
import { formatNumber } from "./number-format";
import type { Vehicle } from "./vehicle";

/** Brands a summary names before it counts the rest ("and 2 other brands"): a search result's snippet stays short. */
export const NAMED_BRANDS = 4;

/** "a", "a and b", "a, b and c". */
export const wordList = (words: readonly string[]): string => (words.length < 2 ? (words[0] ?? "") : `${words.slice(0, -1).join(", ")} and ${words.at(-1)}`);

/**
 * What an inventory holds, in words true of it: how many vehicles, how many of them new and used, and their brands,
 * the most stocked first ("37 electric golf carts and LSVs, 35 new and 2 used, from Denago, Evolution, Club Car and
 * EZ-GO"). The inventory page's description says it, so a search result never promises only new carts of two brands.
 */
export function inventorySummary(vehicles: readonly Pick<Vehicle, "brand" | "category" | "condition">[]): string {
  const count = vehicles.length;
  const used = vehicles.filter((v) => v.condition === "used").length;
  const kinds = "electric golf carts and LSVs";
  const what =
    used === 0
      ? `${formatNumber(count)} new ${kinds}`
      : used === count
        ? `${formatNumber(count)} used ${kinds}`
        : `${formatNumber(count)} ${kinds}, ${formatNumber(count - used)} new and ${formatNumber(used)} used,`;
  const brands = inventoryFacets(vehicles)
    .brands.map((b, i) => ({ ...b, i }))
    .sort((a, b) => b.count - a.count || a.i - b.i)
    .map((b) => b.label);
  if (!brands.length) return what.replace(/,$/, "");
  const others = brands.length - NAMED_BRANDS;
  const named = others > 0 ? [...brands.slice(0, NAMED_BRANDS), `${formatNumber(others)} other ${others === 1 ? "brand" : "brands"}`] : brands;
  return `${what} from ${wordList(named)}`;
}
