import { describe, expect, it } from "vitest";
import facts from "./catalogue-facts.json" with { type: "json" };
import { publicVehicle } from "../public-vehicle";
import { ALL_SERIES, Catalogue, DENAGO_LINEUP_IDS, EVOLUTION_FEATURED_IDS, FEATURED_VEHICLE_IDS, seedCatalogue } from "./index";
import { featuredModelSlug, modelSlug } from "../slug";

const catalogue = new Catalogue(seedCatalogue().map(publicVehicle));

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
    expect(
      catalogue.vehicles
        .filter((v) => v.featured)
        .map((v) => v.id)
        .sort(),
    ).toEqual([...FEATURED_VEHICLE_IDS].sort());
  });

  it("resolves every link the brand pages build", () => {
    for (const s of ALL_SERIES) for (const m of s.models) expect(catalogue.find(modelSlug(m)), m).toBeDefined();
    for (const id of DENAGO_LINEUP_IDS) expect(catalogue.find(modelSlug(catalogue.get(id).name))?.id).toBe(id);
    for (const id of EVOLUTION_FEATURED_IDS) expect(catalogue.find(featuredModelSlug(id))?.id).toBe(id);
  });

  it("spells every model one way: its brand as the brand field spells it, then the model", () => {
    for (const v of catalogue.vehicles) expect(v.name, v.id).toMatch(new RegExp(`^${v.brand} \\S`));
    expect(catalogue.get("denago-ev-rover-xl6").name).toBe("Denago EV Rover XL6");
    expect(catalogue.get("evolution-d5-ranger-6-plus").name).toBe("Evolution D5 Ranger 6 Plus");
  });

  it.each([
    ["d5-ranger-2+2", "evolution-d5-ranger-2-plus-2"],
    ["d5-ranger-2+2-plus", "evolution-d5-ranger-2-plus-2-plus"],
    ["d6-max-xt4", "evolution-d6-max-xt4"],
    ["ev-city", "denago-ev-city"],
    ["nope", undefined],
  ])("find(%s) → %s", (slug, id) => expect(catalogue.find(slug)?.id).toBe(id));

  it.each([
    ["D5 RANGER", 7695],
    ["CLASSIC", 6695],
    ["EV CITY", 15000],
    ["EV NOMAD", 8495],
    ["EV ROVER", 9995],
  ])("starting price of %s is the lowest catalogue price", (title, price) => {
    expect(catalogue.startingPrice(ALL_SERIES.find((s) => s.title === title)!)).toBe(price);
  });

  it("gives each series card the lowest price of its whole catalogue series, not only of the models it lists", () => {
    for (const s of ALL_SERIES) {
      const all = catalogue.vehicles.filter((v) => v.category === s.category).map((v) => v.price);
      expect(catalogue.startingPrice(s), s.title).toBe(Math.min(...all));
    }
  });

  it("names a drive for every Denago model", () => {
    for (const id of DENAGO_LINEUP_IDS) expect(catalogue.get(id).specifications.drive, id).toMatch(/\S/);
  });
});

/** Numbers as words, as the copy writes seat counts. */
const WORDS: Record<string, number> = { one: 1, two: 2, four: 4, six: 6, eight: 8 };
const count = (w: string) => WORDS[w.toLowerCase()] ?? Number(w);

/** Every seat count a text states: "two-seat", "seats 4", "seating for six or eight"; "the whole crew" means four or more. */
function seatClaims(text: string): { what: string; fits: (seats: number) => boolean }[] {
  const claims: { what: string; fits: (seats: number) => boolean }[] = [];
  for (const m of text.matchAll(/\b(\w+)-seat(?:er)?\b/gi)) claims.push({ what: m[0], fits: (n) => n === count(m[1]!) });
  for (const m of text.matchAll(/\bseats (\w+)\b/gi)) claims.push({ what: m[0], fits: (n) => n === count(m[1]!) });
  for (const m of text.matchAll(/\bseating for (\w+)(?: or (\w+))?/gi))
    if (m[1]!.toLowerCase() !== "the") claims.push({ what: m[0], fits: (n) => n === count(m[1]!) || (m[2] !== undefined && n === count(m[2])) });
  for (const m of text.matchAll(/whole crew/gi)) claims.push({ what: m[0], fits: (n) => n >= 4 });
  return claims;
}

describe("catalogue copy", () => {
  it("never states a seat count that contradicts the model's", () => {
    for (const v of catalogue.vehicles) {
      const series = ALL_SERIES.find((s) => s.category === v.category)!;
      for (const text of [v.description, ...v.features, series.description, ...series.features])
        for (const c of seatClaims(text))
          expect(c.fits(v.specifications.seatingCapacity), `${v.id} (${v.specifications.seatingCapacity} seats): "${c.what}"`).toBe(true);
    }
  });
});
