import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { prepareHtml, prepareJson } from "./prepared-body";

describe("PreparedBody", () => {
  it("keeps a strong ETag of its bytes, the same for the same bytes and another for others", () => {
    const a = prepareJson({ price: 8495 });
    expect(a.etag).toMatch(/^"[\w-]+"$/);
    expect(prepareJson({ price: 8495 }).etag).toBe(a.etag);
    expect(prepareJson({ price: 7777 }).etag).not.toBe(a.etag);
    expect(a.kind.type).toBe("application/json; charset=utf-8");
  });

  it("compresses each encoding once: concurrent askers share the one compression, and later ones get the kept bytes", async () => {
    const body = prepareHtml(`<!doctype html><title>Inventory</title>${"<li>Denago EV Nomad, $8,495</li>".repeat(500)}`);
    const first = body.bytes("br");
    expect(body.bytes("br")).toBe(first);
    const br = await first;
    expect(brotliDecompressSync(br).equals(body.identity)).toBe(true);
    expect(br.length).toBeLessThan(body.identity.length / 10);
    expect(body.bytes("br")).toBe(br);
    const gzip = await body.bytes("gzip");
    expect(gunzipSync(gzip).equals(body.identity)).toBe(true);
    expect(body.bytesSync("gzip")).toBe(gzip);
    expect(body.bytes("identity")).toBe(body.identity);
  });
});
