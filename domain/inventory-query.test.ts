import { describe, expect, it } from "vitest";
import { inventoryPage, inventorySearch, parseInventoryQuery, type InventoryQuery } from "./inventory-query";
import type { Vehicle } from "./vehicle";
import { testVehicle } from "./testing/test-vehicle";

const v = (i: number): Vehicle =>
  testVehicle(`cart-${i}`, { name: `Cart ${i}`, price: 10_000 + i, brand: i % 2 ? "Evolution" : "Denago", condition: i % 3 ? "new" : "used" });
const fleet = Array.from({ length: 50 }, (_, i) => v(i + 1));

describe("parseInventoryQuery", () => {
  it.each([
    ["", {}],
    ["brand=evolution&condition=new&sort=price-asc&page=2", { brand: "evolution", condition: "new", sort: "price-asc", page: 2 }],
    ["brand=&price=&q=", {}],
    ["q=%20ranger%20&pageSize=100", { q: "ranger", pageSize: 100 }],
    ["brand=tesla", { brand: "tesla" }],
    ["page=1&page=7", { page: 1 }],
  ])("?%s reads as %j", (search, expected) => {
    expect(parseInventoryQuery(new URLSearchParams(search))).toEqual({ query: expected });
  });

  it.each([
    ["page=0", "page must be 1 or more"],
    ["page=abc", "page must be a whole number"],
    ["page=1.5", "page must be a whole number"],
    ["pageSize=101", "pageSize must be at most 100"],
    ["sort=random", "sort must be one of featured, price-asc, price-desc"],
    ["price=free", "price must be one of under-15000, 15000-25000, over-25000"],
    ["condition=mint", "condition must be one of new, used"],
    ["brand=%3Cb%3E", "brand must be a brand's slug, e.g. evolution"],
  ])("?%s is refused: %s", (search, error) => {
    expect(parseInventoryQuery(new URLSearchParams(search))).toEqual({ error });
  });

  it("reads Express's parsed query, taking the first of repeated values", () => {
    expect(parseInventoryQuery({ brand: ["denago", "evolution"], page: "3", other: "x" })).toEqual({ query: { brand: "denago", page: 3 } });
  });
});

describe("inventoryPage", () => {
  it.each<[InventoryQuery, number | undefined, { ids: string[]; total: number; pageCount: number }]>([
    [{}, 24, { ids: fleet.slice(0, 24).map((x) => x.id), total: 50, pageCount: 3 }],
    [{ page: 3 }, 24, { ids: ["cart-49", "cart-50"], total: 50, pageCount: 3 }],
    [{ page: 4 }, 24, { ids: [], total: 50, pageCount: 3 }],
    [{ brand: "evolution", sort: "price-desc", pageSize: 2 }, undefined, { ids: ["cart-49", "cart-47"], total: 25, pageCount: 13 }],
    [{ condition: "used", page: 2, pageSize: 5 }, undefined, { ids: ["cart-18", "cart-21", "cart-24", "cart-27", "cart-30"], total: 16, pageCount: 4 }],
    [{ brand: "tesla" }, 24, { ids: [], total: 0, pageCount: 1 }],
  ])("%j (size %s)", (query, size, expected) => {
    const page = inventoryPage(fleet, query, size);
    expect({ ids: page.vehicles.map((x) => x.id), total: page.total, pageCount: page.pageCount }).toEqual(expected);
  });
});

describe("inventorySearch", () => {
  it.each<[InventoryQuery, string]>([
    [{}, ""],
    [{ page: 1, sort: "featured" }, ""],
    [{ page: 2, brand: "denago", q: "rover xl" }, "?q=rover+xl&brand=denago&page=2"],
  ])("%j → %s", (query, search) => expect(inventorySearch(query)).toBe(search));
});
