/** /api/health tells operators what the rendered pages kept in memory weigh, against PAGE_CACHE_MB. */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestServer } from "./testing/test-server";

describe("/api/health's caches", () => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startTestServer({ PAGE_CACHE_MB: "3" }, undefined, { builtSite: true });
  });
  afterAll(() => s?.close());

  const pages = async () =>
    ((await (await fetch(`${s.url}/api/health`)).json()) as { caches: { pages: { entries: number; bytes: number; limitBytes: number } } }).caches.pages;

  it("reports the page cache's entries and bytes, which grow as pages are served, within its bound", async () => {
    const before = await pages();
    expect(before.limitBytes).toBe(3 * 1024 * 1024);
    for (const path of ["/", "/inventory", "/rentals", "/about"])
      expect((await fetch(`${s.url}${path}`, { headers: { "Accept-Encoding": "br" } })).status).toBe(200);
    const after = await pages();
    expect(after.entries).toBeGreaterThanOrEqual(before.entries + 3);
    expect(after.bytes).toBeGreaterThan(before.bytes);
    expect(after.bytes).toBeLessThanOrEqual(after.limitBytes);
  });

  it("refuses a bound that is not a whole number of MB at start-up", async () => {
    await expect(startTestServer({ PAGE_CACHE_MB: "0" })).rejects.toThrow(/PAGE_CACHE_MB/);
  });
});
