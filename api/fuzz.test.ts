import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { seedCatalogue } from "../domain/catalogue/seed";
import { VehicleListSchema } from "../domain/vehicle";
import { addAccount, signIn } from "./testing/staff-client";
import { startTestServer, validLead, type TestServer } from "./testing/test-server";

let s: TestServer;
let cookie: string;
beforeAll(async () => {
  s = await startTestServer();
  await addAccount(s.dataDir, "sales@example.com", "sales", "sales password 1");
  cookie = await signIn(s, "sales@example.com", "sales password 1");
}, 60_000);
afterAll(() => s.close());

/** Bodies a broken client or an attacker might send: valid leads with fields mangled, random JSON, random bytes. */
const body = fc.oneof(
  fc
    .record(
      { firstName: fc.anything(), lastName: fc.anything(), email: fc.anything(), phone: fc.anything(), interest: fc.anything(), message: fc.anything() },
      { requiredKeys: [] },
    )
    .map((r) => JSON.stringify({ ...validLead(), ...r })),
  fc.jsonValue().map((v) => JSON.stringify(v)),
  fc.string({ maxLength: 300 }),
  fc.uint8Array({ maxLength: 300 }).map((a) => Buffer.from(a).toString("latin1")),
  fc.constantFrom("{", '{"a":', "\u0000", "[".repeat(5000), '{"__proto__": {"x": 1}}', '{"constructor": {"prototype": {}}}'),
);
const contentType = fc.constantFrom(
  "application/json",
  "application/json; charset=utf-8",
  "application/json; charset=latin-99",
  "text/plain",
  "application/x-www-form-urlencoded",
  "",
);

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

describe("staff vehicle writes with generated malformed bodies", () => {
  const { id: _id, ...template } = seedCatalogue()[0]!;
  const vehicleBody = fc.oneof(
    fc
      .record(
        { name: fc.anything(), price: fc.anything(), status: fc.anything(), specifications: fc.anything(), images: fc.anything(), id: fc.anything() },
        { requiredKeys: [] },
      )
      .map((r) => JSON.stringify({ ...template, name: "Fuzzed Cart", ...r })),
    fc.jsonValue().map((v) => JSON.stringify(v)),
    fc.string({ maxLength: 300 }),
    fc.constantFrom("{", "\u0000", "[".repeat(5000), '{"__proto__": {"x": 1}}', '{"constructor": {"prototype": {}}}'),
  );

  it("POST and PUT never answer 5xx, always answer JSON, and leave a catalogue that validates", async () => {
    await fc.assert(
      fc.asyncProperty(vehicleBody, fc.boolean(), async (b, put) => {
        const res = await fetch(`${s.url}/api/staff/vehicles${put ? "/denago-ev-nomad" : ""}`, {
          method: put ? "PUT" : "POST",
          headers: { "content-type": "application/json", cookie, ...(put ? { "if-match": "*" } : {}) },
          body: b,
        });
        expect(res.status).toBeLessThan(500);
        expect(res.headers.get("content-type")).toMatch(/^application\/json/);
        await res.json();
      }),
      { numRuns: 200 },
    );
    const { vehicles } = (await (await fetch(`${s.url}/api/staff/vehicles`, { headers: { cookie } })).json()) as { vehicles: unknown };
    expect(VehicleListSchema.safeParse(vehicles).success).toBe(true);
    expect((await fetch(`${s.url}/api/vehicles`)).status).toBe(200);
  }, 120_000);
});
