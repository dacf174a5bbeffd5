/**
 * A site's other domains (its aliases) redirect every page to the primary domain: however the page is
 * served (from memory before Express, rendered, a query's variant, a file), for GET and HEAD, with no proxy, behind
 * nginx (Host and X-Forwarded-Proto) and behind Caddy (X-Forwarded-Host too). The API answers on an alias as it is.
 * Needs the built site (`npm run build`).
 */
import { readFileSync } from "node:fs";
import { request } from "node:http";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { sitesFromExample } from "../domain/site-seed";
import { startTestServer, type TestServer } from "./testing/test-server";

vi.setConfig({ testTimeout: 60_000, hookTimeout: 90_000 });

const [capeMay] = sitesFromExample(JSON.parse(readFileSync(new URL("../tests/fixtures/example-sites.json", import.meta.url), "utf8")));
const PRIMARY = "www.capemaycoastgolfcarts.example";
const ALIAS = "capemaycoastgolfcarts.example";

interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

/** A request with exactly these headers (Host included), as a browser or a proxy sends it. */
function send(s: TestServer, path: string, headers: Record<string, string>, method = "GET"): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = request({ host: "127.0.0.1", port: new URL(s.url).port, path, method, headers }, (res) => {
      let body = "";
      res.setEncoding("utf8");
      res.on("data", (c: string) => (body += c));
      res.on("end", () => resolve({ status: res.statusCode!, headers: res.headers, body }));
    });
    req.on("error", reject);
    req.end();
  });
}

/** How a request for `host` reaches the server, and the origin its redirect must name. */
interface Front {
  name: string;
  env: Record<string, string>;
  headers: (host: string, port: string) => Record<string, string>;
  origin: (port: string) => string;
}
const FRONTS: Front[] = [
  { name: "no proxy", env: {}, headers: (host, port) => ({ host: `${host}:${port}` }), origin: (port) => `http://${PRIMARY}:${port}` },
  {
    // The docs' nginx example: `proxy_set_header Host $host` and X-Forwarded-Proto, no X-Forwarded-Host.
    name: "nginx",
    env: { TRUST_PROXY: "loopback" },
    headers: (host) => ({ host, "x-forwarded-proto": "https", "x-forwarded-for": "203.0.113.7" }),
    origin: () => `https://${PRIMARY}`,
  },
  {
    // Caddy's reverse_proxy: the Host through unchanged, and X-Forwarded-Host, -Proto and -For.
    name: "Caddy",
    env: { TRUST_PROXY: "loopback" },
    headers: (host) => ({ host, "x-forwarded-host": host, "x-forwarded-proto": "https", "x-forwarded-for": "203.0.113.7" }),
    origin: () => `https://${PRIMARY}`,
  },
];

describe.each(FRONTS)("a site's alias domain, $name", (front) => {
  let s: TestServer;
  let port: string;
  let vehicle: string;
  beforeAll(async () => {
    s = await startTestServer(front.env, undefined, { builtSite: true });
    port = new URL(s.url).port;
    await s.sites.create({ ...capeMay!, domains: [PRIMARY, ALIAS, "cape-may.localhost"] });
    vehicle = s.vehicles.list()[0]!.id;
  });
  afterAll(() => s?.close());

  const pages = () => [
    "/",
    "/about",
    "/inventory",
    "/rentals",
    "/cape-may-golf-carts",
    `/vehicle/${vehicle}`,
    "/sitemap.xml",
    "/robots.txt",
    "/feeds/google-merchant.xml",
    "/inventory?brand=denago",
    "/about?utm_source=newsletter",
    "/rentals/",
    "/no-such-page",
    "/images/og-default.png",
    "/staff",
  ];

  it("answers 301 to the same path and query on the primary domain, for GET and HEAD, pages in memory or not", async () => {
    for (const path of pages()) {
      for (const method of ["GET", "HEAD"]) {
        const res = await send(s, path, front.headers(ALIAS, port), method);
        expect(res.status, `${method} ${path}`).toBe(301);
        expect(res.headers.location, `${method} ${path}`).toBe(`${front.origin(port)}${path}`);
        expect(res.headers["cache-control"]).toBe("no-store");
      }
    }
    // The same pages now in memory (asked on the primary and on the site's loopback name): still redirected.
    // ("/rentals/" is the one-URL rule's own 301 there.)
    for (const path of pages().filter((p) => p !== "/rentals/")) {
      expect((await send(s, path, front.headers(PRIMARY, port))).status, `${PRIMARY}${path}`).not.toBe(301);
      expect((await send(s, path, { host: `cape-may.localhost:${port}` })).status, `cape-may.localhost${path}`).not.toBe(301);
    }
    for (const path of pages()) {
      for (const method of ["GET", "HEAD"]) {
        const res = await send(s, path, { ...front.headers(ALIAS, port), "accept-encoding": "br, gzip" }, method);
        expect(res.status, `${method} ${path} in memory`).toBe(301);
        expect(res.headers.location).toBe(`${front.origin(port)}${path}`);
      }
    }
  });

  it("serves the primary domain's pages as they are, the first of them from memory", async () => {
    const home = await send(s, "/about", front.headers(PRIMARY, port));
    expect(home.status).toBe(200);
    expect(home.body).toContain("Cape May Coast Golf Carts");
  });

  it("redirects a widget script with the CORS headers a crossorigin script needs to follow it", async () => {
    const res = await send(s, "/widgets/gc-widgets.js", { ...front.headers(ALIAS, port), origin: "https://partner.example" });
    expect(res.status).toBe(301);
    expect(res.headers.location).toBe(`${front.origin(port)}/widgets/gc-widgets.js`);
    expect(res.headers["access-control-allow-origin"]).toBe("*");
    expect(res.headers["cross-origin-resource-policy"]).toBe("cross-origin");
  });

  it("answers the API on the alias as it is: the catalogue's list and a cart, GET and HEAD", async () => {
    for (const path of ["/api/vehicles", `/api/vehicles/${vehicle}`])
      for (const method of ["GET", "HEAD"]) {
        const res = await send(s, path, front.headers(ALIAS, port), method);
        expect(res.status, `${method} ${path}`).toBe(200);
        expect(res.headers["content-type"]).toMatch(/^application\/json/);
      }
  });
});
