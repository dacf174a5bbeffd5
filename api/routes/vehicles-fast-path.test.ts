import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestServer } from "../testing/test-server";

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer();
});
afterAll(() => s.close());

/** Headers that may differ between two answers of the same content. */
const VOLATILE = new Set(["date", "connection", "keep-alive"]);
const headersOf = (res: Response) => Object.fromEntries([...res.headers].filter(([name]) => !VOLATILE.has(name)));

// The fast path answers the canonical URLs; a query string, other letter case or an escape goes through Express.
describe("catalogue reads answer alike with and without Express", () => {
  it.each([
    ["/api/vehicles", "/api/vehicles?via=express", "gzip"],
    ["/api/vehicles", "/API/Vehicles", "identity"],
    ["/api/vehicles/d6-max-xt4", "/api/vehicles/d6%2Dmax-xt4", "gzip"],
    ["/api/vehicles/denago-ev-city", "/api/vehicles/denago-ev-city?x=1", "gzip;q=0"],
  ])("%s and %s (accept-encoding %s)", async (fast, express, encoding) => {
    for (const method of ["GET", "HEAD"]) {
      const [a, b] = await Promise.all([fast, express].map((p) => fetch(s.url + p, { method, headers: { "accept-encoding": encoding } })));
      expect(a!.status).toBe(200);
      expect(headersOf(a!)).toEqual(headersOf(b!));
      expect(await a!.arrayBuffer()).toEqual(await b!.arrayBuffer());
    }
  });

  it("sends helmet's headers and open CORS on the fast path", async () => {
    const res = await fetch(`${s.url}/api/vehicles`);
    expect(res.headers.get("x-content-type-options")).toBe("nosniff");
    expect(res.headers.get("content-security-policy")).toMatch(/default-src 'self'/);
    expect(res.headers.get("access-control-allow-origin")).toBe("*");
    expect(res.headers.get("x-powered-by")).toBeNull();
  });

  it("answers 304 on the fast path to a matching If-None-Match, with the same headers as Express", async () => {
    const etag = (await fetch(`${s.url}/api/vehicles/denago-ev-city`)).headers.get("etag")!;
    const [a, b] = await Promise.all(
      ["/api/vehicles/denago-ev-city", "/api/vehicles/denago-ev-city?x=1"].map((p) => fetch(s.url + p, { headers: { "if-none-match": etag } })),
    );
    expect([a!.status, b!.status]).toEqual([304, 304]);
    expect(headersOf(a!)).toEqual(headersOf(b!));
  });

  it.each([
    ["the ETag", (etag: string) => ({ "if-none-match": etag }), 304],
    ["its weak form", (etag: string) => ({ "if-none-match": `W/${etag}` }), 304],
    ["a list holding it", (etag: string) => ({ "if-none-match": `"other", ${etag}` }), 304],
    ["*", () => ({ "if-none-match": "*" }), 304],
    ["another ETag", () => ({ "if-none-match": '"other"' }), 200],
    // fetch() sends Cache-Control: no-cache with every If-None-Match it is given: the validator still decides.
    ["the ETag and Cache-Control: no-cache", (etag: string) => ({ "if-none-match": etag, "cache-control": "no-cache" }), 304],
  ])("answers If-None-Match with %s by its validator, on both paths", async (_case, conditional, status) => {
    const etag = (await fetch(`${s.url}/api/vehicles`)).headers.get("etag")!;
    const answers = await Promise.all(["/api/vehicles", "/api/vehicles?via=express"].map((p) => fetch(s.url + p, { headers: conditional(etag) })));
    expect(answers.map((r) => r.status)).toEqual([status, status]);
  });

  it("leaves unknown ids and other methods to Express's JSON answers", async () => {
    expect((await fetch(`${s.url}/api/vehicles/no-such-cart`)).status).toBe(404);
    const post = await fetch(`${s.url}/api/vehicles`, { method: "POST" });
    expect(post.status).toBe(404);
    expect(post.headers.get("content-type")).toMatch(/^application\/json/);
  });
});
