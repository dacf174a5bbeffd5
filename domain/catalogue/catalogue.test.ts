import { describe, expect, it } from "vitest";
import facts from "./catalogue-facts.json" with { type: "json" };
import { ALL_SERIES, Catalogue, DENAGO_LINEUP_IDS, EVOLUTION_FEATURED_IDS, FEATURED_VEHICLE_IDS, seedCatalogue } from "./index";
import { featuredModelSlug, modelSlug } from "../slug";

const catalogue = new Catalogue(seedCatalogue());

describe("seed catalogue", () => {
  it("holds every model of the facts file with its price and specs", () => {
    expect(catalogue.vehicles).toHaveLength(facts.vehicles.length);
    for (const f of facts.vehicles) {
      const v = catalogue.get(f.id);
      expect(v.price).toBe(f.price);
      expect(v.specifications.seatingCapacity).toBe(f.seatingCapacity);
      expect(v.specifications.range).toBe(f.range);
      expect(v.images[0]).toBe(`/images/vehicles/${f.id}.svg`);
    }
  });

  it("flags exactly the home page's featured carts", () => {
    expect(catalogue.vehicles.filter((v) => v.featured).map((v) => v.id).sort()).toEqual([...FEATURED_VEHICLE_IDS].sort());
  });

  it("resolves every link the brand pages build", () => {
    for (const s of ALL_SERIES) for (const m of s.models) expect(catalogue.find(modelSlug(m)), m).toBeDefined();
    for (const id of DENAGO_LINEUP_IDS) expect(catalogue.find(modelSlug(catalogue.get(id).name))?.id).toBe(id);
    for (const id of EVOLUTION_FEATURED_IDS) expect(catalogue.find(featuredModelSlug(id))?.id).toBe(id);
  });

  it.each([
    ["d5-ranger-2+2", "evolution-d5-ranger-2-plus-2"],
    ["d5-ranger-2+2-plus", "evolution-d5-ranger-2-plus-2-plus"],
    ["d6-max-xt4", "evolution-d6-max-xt4"],
    ["ev-city", "denago-ev-city"],
    ["nope", undefined],
  ])("find(%s) → %s", (slug, id) => expect(catalogue.find(slug)?.id).toBe(id));

  it.each([
    ["D5 RANGER", 8595],
    ["CLASSIC", 6695],
    ["EV CITY", 15000],
    ["EV NOMAD", 8495],
    ["EV ROVER", 9995],
  ])("starting price of %s is the lowest catalogue price", (title, price) => {
    expect(catalogue.startingPrice(ALL_SERIES.find((s) => s.title === title)!)).toBe(price);
  });
});
