/**
 * A public answer names only the site that serves it: the vehicle JSON (list, paged list, one cart; the
 * fast path and Express), the vehicle and inventory pages with their embedded data and JSON-LD, and the listing feeds
 * never carry another site's id, in a vehicle's `sites` or its `location`. On both storage engines; needs the built
 * site (`npm run build`).
 */
import { readFileSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { seedCatalogue } from "../domain/catalogue";
import { FIRST_SITE_ID, sitesFromExample } from "../domain/site-seed";
import { VehicleSchema } from "../domain/vehicle";
import { fetchAsHost } from "./testing/host-fetch";
import { postgresForSuite } from "./testing/suite-postgres";
import { startTestServer, type TestServer } from "./testing/test-server";

vi.setConfig({ testTimeout: 60_000, hookTimeout: 120_000 });

const [capeMay, worcester] = sitesFromExample(JSON.parse(readFileSync(new URL("../tests/fixtures/example-sites.json", import.meta.url), "utf8")));
const WORCESTER_HOST = "worcester.localhost";
const OTHER_IDS = [FIRST_SITE_ID, capeMay!.id];
const photo = (i: number) => `/photos/${String(i).padStart(20, "0")}-1600x1200.jpg`;

const [a, b, c] = seedCatalogue();
/** Shown on Sussex and Worcester, standing on Sussex's lot: the cart whose other site Worcester's API must not name. */
const shared = VehicleSchema.parse({
  ...a!,
  id: "shared-cart",
  stockNumber: "SH-1",
  sites: [FIRST_SITE_ID, worcester!.id],
  location: FIRST_SITE_ID,
  images: [photo(1)],
});
/** On every site, standing on Worcester's own lot. */
const local = VehicleSchema.parse({ ...b!, id: "worcester-lot-cart", stockNumber: "WO-1", location: worcester!.id, images: [photo(2)] });
/** On every site, standing on Cape May's lot. */
const capeLot = VehicleSchema.parse({ ...c!, id: "cape-lot-cart", stockNumber: "CM-9", location: capeMay!.id, images: [photo(3)] });

const postgres = await postgresForSuite();

describe.each(["lowdb", "postgres"] as const)("public vehicles name only the serving site, on %s", (engine) => {
  if (engine === "postgres" && postgres.unavailable) return void it.skip(`PostgreSQL: ${postgres.unavailable}`);
  let s: TestServer;
  beforeAll(async () => {
    s = await startTestServer(await postgres.engineEnv(engine), undefined, { builtSite: true });
    await s.sites.create({ ...capeMay!, domains: ["cape-may.localhost"] });
    await s.sites.create({ ...worcester!, domains: [WORCESTER_HOST] });
    for (const v of [shared, local, capeLot]) await s.vehicles.create(v);
  });
  afterAll(() => s?.close());

  const get = async (path: string) => {
    const res = await fetchAsHost(`${s.url}${path}`, WORCESTER_HOST);
    expect(res.status, path).toBe(200);
    return res.text();
  };
  const noOtherSite = (path: string, text: string) => {
    for (const id of OTHER_IDS) expect(text.includes(`"${id}"`) || text.includes(`>${id}<`) || text.includes(`,${id},`), `${path} names ${id}`).toBe(false);
  };

  it("the API's list, paged list and one cart: no `sites`, and a `location` only when it is the serving site's lot", async () => {
    for (const path of ["/api/vehicles", "/api/vehicles?sort=price-asc", "/api/vehicles?page=1&pageSize=100"]) {
      const text = await get(path);
      noOtherSite(path, text);
      const body = JSON.parse(text) as
        { id: string; sites?: string[]; location?: string }[] | { vehicles: { id: string; sites?: string[]; location?: string }[] };
      const list = Array.isArray(body) ? body : body.vehicles;
      const byId = new Map(list.map((v) => [v.id, v]));
      expect(byId.get(shared.id), path).toBeDefined();
      expect(byId.get(shared.id)!.sites, path).toBeUndefined();
      expect(byId.get(shared.id)!.location, path).toBeUndefined();
      expect(byId.get(capeLot.id)!.location, path).toBeUndefined();
      expect(byId.get(local.id)!.location, path).toBe(worcester!.id);
    }
    for (const id of [shared.id, capeLot.id, local.id]) {
      for (const path of [`/api/vehicles/${id}`, `/api/vehicles/${id}?x=1`]) {
        const text = await get(path);
        noOtherSite(path, text);
        expect((JSON.parse(text) as { sites?: unknown }).sites, path).toBeUndefined();
      }
    }
    expect((JSON.parse(await get(`/api/vehicles/${local.id}`)) as { location?: string }).location).toBe(worcester!.id);
  });

  it("the vehicle and inventory pages (their data blocks and JSON-LD) and the listing feeds name no other site", async () => {
    for (const path of [
      `/vehicle/${shared.id}`,
      `/vehicle/${capeLot.id}`,
      "/inventory",
      "/inventory?sort=price-asc",
      "/",
      "/feeds/google-merchant.xml",
      "/feeds/meta-catalog.csv",
    ])
      noOtherSite(path, await get(path));
  });

  it("the local inventory lists only the units on the site's own lot, under its own store code", async () => {
    const feed = await get("/feeds/google-local-inventory.xml");
    noOtherSite("local inventory", feed);
    const codes = [...feed.matchAll(/<g:store_code>([^<]*)</g)].map((m) => m[1]);
    expect(new Set(codes)).toEqual(new Set([worcester!.id]));
    expect(feed).toContain("<g:id>WO-1</g:id>");
    expect(feed).not.toContain("<g:id>SH-1</g:id>");
    expect(feed).not.toContain("<g:id>CM-9</g:id>");
  });

  it("the first site still names its own lot, and lists the shared cart with it", async () => {
    const res = await fetchAsHost(`${s.url}/api/vehicles/${shared.id}`, "localhost");
    const body = (await res.json()) as { sites?: unknown; location?: string };
    expect(body.sites).toBeUndefined();
    expect(body.location).toBe(FIRST_SITE_ID);
  });
});
