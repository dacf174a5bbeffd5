/** The paged inventory at a dealer group's size (issue 27): the page stays small, and bad queries get a clear answer. */
import { mkdir, writeFile } from "node:fs/promises";
import path from "node:path";
import { gzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { INVENTORY_PAGE_SIZE } from "../../domain/inventory-query";
import { bigCatalogue } from "../../domain/testing/big-catalogue";
import { CATALOGUE_FILE } from "../../api/store/vehicle-store";
import { startTestServer, tempDataDir, type TestServer } from "../../api/testing/test-server";

/** Issue 27's goal for /inventory at 3,500 units. */
const MAX_GZIP_BYTES = 100_000;
const UNITS = 3_500;

describe(`/inventory at ${UNITS} units`, () => {
  let s: TestServer;
  const get = async (query: string) => {
    const res = await fetch(`${s.url}/inventory${query}`);
    return { status: res.status, html: await res.text() };
  };
  const cards = (html: string) => html.match(/<li class="card"/g)?.length ?? 0;
  beforeAll(async () => {
    const dir = await tempDataDir();
    await mkdir(dir, { recursive: true });
    await writeFile(path.join(dir, CATALOGUE_FILE), JSON.stringify({ vehicles: bigCatalogue(UNITS) }));
    s = await startTestServer({}, dir, { builtSite: true });
  });
  afterAll(() => s?.close());

  it(`serves one page of ${INVENTORY_PAGE_SIZE} cards in at most 100 kB gzip, without the list as JSON`, async () => {
    const { status, html } = await get("");
    expect(status).toBe(200);
    expect(cards(html)).toBe(INVENTORY_PAGE_SIZE);
    expect(html).toContain(`of ${UNITS.toLocaleString("en-US")} vehicles`);
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
