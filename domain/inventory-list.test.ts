import { describe, expect, it } from "vitest";
import { bigCatalogue } from "./testing/big-catalogue";
import { brandChoices, inventoryList, listSearch, nextSort, parseListQuery, sitesText, type InventoryListQuery } from "./inventory-list";
import { testVehicle as v } from "./testing/test-vehicle";

const TODAY = new Date("2026-11-25T15:00:00Z");
const fleet = [
  v("ranger", { stockNumber: "E102", year: 2025, color: "White", price: 9_195, receivedAt: "2026-11-01" }),
  v("maverick", { stockNumber: "e101", year: 2024, color: "black", price: 15_000, status: "on-hold", receivedAt: "2026-08-20" }),
  v("rover", { brand: "Denago", stockNumber: "D7", color: "Blue", price: 25_000, condition: "used", isNew: false, receivedAt: "2026-05-01" }),
  v("limo", { brand: "Denago", year: 2023, price: 30_000, status: "sold" }),
];
const ids = (q: InventoryListQuery) => inventoryList(fleet, q, TODAY).map((x) => x.id);

describe("inventoryList", () => {
  it.each<[InventoryListQuery, string[]]>([
    [{}, ["ranger", "maverick", "rover", "limo"]],
    [{ status: "available" }, ["ranger", "rover"]],
    [{ status: "sold" }, ["limo"]],
    [{ brand: "denago" }, ["rover", "limo"]],
    [{ condition: "used" }, ["rover"]],
    [{ condition: "new", brand: "denago" }, ["limo"]],
    // 24, 97 and 208 days on the lot; the limo's arrival is not recorded, so no age filter matches it.
    [{ age: "over-30" }, ["maverick", "rover"]],
    [{ age: "over-90" }, ["maverick", "rover"]],
    [{ age: "over-180" }, ["rover"]],
    [{ q: "e10" }, ["ranger", "maverick"]],
    [{ q: "BLUE denago" }, ["rover"]],
    [{ q: "2023" }, ["limo"]],
    [{ sort: "price", order: "desc" }, ["limo", "rover", "maverick", "ranger"]],
    [{ sort: "price" }, ["ranger", "maverick", "rover", "limo"]],
    // Stock numbers and colours case aside; a unit without the value goes last either way.
    [{ sort: "stockNumber" }, ["rover", "maverick", "ranger", "limo"]],
    [{ sort: "stockNumber", order: "desc" }, ["ranger", "maverick", "rover", "limo"]],
    [{ sort: "color" }, ["maverick", "rover", "ranger", "limo"]],
    [{ sort: "year", order: "desc" }, ["ranger", "maverick", "limo", "rover"]],
    [{ sort: "days", order: "desc" }, ["rover", "maverick", "ranger", "limo"]],
    [{ sort: "days" }, ["ranger", "maverick", "rover", "limo"]],
    [{ sort: "status" }, ["ranger", "rover", "maverick", "limo"]],
    [{ sort: "name" }, ["limo", "maverick", "ranger", "rover"]],
    [{ status: "available", sort: "price", order: "desc" }, ["rover", "ranger"]],
  ])("%j → %j", (query, expected) => expect(ids(query)).toEqual(expected));

  it("ties keep the catalogue's order", () => {
    const same = [v("b"), v("a"), v("c")];
    expect(inventoryList(same, { sort: "price", order: "desc" }, TODAY).map((x) => x.id)).toEqual(["b", "a", "c"]);
  });

  it("filters and sorts 3,500 units", () => {
    const big = bigCatalogue(3_500).map((x, i) => ({ ...x, receivedAt: `2026-${String((i % 11) + 1).padStart(2, "0")}-01` }));
    const shown = inventoryList(big, { age: "over-90", sort: "days", order: "desc" }, TODAY);
    expect(shown.length).toBeGreaterThan(2_000);
    expect(shown[0]!.receivedAt).toBe("2026-01-01");
  });
});

