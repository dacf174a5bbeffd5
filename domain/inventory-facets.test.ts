import { describe, expect, it } from "vitest";
import { inventoryFacets } from "./inventory-facets";
import { filterVehicles } from "./inventory-filter";
import { InventoryQuerySchema } from "./inventory-query";
import { testVehicle } from "./testing/test-vehicle";

const v = (id: string, brand: string, category: string) => testVehicle(id, { brand, category });

describe("inventoryFacets", () => {
  it.each([
    ["an empty catalogue", [], { brands: [], categories: [] }],
    [
      "brands in order of appearance, categories as the select sorts them, each counted",
      [v("a", "Evolution", "D5 Ranger"), v("b", "Denago", "EV Rover"), v("c", "Evolution", "D5 Ranger 6"), v("d", "Evolution", "Classic")],
      {
        brands: [
          { value: "evolution", label: "Evolution", count: 3 },
          { value: "denago", label: "Denago", count: 1 },
        ],
        categories: [
          { value: "classic", label: "Classic", count: 1 },
          { value: "ranger", label: "Ranger", count: 2 },
          { value: "rover", label: "Rover", count: 1 },
        ],
      },
    ],
  ])("%s", (_, vehicles, expected) => {
    expect(inventoryFacets(vehicles)).toEqual(expected);
  });

  it("offers every brand, and the categories of the brand given", () => {
    const fleet = [v("a", "Evolution", "D5 Ranger"), v("b", "Denago", "EV Rover"), v("c", "Denago", "EV City")];
    expect(inventoryFacets(fleet, "denago")).toEqual({
      brands: inventoryFacets(fleet).brands,
      categories: [
        { value: "ev-city", label: "EV City", count: 1 },
        { value: "rover", label: "Rover", count: 1 },
      ],
    });
  });

  it("counts what the brand and category filters match", () => {
    const fleet = [v("a", "Evolution", "D5 Ranger"), v("b", "Denago", "EV Rover XL"), v("c", "evolution ", "D5 Ranger"), v("d", "E2E Test Motors", "EV City")];
    const { brands, categories } = inventoryFacets(fleet);
    expect(brands.map((b) => b.value)).toEqual(["evolution", "denago", "e2e-test-motors"]);
    // Each value is one the API's `brand` parameter takes, and matches what it counts.
    for (const b of brands) expect(InventoryQuerySchema.parse({ brand: b.value }).brand).toBe(b.value);
    for (const b of brands) expect(filterVehicles(fleet, { brand: b.value })).toHaveLength(b.count);
    for (const c of categories) expect(filterVehicles(fleet, { category: c.value })).toHaveLength(c.count);
  });
});
