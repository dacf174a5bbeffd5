import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, validLead, type TestServer } from "./testing/test-server";

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer();
});
afterAll(() => s.close());

/** Bodies a broken client or an attacker might send: valid leads with fields mangled, random JSON, random bytes. */
const body = fc.oneof(
  fc.record({ firstName: fc.anything(), lastName: fc.anything(), email: fc.anything(), phone: fc.anything(), interest: fc.anything(), message: fc.anything() }, { requiredKeys: [] }).map((r) => JSON.stringify({ ...validLead(), ...r })),
  fc.jsonValue().map((v) => JSON.stringify(v)),
  fc.string({ maxLength: 300 }),
  fc.uint8Array({ maxLength: 300 }).map((a) => Buffer.from(a).toString("latin1")),
  fc.constantFrom("{", "{\"a\":", "\u0000", "[".repeat(5000), "{\"__proto__\": {\"x\": 1}}", "{\"constructor\": {\"prototype\": {}}}"),
);
const contentType = fc.constantFrom("application/json", "application/json; charset=utf-8", "application/json; charset=latin-99", "text/plain", "application/x-www-form-urlencoded", "");

describe("POST /api/contact with generated malformed bodies", () => {
  it("never answers 5xx, and always answers JSON", async () => {
    await fc.assert(
      fc.asyncProperty(body, contentType, async (b, type) => {
        const headers: Record<string, string> = type ? { "content-type": type } : {};
        const res = await fetch(`${s.url}/api/contact`, { method: "POST", headers, body: b });
        expect(res.status).toBeLessThan(500);
        expect(res.headers.get("content-type")).toMatch(/^application\/json/);
        await res.json();
      }),
      { numRuns: 300 },
    );
  }, 60_000);
});