describe("the list's URL", () => {
  it.each<[string, InventoryListQuery, string]>([
    ["", {}, ""],
    [
      "?status=sold&brand=denago&condition=used&age=over-60",
      { status: "sold", brand: "denago", condition: "used", age: "over-60" },
      "?status=sold&brand=denago&condition=used&age=over-60",
    ],
    ["?sort=days&order=desc", { sort: "days", order: "desc" }, "?sort=days&order=desc"],
    ["?sort=price&order=up", { sort: "price", order: "asc" }, "?sort=price"],
    ["?order=desc", {}, ""],
    ["?q=blue%20cart", { q: "blue cart" }, "?q=blue+cart"],
    // Unknown values are dropped: a bookmark outlives a choice.
    ["?status=lost&age=over-45&sort=cost&brand=%3Cb%3E", {}, ""],
  ])("%s reads as %j and writes %s", (search, query, written) => {
    expect(parseListQuery(new URLSearchParams(search))).toEqual(query);
    expect(listSearch(query)).toBe(written);
  });

  it("a header click sorts by its column ascending, then the other way", () => {
    expect(nextSort({}, "price")).toEqual({ sort: "price", order: "asc" });
    expect(nextSort({ sort: "price", order: "asc" }, "price")).toEqual({ sort: "price", order: "desc" });
    expect(nextSort({ sort: "price", order: "desc" }, "price")).toEqual({ sort: "price", order: "asc" });
    expect(nextSort({ sort: "price", order: "desc" }, "year")).toEqual({ sort: "year", order: "asc" });
  });
});

it("offers each brand once, by its slug, alphabetically", () => {
  expect(brandChoices([{ brand: "Evolution" }, { brand: "Denago" }, { brand: " evolution " }, { brand: "E2E Test Motors" }])).toEqual([
    { value: "denago", label: "Denago" },
    { value: "e2e-test-motors", label: "E2E Test Motors" },
    { value: "evolution", label: "Evolution" },
  ]);
});

describe("the list's search, accents aside", () => {
  const accented = [v("cafe", { name: "Café Crème Cruiser", color: "Crème" }), v("plain", { name: "Evolution Classic", color: "Beige" })];
  it.each([
    ["cafe creme", ["cafe"]],
    ["Café", ["cafe"]],
    ["CRÈME cruiser", ["cafe"]],
    ["classic", ["plain"]],
  ])("%j finds %j", (q, found) => {
    expect(inventoryList(accented, { q }, TODAY).map((x) => x.id)).toEqual(found);
  });
});

describe("the list by site", () => {
  const everywhere = v("everywhere");
  const capeOnly = v("cape-only", { sites: ["cape-may"] });
  const sussexOnly = v("sussex-only", { sites: ["sussex-coast"] });
  const all = [everywhere, capeOnly, sussexOnly];

  it("shows the carts a site shows: those naming it and those naming none", () => {
    expect(inventoryList(all, { site: "cape-may" }, new Date()).map((x) => x.id)).toEqual(["everywhere", "cape-only"]);
  });

  it("keeps the site in the URL, and drops a value that is no site id", () => {
    expect(parseListQuery(new URLSearchParams("site=cape-may&status=sold"))).toEqual({ site: "cape-may", status: "sold" });
    expect(listSearch({ status: "sold", site: "cape-may", sort: "price" })).toBe("?status=sold&site=cape-may&sort=price");
    expect(parseListQuery(new URLSearchParams("site=Cape%20May"))).toEqual({});
  });

  it("names a cart's sites, or says Every site", () => {
    const names = new Map([["cape-may", "Cape May"]]);
    expect(sitesText(capeOnly, names)).toBe("Cape May");
    expect(sitesText(v("two", { sites: ["cape-may", "gone-site"] }), names)).toBe("Cape May, gone-site");
    expect(sitesText(everywhere, names)).toBe("Every site");
  });
});
