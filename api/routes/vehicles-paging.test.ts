/** GET /api/vehicles with the inventory's query: the whole list without it. */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { seedCatalogue } from "../../domain/catalogue";
import { inventoryFacets, type InventoryFacets } from "../../domain/inventory-facets";
import { MAX_PAGE_SIZE } from "../../domain/inventory-query";
import type { Vehicle } from "../../domain/vehicle";
import { startTestServer, type TestServer } from "../testing/test-server";

interface Envelope {
  vehicles: Vehicle[];
  total: number;
  page: number;
  pageSize: number;
  pageCount: number;
  facets: InventoryFacets;
}

describe("GET /api/vehicles paging and filters", () => {
  let s: TestServer;
  let all: Vehicle[];
  beforeAll(async () => {
    s = await startTestServer();
    all = (await (await fetch(`${s.url}/api/vehicles`)).json()) as Vehicle[];
  });
  afterAll(() => s.close());

  it("answers the whole list, an array, without parameters or with unknown ones", async () => {
    expect(all.map((v) => v.id)).toEqual(
      seedCatalogue()
        .filter((v) => v.status !== "sold")
        .map((v) => v.id),
    );
    const other = await fetch(`${s.url}/api/vehicles?fresh=1`);
    expect(await other.json()).toEqual(all);
    expect(other.headers.get("x-total-count")).toBeNull();
  });

  it("pages on request: an envelope with the total, the page and the page count, and the total in a header", async () => {
    const pageSize = 10;
    const pages: Envelope[] = [];
    for (let page = 1; page <= Math.ceil(all.length / pageSize); page++) {
      const res = await fetch(`${s.url}/api/vehicles?page=${page}&pageSize=${pageSize}`);
      expect(res.status).toBe(200);
      expect(res.headers.get("x-total-count")).toBe(String(all.length));
      expect(res.headers.get("access-control-expose-headers")).toBe("X-Total-Count");
      pages.push((await res.json()) as Envelope);
    }
    expect(pages.flatMap((p) => p.vehicles.map((v) => v.id))).toEqual(all.map((v) => v.id));
    expect(pages[0]).toMatchObject({ total: all.length, page: 1, pageSize, pageCount: Math.ceil(all.length / pageSize) });
    const past = (await (await fetch(`${s.url}/api/vehicles?page=${pages.length + 1}&pageSize=${pageSize}`)).json()) as Envelope;
    expect(past).toMatchObject({ vehicles: [], total: all.length, page: pages.length + 1 });
  });

  it("filters and sorts with the inventory's parameters; filters alone answer the matching array", async () => {
    const res = await fetch(`${s.url}/api/vehicles?brand=evolution&sort=price-desc`);
    const list = (await res.json()) as Vehicle[];
    const evolution = all.filter((v) => v.brand.toLowerCase() === "evolution");
    expect(list.map((v) => v.id).sort()).toEqual(evolution.map((v) => v.id).sort());
    expect(list.map((v) => v.price)).toEqual(evolution.map((v) => v.price).sort((a, b) => b - a));
    expect(res.headers.get("x-total-count")).toBe(String(evolution.length));
    const none = (await (await fetch(`${s.url}/api/vehicles?brand=tesla&page=1`)).json()) as Envelope;
    expect(none).toMatchObject({ vehicles: [], total: 0, page: 1, pageSize: 24, pageCount: 1 });
  });

  it("gives a page the filters' options over the whole catalogue: every brand, and the categories of the brand asked for", async () => {
    const first = (await (await fetch(`${s.url}/api/vehicles?page=1&pageSize=1`)).json()) as Envelope;
    expect(first.vehicles).toHaveLength(1);
    expect(first.facets).toEqual(inventoryFacets(all));
    expect(first.facets.brands.map((b) => b.label).sort()).toEqual(["Denago", "Evolution"]);
    const denago = (await (await fetch(`${s.url}/api/vehicles?page=2&pageSize=1&brand=denago&category=rover`)).json()) as Envelope;
    expect(denago.facets.brands).toEqual(first.facets.brands);
    expect(denago.facets.categories).toEqual(inventoryFacets(all.filter((v) => v.brand === "Denago")).categories);
    expect(denago.facets).toEqual(inventoryFacets(all, "denago"));
    // A client that never pages never sees them.
    expect(await (await fetch(`${s.url}/api/vehicles?brand=denago`)).json()).toBeInstanceOf(Array);
  });

  it.each([
    ["page=0", "page must be 1 or more"],
    ["page=two", "page must be a whole number"],
    [`pageSize=${MAX_PAGE_SIZE + 1}`, `pageSize must be at most ${MAX_PAGE_SIZE}`],
    ["sort=random", "sort must be one of featured, price-asc, price-desc"],
    ["brand=%3Cscript%3E", "brand must be a brand's slug, e.g. evolution"],
  ])("refuses ?%s with a 400 that names the parameter", async (query, error) => {
    const res = await fetch(`${s.url}/api/vehicles?${query}`);
    expect(res.status).toBe(400);
    expect(res.headers.get("content-type")).toMatch(/^application\/json/);
    expect(await res.json()).toEqual({ error });
  });
});
