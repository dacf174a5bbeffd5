/** GET /api/vehicles on a site: only its vehicles, on the fast path and through Express alike. */
import { readFileSync } from "node:fs";
import { request } from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { seedCatalogue } from "../../domain/catalogue";
import { sitesFromExample } from "../../domain/site-seed";
import { VehicleSchema, type Vehicle } from "../../domain/vehicle";
import { startTestServer, type TestServer } from "../testing/test-server";

const [capeMay] = sitesFromExample(JSON.parse(readFileSync(new URL("../../tests/fixtures/example-sites.json", import.meta.url), "utf8")));

function get(s: TestServer, path: string, host: string): Promise<{ status: number; body: string; etag?: string }> {
  return new Promise((resolve, reject) => {
    const req = request({ host: "127.0.0.1", port: new URL(s.url).port, path, headers: { host } }, (res) => {
      let body = "";
      res.setEncoding("utf8");
      res.on("data", (c: string) => (body += c));
      res.on("end", () => resolve({ status: res.statusCode!, body, etag: res.headers.etag }));
    });
    req.on("error", reject);
    req.end();
  });
}

const ids = (body: string) => (JSON.parse(body) as Vehicle[]).map((v) => v.id);

describe("vehicles per site", () => {
  let s: TestServer;
  const only = VehicleSchema.parse({ ...seedCatalogue()[0]!, id: "cape-may-only-cart", name: "Cape May Only Cart", stockNumber: "CM-1", sites: ["cape-may"] });
  beforeAll(async () => {
    s = await startTestServer();
    await s.sites.create({ ...capeMay!, domains: ["cape-may.localhost"] });
  });
  afterAll(() => s.close());

  it("serves one list to every site while no vehicle names its sites", async () => {
    const [a, b] = await Promise.all([get(s, "/api/vehicles", "localhost"), get(s, "/api/vehicles", "cape-may.localhost")]);
    expect(a.body).toBe(b.body);
    expect(a.etag).toBe(b.etag);
  });

  it("shows a vehicle that names its sites only on them, in the list and by id, on the fast path and through Express", async () => {
    await s.vehicles.create(only);
    for (const query of ["", "?fresh=1"]) {
      const [first, cape] = await Promise.all([get(s, `/api/vehicles${query}`, "localhost"), get(s, `/api/vehicles${query}`, "cape-may.localhost")]);
      expect(ids(first.body)).not.toContain(only.id);
      expect(ids(cape.body)).toContain(only.id);
      expect(ids(cape.body)).toEqual(expect.arrayContaining(ids(first.body)));
      expect(first.etag).not.toBe(cape.etag);
    }
    expect((await get(s, `/api/vehicles/${only.id}`, "cape-may.localhost")).status).toBe(200);
    expect((await get(s, `/api/vehicles/${only.id}`, "localhost")).status).toBe(404);
    expect((await get(s, `/api/vehicles/${only.id}?x=1`, "localhost")).status).toBe(404);
    // Sold on the site that showed it: 410 there, still unknown elsewhere.
    await s.vehicles.replace(only.id, { ...only, status: "sold" }, "*");
    expect((await get(s, `/api/vehicles/${only.id}`, "cape-may.localhost")).status).toBe(410);
    expect((await get(s, `/api/vehicles/${only.id}`, "localhost")).status).toBe(404);
  });
});
