/** Request → site: every request is served as the site its host names, redirected to its primary domain, or refused. */
import { readFileSync } from "node:fs";
import { request } from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sitesFromExample } from "../../domain/site-seed";
import { startTestServer, type TestServer } from "../testing/test-server";

const [capeMay] = sitesFromExample(JSON.parse(readFileSync(new URL("../../tests/fixtures/example-sites.json", import.meta.url), "utf8")));

interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

/** A request to the test server with the given Host (and other) headers, as a browser or proxy would send it. */
function get(s: TestServer, path: string, headers: Record<string, string>, method = "GET"): Promise<Answer> {
  const { port } = new URL(s.url);
  return new Promise((resolve, reject) => {
    const req = request({ host: "127.0.0.1", port, path, method, headers }, (res) => {
      let body = "";
      res.setEncoding("utf8");
      res.on("data", (chunk: string) => (body += chunk));
      res.on("end", () => resolve({ status: res.statusCode!, headers: res.headers, body }));
    });
    req.on("error", reject);
    req.end(method === "POST" ? "{}" : undefined);
  });
}

describe.each([
  ["trusting no proxy", {}],
  ["trusting the loopback proxy", { TRUST_PROXY: "loopback" }],
])("request → site, %s", (_name, env) => {
  let s: TestServer;
  let port: string;
  beforeAll(async () => {
    s = await startTestServer(env);
    port = new URL(s.url).port;
    await s.sites.create({ ...capeMay!, domains: ["www.capemaycoastgolfcarts.example", "capemaycoastgolfcarts.example", "cape-may.localhost"] });
  });
  afterAll(() => s.close());

  it("serves localhost, 127.0.0.1 and a site's *.localhost name as they are, the port ignored", async () => {
    for (const host of [`localhost:${port}`, `127.0.0.1:${port}`, "localhost", `cape-may.localhost:${port}`, `CAPE-MAY.localhost:${port}`]) {
      const res = await get(s, "/api/vehicles", { host });
      expect(res.status, host).toBe(200);
      expect(JSON.parse(res.body)).toBeInstanceOf(Array);
    }
  });

  it("answers 301 to the same path on the primary domain for a page asked on a secondary one", async () => {
    const res = await get(s, "/inventory?brand=denago", { host: `capemaycoastgolfcarts.example:${port}` });
    expect(res.status).toBe(301);
    expect(res.headers.location).toBe(`http://www.capemaycoastgolfcarts.example:${port}/inventory?brand=denago`);
    const bare = await get(s, "/", { host: "CapeMayCoastGolfCarts.example" }, "HEAD");
    expect(bare.status).toBe(301);
    expect(bare.headers.location).toBe("http://www.capemaycoastgolfcarts.example/");
  });

  it("serves the API on a secondary domain without a redirect, so a partner's POST stays a POST", async () => {
    const res = await get(s, "/api/vehicles", { host: "capemaycoastgolfcarts.example" });
    expect(res.status).toBe(200);
  });

  it("refuses a host no site claims with 421: a plain page, JSON under /api, nothing of any site", async () => {
    for (const host of ["evil.example", `evil.example:${port}`, "other.localhost", "capemaycoastgolfcarts.example.evil.example"]) {
      const page = await get(s, "/", { host });
      expect(page.status, host).toBe(421);
      expect(page.headers["content-type"]).toMatch(/^text\/html/);
      expect(page.body).toContain("Site not found");
      expect(page.body).not.toMatch(/Golf Carts|Sussex|Cape May|555-/);
      for (const path of ["/api/vehicles", "/api/vehicles/nope", "/api/contact"]) {
        const api = await get(s, path, { host, "content-type": "application/json" }, path === "/api/contact" ? "POST" : "GET");
        expect(api.status, `${host} ${path}`).toBe(421);
        expect(JSON.parse(api.body)).toEqual({ error: "No site of this deployment is served on this host name" });
      }
    }
  });

  it("answers /api/health and /api/tls/allowed on any host", async () => {
    expect((await get(s, "/api/health", { host: "evil.example" })).status).toBe(200);
    expect((await get(s, "/api/tls/allowed?domain=localhost", { host: "evil.example" })).status).toBe(200);
  });

  it("follows sites added while it runs, from the write on", async () => {
    await s.sites.create({ ...capeMay!, id: "later", name: "Later Golf Carts", domains: ["later.localhost"] });
    expect((await get(s, "/api/vehicles", { host: "later.localhost" })).status).toBe(200);
    await s.sites.remove("later");
    expect((await get(s, "/api/vehicles", { host: "later.localhost" })).status).toBe(421);
  });
});

describe("request → site behind a proxy", () => {
  it("reads X-Forwarded-Host only from a proxy TRUST_PROXY trusts", async () => {
    for (const [env, expected] of [
      [{}, 421],
      [{ TRUST_PROXY: "loopback" }, 200],
    ] as const) {
      const s = await startTestServer(env);
      try {
        // The proxy is on loopback and forwards a host it serves; the Host it sends is its own upstream name.
        expect((await get(s, "/api/vehicles", { host: "upstream.internal", "x-forwarded-host": "localhost" })).status).toBe(expected);
        const spoof = await get(s, "/api/vehicles", { host: "localhost", "x-forwarded-host": "evil.example" });
        expect(spoof.status).toBe(env.TRUST_PROXY ? 421 : 200);
        if (env.TRUST_PROXY) {
          await s.sites.create({ ...capeMay!, domains: ["www.capemaycoastgolfcarts.example", "capemaycoastgolfcarts.example"] });
          const res = await get(s, "/about", {
            host: "upstream.internal:8080",
            "x-forwarded-host": "capemaycoastgolfcarts.example",
            "x-forwarded-proto": "https",
          });
          expect(res.status).toBe(301);
          expect(res.headers.location).toBe("https://www.capemaycoastgolfcarts.example/about");
        }
      } finally {
        await s.close();
      }
    }
  });
});
