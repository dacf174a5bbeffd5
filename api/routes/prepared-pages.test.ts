import { request, type IncomingHttpHeaders } from "node:http";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestServer } from "../testing/test-server";

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer({}, undefined, { builtSite: true });
});
afterAll(() => s.close());

interface Raw {
  status: number;
  headers: IncomingHttpHeaders;
  /** The bytes on the wire, still encoded (fetch would decode them). */
  bytes: Buffer;
}

function raw(path: string, headers: Record<string, string> = {}, method = "GET"): Promise<Raw> {
  return new Promise((resolve, reject) => {
    const req = request(`${s.url}${path}`, { method, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (c: Buffer) => chunks.push(c));
      res.on("end", () => resolve({ status: res.statusCode!, headers: res.headers, bytes: Buffer.concat(chunks) }));
    });
    req.on("error", reject);
    req.end();
  });
}

const decode = (r: Raw) =>
  r.headers["content-encoding"] === "br" ? brotliDecompressSync(r.bytes) : r.headers["content-encoding"] === "gzip" ? gunzipSync(r.bytes) : r.bytes;

// What Chromium sends.
const BROWSER = "gzip, deflate, br, zstd";

describe("pages are compressed once and served from memory", () => {
  it.each(["/", "/inventory", "/about", "/vehicle/denago-ev-city", "/sitemap.xml", "/robots.txt"])(
    "%s: brotli to a browser, gzip to gzip, the same bytes each time, and one text in every encoding",
    async (path) => {
      const identity = await raw(path, { "accept-encoding": "identity" });
      expect(identity.status).toBe(200);
      expect(identity.headers["content-encoding"]).toBeUndefined();
      expect(Number(identity.headers["content-length"])).toBe(identity.bytes.length);
      for (const [accept, encoding] of [
        [BROWSER, "br"],
        ["gzip", "gzip"],
      ] as const) {
        const [a, b] = [await raw(path, { "accept-encoding": accept }), await raw(path, { "accept-encoding": accept })];
        expect(a.headers["content-encoding"], accept).toBe(encoding);
        expect(a.headers.vary).toMatch(/accept-encoding/i);
        expect(a.headers.etag).toBe(identity.headers.etag);
        expect(Number(a.headers["content-length"])).toBe(a.bytes.length);
        expect(b.bytes.equals(a.bytes), "the same bytes twice").toBe(true);
        expect(decode(a).equals(identity.bytes)).toBe(true);
      }
    },
  );

  it("answers 304 with no body to the page's ETag, and a HEAD with the GET's headers and no body", async () => {
    const page = await raw("/inventory", { "accept-encoding": BROWSER });
    expect(page.headers.etag).toMatch(/^"[\w-]+"$/);
    expect(page.headers["cache-control"]).toBe("no-cache");
    expect(page.headers["content-type"]).toBe("text/html; charset=utf-8");
    const again = await raw("/inventory", { "accept-encoding": BROWSER, "if-none-match": page.headers.etag! });
    expect(again.status).toBe(304);
    expect(again.bytes.length).toBe(0);
    const head = await raw("/inventory", { "accept-encoding": BROWSER }, "HEAD");
    expect(head.status).toBe(200);
    expect(head.bytes.length).toBe(0);
    expect(head.headers["content-length"]).toBe(page.headers["content-length"]);
    expect(head.headers.etag).toBe(page.headers.etag);
  });

  it("compresses the 404 and 410 pages too, with their status, and never answers them 304", async () => {
    const missing = await raw("/no-such-page", { "accept-encoding": BROWSER });
    expect(missing.status).toBe(404);
    expect(missing.headers["content-encoding"]).toBe("br");
    expect(decode(missing).toString()).toContain("<html");
    const again = await raw("/no-such-page", { "accept-encoding": BROWSER, "if-none-match": missing.headers.etag! });
    expect(again.status).toBe(404);
  });

  // The server answers a page in memory before Express; a query string sends the same page through Express.
  it.each(["/", "/about", "/vehicle/denago-ev-city", "/vehicles/d6-max-xt4"])("%s answers alike with and without Express", async (path) => {
    const VOLATILE = new Set(["date", "connection", "keep-alive"]);
    const headersOf = (r: Raw) => Object.fromEntries(Object.entries(r.headers).filter(([name]) => !VOLATILE.has(name)));
    for (const method of ["GET", "HEAD"])
      for (const accept of [BROWSER, "gzip", "identity"]) {
        const [fast, express] = await Promise.all([
          raw(path, { "accept-encoding": accept }, method),
          raw(`${path}?via=express`, { "accept-encoding": accept }, method),
        ]);
        expect(fast.status).toBe(200);
        expect(headersOf(fast)).toEqual(headersOf(express));
        expect(fast.bytes.equals(express.bytes)).toBe(true);
      }
  });
});
