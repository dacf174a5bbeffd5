/** The paged inventory at a dealer group's size: the page stays small, and bad queries get a clear answer. */
import { mkdir, writeFile } from "node:fs/promises";
import path from "node:path";
import { gzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { INVENTORY_PAGE_SIZE } from "../../domain/inventory-query";
import { bigCatalogue } from "../../domain/testing/big-catalogue";
import { CATALOGUE_FILE } from "../../api/store/vehicle-store";
import { startTestServer, tempDataDir, type TestServer } from "../../api/testing/test-server";

/** The goal for /inventory at a dealer group's 3,500 units. */
const MAX_GZIP_BYTES = 100_000;
const UNITS = 3_500;
/** The seed's size, beside which the other catalogue pages are measured. */
const SEED_UNITS = 35;
/** How much bigger than at 35 units a page may be at 3,500: a count's extra digits, never a card or a link per unit. */
const MAX_GROWTH = 1.02;
/** What one sitemap file may hold (sitemaps.org): 50,000 URLs and 50 MB uncompressed. */
const SITEMAP_MAX_URLS = 50_000;
const SITEMAP_MAX_BYTES = 50 * 1024 * 1024;

/** A server on a catalogue of `units` (the seed's vehicles again and again), with the built site. */
async function serverWith(units: number): Promise<TestServer> {
  const dir = await tempDataDir();
  await mkdir(dir, { recursive: true });
  await writeFile(path.join(dir, CATALOGUE_FILE), JSON.stringify({ vehicles: bigCatalogue(units) }));
  return startTestServer({}, dir, { builtSite: true });
}

describe(`/inventory at ${UNITS} units`, () => {
  let s: TestServer;
  const get = async (query: string) => {
    const res = await fetch(`${s.url}/inventory${query}`);
    return { status: res.status, html: await res.text() };
  };
  const cards = (html: string) => html.match(/<li class="card"/g)?.length ?? 0;
  beforeAll(async () => {
    s = await serverWith(UNITS);
  });
  afterAll(() => s?.close());

  it(`serves one page of ${INVENTORY_PAGE_SIZE} cards in at most 100 kB gzip, without the list as JSON`, async () => {
    const { status, html } = await get("");
    expect(status).toBe(200);
    expect(cards(html)).toBe(INVENTORY_PAGE_SIZE);
    expect(html).toContain(`of ${UNITS.toLocaleString("en-US")} vehicles`);
    expect(html).toContain(`<meta name="description" content="Browse ${UNITS.toLocaleString("en-US")} new electric golf carts`);
    expect(html).not.toContain("data-gc-vehicles");
    expect(gzipSync(html).length).toBeLessThanOrEqual(MAX_GZIP_BYTES);
  });

  it("links the pages: rel=next on the first, rel=prev and next in the middle, prev alone on the last", async () => {
    const last = Math.ceil(UNITS / INVENTORY_PAGE_SIZE);
    const first = await get("");
    expect(first.html).toMatch(/<link rel="next" href="https:\/\/[^"/]+\/inventory\?page=2"\/>/);
    expect(first.html).not.toContain('rel="prev"');
    const middle = await get("?page=2");
    expect(middle.html).toContain('href="/inventory" rel="prev"');
    expect(middle.html).toContain('href="/inventory?page=3" rel="next"');
    const end = await get(`?page=${last}`);
    expect(cards(end.html)).toBe(UNITS - (last - 1) * INVENTORY_PAGE_SIZE);
    expect(end.html).not.toContain('rel="next"');
  });

  it("answers a page past the end with 404 and a link back, a malformed page with 400, an unknown brand with an empty page", async () => {
    const past = await get("?page=999");
    expect(past.status).toBe(404);
    expect(past.html).toContain("There is no page 999");
    expect(past.html).toContain('href="/inventory">Show all vehicles');
    expect((await get("?page=abc")).status).toBe(400);
    const tesla = await get("?brand=tesla");
    expect(tesla.status).toBe(200);
    expect(tesla.html).toContain("No vehicles found");
    expect(tesla.html).toContain('<meta name="robots" content="noindex, follow"/>');
  });
});

describe(`the other catalogue pages at ${UNITS} units`, () => {
  let big: TestServer;
  let seed: TestServer;
  const html = async (server: TestServer, page: string) => {
    const res = await fetch(`${server.url}${page}`);
    expect(res.status, page).toBe(200);
    return res.text();
  };
  beforeAll(async () => {
    [big, seed] = await Promise.all([serverWith(UNITS), serverWith(SEED_UNITS)]);
  });
  afterAll(() => Promise.all([big?.close(), seed?.close()]));

  it.each(["/", "/denago", "/evolution", "/sitemap"])(`%s is the size it is at ${SEED_UNITS} units`, async (page) => {
    const [large, small] = await Promise.all([html(big, page), html(seed, page)]);
    expect(large.length, page).toBeLessThanOrEqual(small.length * MAX_GROWTH);
  });

  it("the HTML sitemap links the inventory by brand and series with their counts; sitemap.xml still lists every unit, within one file's limits", async () => {
    const sitemap = await html(big, "/sitemap");
    const counts = [...sitemap.matchAll(/href="\/inventory\?brand=(\w+)">Every \w+ vehicle \(([\d,]+)\)</g)].map((m) => [m[1], m[2]]);
    const brands = bigCatalogue(UNITS).reduce((n, v) => n.set(v.brand.toLowerCase(), (n.get(v.brand.toLowerCase()) ?? 0) + 1), new Map<string, number>());
    expect(Object.fromEntries(counts)).toEqual(Object.fromEntries([...brands].map(([b, n]) => [b, n.toLocaleString("en-US")])));
    const xml = await html(big, "/sitemap.xml");
    const urls = xml.match(/<loc>/g)?.length ?? 0;
    expect(xml.match(/<loc>[^<]+\/vehicle\//g)).toHaveLength(UNITS);
    expect(urls).toBeLessThanOrEqual(SITEMAP_MAX_URLS);
    expect(xml.length).toBeLessThanOrEqual(SITEMAP_MAX_BYTES);
  });
});
