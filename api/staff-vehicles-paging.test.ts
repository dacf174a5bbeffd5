/**
 * The console's inventory list paged by the server (docs/decisions/0065): GET /api/staff/vehicles with
 * `page` answers one page of the carts the console's filters and sort keep, cut by the public inventory's rule; with
 * filters and no page, every cart they keep (select all, the CSV export); with nothing, every cart, as before. An
 * account scoped to sites sees only its sites' carts on every page and in every count.
 */
import { readFileSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { seedCatalogue } from "../domain/catalogue/seed";
import { sitesFromExample } from "../domain/site-seed";
import { testVehicle } from "../domain/testing/test-vehicle";
import type { Vehicle } from "../domain/vehicle";
import { call, signIn } from "./testing/staff-client";
import { startTestServer, type TestServer } from "./testing/test-server";

vi.setConfig({ testTimeout: 60_000, hookTimeout: 60_000 });

const [capeMay] = sitesFromExample(JSON.parse(readFileSync(new URL("../tests/fixtures/example-sites.json", import.meta.url), "utf8")));
const OWNER = { email: "owner@example.com", password: "owner password 1" };
const CAPE_SALES = { email: "cape-sales@example.com", password: "cape password 12" };
/** Added to the seed: 120 carts, every third one shown on Cape May only, every fifth one sold. */
const ADDED = 120;

interface Page {
  vehicles: Vehicle[];
  total: number;
  page: number;
  pageSize: number;
  pageCount: number;
  count: number;
  brands: { value: string; label: string }[];
  feedGaps: { count: number; first: { id: string; why: string }[] };
}

let s: TestServer;
let owner: string;
let capeSales: string;
const seeded = seedCatalogue().length;
beforeAll(async () => {
  s = await startTestServer();
  await s.sites.create(capeMay!);
  await s.staff.accounts.add({ ...OWNER, role: "owner" });
  await s.staff.accounts.add({ ...CAPE_SALES, role: "sales", sites: ["cape-may"] });
  for (let i = 0; i < ADDED; i++) {
    const n = String(i).padStart(3, "0");
    await s.vehicles.create(
      testVehicle(`paging-cart-${n}`, {
        name: `Paging Cart ${n}`,
        description: `A cart for the paging test, number ${n}.`,
        stockNumber: `PG-${n}`,
        price: 5_000 + i * 10,
        status: i % 5 === 0 ? "sold" : "available",
        ...(i % 3 === 0 ? { sites: ["cape-may"] } : { sites: ["sussex-coast"] }),
      }),
    );
  }
  [owner, capeSales] = (await Promise.all([OWNER, CAPE_SALES].map((a) => signIn(s, a.email, a.password)))) as [string, string];
});
afterAll(() => s?.close());

const get = async <T>(url: string, cookie: string) => {
  const res = await call(s, "GET", url, { cookie });
  expect(res.status, url).toBe(200);
  return (await res.json()) as T;
};

describe("GET /api/staff/vehicles, paged (decision 0065)", () => {
  it("answers 401 without a session, with a JSON error, whatever the page asked", async () => {
    const res = await call(s, "GET", "/api/staff/vehicles?page=2");
    expect(res.status).toBe(401);
    expect((await res.json()).error).toBeTruthy();
  });

  it("hands out pages of 50 by default: each cart on exactly one page, the count and page count as the console shows them", async () => {
    const first = await get<Page>("/api/staff/vehicles?page=1", owner);
    const everything = seeded + ADDED;
    expect(first).toMatchObject({ total: everything, count: everything, page: 1, pageSize: 50, pageCount: Math.ceil(everything / 50) });
    expect(first.vehicles).toHaveLength(50);
    const ids: string[] = [];
    for (let page = 1; page <= first.pageCount; page++) ids.push(...(await get<Page>(`/api/staff/vehicles?page=${page}`, owner)).vehicles.map((v) => v.id));
    expect(ids).toHaveLength(everything);
    expect(new Set(ids).size).toBe(everything);
    // The whole list, as callers without parameters have always had it, in the same order.
    const whole = await get<{ vehicles: Vehicle[] }>("/api/staff/vehicles", owner);
    expect(Object.keys(whole)).toEqual(["vehicles"]);
    expect(whole.vehicles.map((v) => v.id)).toEqual(ids);
    // Past the end: an empty page that still says how many pages there are.
    const past = await get<Page>(`/api/staff/vehicles?page=${first.pageCount + 1}`, owner);
    expect(past).toMatchObject({ vehicles: [], total: everything, pageCount: first.pageCount });
    // The brand filter's choices and the feed gaps are the whole list's, on every page.
    expect(past.brands).toEqual(first.brands);
    expect(first.brands.map((b) => b.value)).toContain("evolution");
    expect(first.feedGaps.count).toBeGreaterThanOrEqual(ADDED - ADDED / 5);
    expect(first.feedGaps.first).toHaveLength(50);
  });

  it("filters, searches and sorts on the server before cutting the page; without a page, every cart the filters keep", async () => {
    const sold = await get<Page>("/api/staff/vehicles?status=sold&q=paging&sort=price&order=desc&page=1&pageSize=10", owner);
    expect(sold).toMatchObject({ total: ADDED / 5, pageSize: 10, pageCount: 3 });
    expect(sold.vehicles.map((v) => v.id).slice(0, 3)).toEqual(["paging-cart-115", "paging-cart-110", "paging-cart-105"]);
    expect(sold.vehicles.every((v) => v.status === "sold")).toBe(true);
    // What "select all" and the CSV export load: every match, sorted, on no page.
    const all = await get<{ vehicles: Vehicle[]; total: number }>("/api/staff/vehicles?status=sold&q=paging&sort=price&order=desc", owner);
    expect(all.total).toBe(ADDED / 5);
    expect(all.vehicles.map((v) => v.id).slice(0, 10)).toEqual(sold.vehicles.map((v) => v.id));
    expect(all.vehicles.map((v) => v.price)).toEqual([...all.vehicles.map((v) => v.price)].sort((a, b) => b - a));
    // The stock number is searched as the console's search box does.
    expect((await get<Page>("/api/staff/vehicles?q=PG-042&page=1", owner)).vehicles.map((v) => v.id)).toEqual(["paging-cart-042"]);
  });

  it("refuses a malformed page or page size with 400 and a JSON error naming it", async () => {
    for (const [query, says] of [
      ["page=0", /page must be 1 or more/],
      ["page=two", /page must be a whole number/],
      ["page=1&pageSize=1000", /pageSize must be at most 100/],
    ] as const) {
      const res = await call(s, "GET", `/api/staff/vehicles?${query}`, { cookie: owner });
      expect(res.status, query).toBe(400);
      expect((await res.json()).error).toMatch(says);
    }
  });

  it("an account scoped to a site sees only the carts shown there, on every page and in every count and choice", async () => {
    const mine = await get<Page>("/api/staff/vehicles?page=1&pageSize=100", capeSales);
    // The seed's carts name no site (every site's); of those added, every third is Cape May's.
    const capeCarts = seeded + ADDED / 3;
    expect(mine).toMatchObject({ total: capeCarts, count: capeCarts, pageCount: Math.ceil(capeCarts / 100) });
    const ids: string[] = [];
    for (let page = 1; page <= mine.pageCount; page++)
      ids.push(...(await get<Page>(`/api/staff/vehicles?page=${page}&pageSize=100`, capeSales)).vehicles.map((v) => v.id));
    expect(ids).toHaveLength(capeCarts);
    expect(ids.filter((id) => id.startsWith("paging-cart-")).every((id) => Number(id.slice(-3)) % 3 === 0)).toBe(true);
    // Filtering by another site does not widen it: only carts shown on both (the seed's, every site's).
    const sussex = await get<{ vehicles: Vehicle[]; total: number }>("/api/staff/vehicles?site=sussex-coast", capeSales);
    expect(sussex.total).toBe(seeded);
    expect(sussex.vehicles.some((v) => v.id.startsWith("paging-cart-"))).toBe(false);
    // Select all and the export: the same scope.
    const everyMatch = await get<{ vehicles: Vehicle[]; total: number }>("/api/staff/vehicles?q=paging", capeSales);
    expect(everyMatch.total).toBe(ADDED / 3);
    expect(mine.feedGaps.first.every((g) => !g.id.startsWith("paging-cart-") || Number(g.id.slice(-3)) % 3 === 0)).toBe(true);
  });

  it("a bulk change of carts selected over several pages is refused from a foreign Origin, and taken from the console's own", async () => {
    const page2 = (await get<Page>("/api/staff/vehicles?q=paging&sort=stockNumber&page=2&pageSize=10", owner)).vehicles;
    const page5 = (await get<Page>("/api/staff/vehicles?q=paging&sort=stockNumber&page=5&pageSize=10", owner)).vehicles;
    const chosen = [page2[1]!, page5[1]!];
    const request = { change: { kind: "status", status: "on-hold" }, vehicles: chosen.map((v) => ({ id: v.id, base: { status: v.status } })) };
    const foreign = await call(s, "POST", "/api/staff/vehicles/bulk", { cookie: owner, origin: "https://evil.example", body: request });
    expect(foreign.status).toBe(403);
    expect((await foreign.json()).error).toBeTruthy();
    expect((await get<Page>("/api/staff/vehicles?status=on-hold&page=1", owner)).total).toBe(0);
    const taken = await call(s, "POST", "/api/staff/vehicles/bulk", { cookie: owner, body: request });
    expect(taken.status).toBe(200);
    const result = (await taken.json()) as { saved: Vehicle[] };
    expect(result.saved.length, JSON.stringify(result).slice(0, 600)).toBe(2);
    expect(result.saved.map((v) => v.id).sort()).toEqual(chosen.map((v) => v.id).sort());
    const held = await get<Page>("/api/staff/vehicles?status=on-hold&page=1", owner);
    expect(held.vehicles.map((v) => v.id).sort()).toEqual(chosen.map((v) => v.id).sort());
  });
});
