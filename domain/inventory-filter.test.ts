import { describe, expect, it } from "vitest";
import { filterVehicles, inPriceBand, type InventoryFilters, type PriceBand } from "./inventory-filter";
import { testVehicle } from "./testing/test-vehicle";

const v = testVehicle;

const fleet = [
  v("ranger", { name: "EVolution D5 Ranger 4", price: 9195 }),
  v("maverick", { name: "EVolution D5 Maverick 6", category: "D5 Maverick", price: 15000, description: "Street cruiser" }),
  v("rover", { name: "DENAGO EV ROVER XL", brand: "Denago", category: "EV Rover", price: 25000 }),
  v("limo", { name: "Stretch Limo", brand: "Denago Premium", category: "Custom", price: 25001 }),
];

describe("filterVehicles", () => {
  it.each<[InventoryFilters, string[]]>([
    [{}, ["ranger", "maverick", "rover", "limo"]],
    [{ search: "RANGER" }, ["ranger"]],
    [{ search: "cruiser" }, ["maverick"]],
    [{ search: "  " }, ["ranger", "maverick", "rover", "limo"]],
    [{ brand: "denago" }, ["rover"]],
    [{ brand: "EVOLUTION" }, ["ranger", "maverick"]],
    [{ brandContains: "denago" }, ["rover", "limo"]],
    [{ category: "rover" }, ["rover"]],
    [{ category: "maverick" }, ["maverick"]],
    [{ price: "under-15000" }, ["ranger"]],
    [{ price: "15000-25000" }, ["maverick", "rover"]],
    [{ price: "over-25000" }, ["limo"]],
    [{ brand: "evolution", price: "over-25000" }, []],
    [{ sort: "price-desc" }, ["limo", "rover", "maverick", "ranger"]],
    [{ sort: "price-asc", brandContains: "denago" }, ["rover", "limo"]],
  ])("%o → %o", (filters, ids) => {
    expect(filterVehicles(fleet, filters).map((x) => x.id)).toEqual(ids);
  });

  it.each<[number, PriceBand, boolean]>([
    [14999, "under-15000", true],
    [15000, "under-15000", false],
    [15000, "15000-25000", true],
    [25000, "15000-25000", true],
    [25000, "over-25000", false],
    [25000.01, "over-25000", true],
  ])("inPriceBand(%d, %s) = %s", (p, b, r) => expect(inPriceBand(p, b)).toBe(r));
});

describe("category options from the catalogue", () => {
  it("offers every one of the seed catalogue's 10 series, the spec's five by their word", async () => {
    const { seedCatalogue } = await import("./catalogue");
    const { categoryOptions } = await import("./inventory-filter");
    const options = categoryOptions(seedCatalogue());
    expect(options.map((o) => o.label)).toEqual(["Carrier", "Classic", "D6 Max", "EV City", "EV Nomad", "Forester", "Maverick", "Ranger", "Rover", "Turfman"]);
    expect(options.find((o) => o.label === "EV City")?.value).toBe("ev-city");
    expect(options.find((o) => o.label === "Rover")?.value).toBe("rover");
  });

  it("sorts the labels alphabetically whatever their case, as people read them", async () => {
    const { categoryOptions } = await import("./inventory-filter");
    const labels = categoryOptions([{ category: "utility Wagon" }, { category: "Beach Cruiser" }, { category: "lifted 4x4" }, { category: "Zoom" }]).map(
      (o) => o.label,
    );
    expect(labels).toEqual(["Beach Cruiser", "lifted 4x4", "utility Wagon", "Zoom"]);
  });

  it("keeps the spec's contains-match for its five series and matches the others by name", () => {
    const fleet = [
      v("a", { category: "EV Rover" }),
      v("b", { category: "Rover Deluxe" }),
      v("c", { category: "EV City" }),
      v("d", { category: "EV City Plus" }),
    ];
    expect(filterVehicles(fleet, { category: "rover" }).map((x) => x.id)).toEqual(["a", "b"]);
    expect(filterVehicles(fleet, { category: "ev-city" }).map((x) => x.id)).toEqual(["c"]);
  });
});
