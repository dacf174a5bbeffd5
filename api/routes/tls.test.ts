/** GET /api/tls/allowed: the `ask` endpoint a TLS proxy (Caddy's on-demand TLS) calls before it gets a certificate. */
import { readFileSync } from "node:fs";
import { stat } from "node:fs/promises";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sitesFromExample } from "../../domain/site-seed";
import { SITES_FILE } from "../store/site-store";
import { startTestServer, type TestServer } from "../testing/test-server";

const [capeMay] = sitesFromExample(JSON.parse(readFileSync(new URL("../../tests/fixtures/example-sites.json", import.meta.url), "utf8")));

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer({ PUBLIC_ORIGIN: "https://shop.dealer.example" });
});
afterAll(() => s.close());

const ask = async (query: string) => {
  const res = await fetch(`${s.url}/api/tls/allowed${query}`);
  expect(res.headers.get("content-type")).toMatch(/^application\/json/);
  expect(res.headers.get("cache-control")).toBe("no-store");
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
};

describe("GET /api/tls/allowed", () => {
  it("answers 200 for each domain of the site seeded at first start: today's, PUBLIC_ORIGIN's host and the loopback names", async () => {
    for (const domain of ["www.sussexcoastgolfcarts.example", "shop.dealer.example", "localhost", "127.0.0.1"])
      expect(await ask(`?domain=${domain}`)).toEqual({ status: 200, body: { allowed: true, domain } });
    expect(await ask("?domain=WWW.SussexCoastGolfCarts.example")).toEqual({ status: 200, body: { allowed: true, domain: "www.sussexcoastgolfcarts.example" } });
    expect(((await stat(path.join(s.dataDir, SITES_FILE))).mode & 0o777).toString(8)).toBe("600");
  });

  it("answers 404 for a domain no site claims, a look-alike, or what is no bare host name", async () => {
    for (const domain of [
      "evil.example",
      "sussexcoastgolfcarts.example",
      "www.sussexcoastgolfcarts.example.evil.example",
      "localhost:3000",
      "localhost.",
      " localhost",
      "*.example",
    ]) {
      const { status, body } = await ask(`?domain=${encodeURIComponent(domain)}`);
      expect({ status, body }).toEqual({ status: 404, body: { allowed: false, domain, error: "No site of this deployment is served on this domain" } });
    }
  });

  it("answers 400 without exactly one domain to check", async () => {
    for (const query of ["", "?domain=", "?domain=localhost&domain=evil.example", "?domain[a]=localhost"])
      expect(await ask(query)).toEqual({ status: 400, body: { error: "Give one host name to check, as ?domain=www.dealer.example" } });
  });

  it("follows the sites as they are added and removed, from the write's answer on", async () => {
    expect((await ask("?domain=capemaycoastgolfcarts.example")).status).toBe(404);
    await s.sites.create(capeMay!);
    expect(await ask("?domain=capemaycoastgolfcarts.example")).toEqual({ status: 200, body: { allowed: true, domain: "capemaycoastgolfcarts.example" } });
    await s.sites.remove("cape-may");
    expect((await ask("?domain=capemaycoastgolfcarts.example")).status).toBe(404);
  });
});
