/**
 * Every JSON and text answer over 1 kB is compressed when the client asks, the
 * public paged list and the console's list included; a smaller one is sent as it is. Read with node:http, which
 * leaves the bytes as they came (fetch would decode them), and decoded here to the very bytes sent to a client that
 * takes no compression.
 */
import { request, type IncomingHttpHeaders } from "node:http";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signIn } from "./testing/staff-client";
import { startTestServer, type TestServer } from "./testing/test-server";

const OWNER = { email: "owner@example.com", password: "owner password 1" };

let s: TestServer;
let cookie: string;
beforeAll(async () => {
  s = await startTestServer();
  await s.staff.accounts.add({ ...OWNER, role: "owner" });
  cookie = await signIn(s, OWNER.email, OWNER.password);
}, 60_000);
afterAll(() => s.close());

interface Raw {
  status: number;
  headers: IncomingHttpHeaders;
  /** The bytes on the wire, still encoded. */
  bytes: Buffer;
}

function raw(path: string, headers: Record<string, string>): Promise<Raw> {
  return new Promise((resolve, reject) => {
    const req = request(`${s.url}${path}`, { headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (c: Buffer) => chunks.push(c));
      res.on("end", () => resolve({ status: res.statusCode!, headers: res.headers, bytes: Buffer.concat(chunks) }));
    });
    req.on("error", reject);
    req.end();
  });
}

const decode = (r: Raw): Buffer =>
  r.headers["content-encoding"] === "br" ? brotliDecompressSync(r.bytes) : r.headers["content-encoding"] === "gzip" ? gunzipSync(r.bytes) : r.bytes;

/** The answer in each encoding a client may ask for: decoded, every one is the identity answer's bytes. */
async function inEveryEncoding(path: string, headers: Record<string, string> = {}) {
  const identity = await raw(path, { ...headers, "accept-encoding": "identity" });
  const gzip = await raw(path, { ...headers, "accept-encoding": "gzip" });
  const browser = await raw(path, { ...headers, "accept-encoding": "gzip, deflate, br, zstd" });
  for (const r of [identity, gzip, browser]) expect(r.status, path).toBe(200);
  expect(identity.headers["content-encoding"]).toBeUndefined();
  expect(decode(gzip).equals(identity.bytes)).toBe(true);
  expect(decode(browser).equals(identity.bytes)).toBe(true);
  return { identity, gzip, browser };
}

describe("lists are compressed when the client asks", () => {
  it("the public paged list (a partner inventory's page): gzip or brotli, the same JSON decoded", async () => {
    const { identity, gzip, browser } = await inEveryEncoding("/api/vehicles?page=1&pageSize=24");
    expect(identity.bytes.length).toBeGreaterThan(1024);
    expect(gzip.headers["content-encoding"]).toBe("gzip");
    expect(browser.headers["content-encoding"]).toBe("br");
    expect(gzip.headers.vary).toMatch(/accept-encoding/i);
    expect(gzip.bytes.length).toBeLessThan(identity.bytes.length / 3);
    expect((JSON.parse(decode(browser).toString()) as { vehicles: unknown[] }).vehicles.length).toBeGreaterThan(0);
  });

  it("the console's inventory list: gzip or brotli, the same JSON decoded, still private and uncached", async () => {
    const { identity, gzip, browser } = await inEveryEncoding("/api/staff/vehicles", { cookie });
    expect(identity.bytes.length).toBeGreaterThan(1024);
    expect(gzip.headers["content-encoding"]).toBe("gzip");
    expect(browser.headers["content-encoding"]).toBe("br");
    expect(browser.headers["cache-control"]).toBe("no-store");
    expect(gzip.bytes.length).toBeLessThan(identity.bytes.length / 3);
  });

  it("an answer under 1 kB is sent as it is, public or staff", async () => {
    for (const [path, headers] of [
      ["/api/vehicles?brand=no-such-brand", {}],
      ["/api/staff/session", { cookie }],
    ] as const) {
      const { identity, browser } = await inEveryEncoding(path, headers);
      expect(identity.bytes.length, path).toBeLessThan(1024);
      expect(browser.headers["content-encoding"], path).toBeUndefined();
    }
  });
});
