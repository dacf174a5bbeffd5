import { connect } from "node:net";
import fc from "fast-check";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { seedCatalogue } from "../domain/catalogue/seed";
import { MAX_PHOTO_BYTES } from "../domain/photo";
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
        // 503 with Retry-After is the photo queue saying it is busy (hung-up uploads before may still hold their places
        // for a moment on a loaded machine): an answer, not a fault. Any other 5xx is a fault.
        if (res.status === 503) expect(res.headers.get("retry-after")).toMatch(/^\d+$/);
        else expect(res.status).toBeLessThan(500);
        expect(res.headers.get("content-type")).toMatch(/^application\/json/);
        await res.json();
      }),
      { numRuns: 300 },
    );
  }, 60_000);
});

describe("staff vehicle writes with generated malformed bodies", () => {
  const { id: _id, stockNumber: _stock, ...template } = seedCatalogue()[0]!;
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
        // 503 with Retry-After is the photo queue saying it is busy (hung-up uploads before may still hold their places
        // for a moment on a loaded machine): an answer, not a fault. Any other 5xx is a fault.
        if (res.status === 503) expect(res.headers.get("retry-after")).toMatch(/^\d+$/);
        else expect(res.status).toBeLessThan(500);
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

describe("photo uploads with generated cut, malformed and oversized multipart bodies", () => {
  const crlf = "\r\n";
  const part = (name: string, filename: string | null, bytes: Buffer) =>
    Buffer.concat([
      Buffer.from(
        `--XB${crlf}Content-Disposition: form-data; name="${name}"${filename === null ? "" : `; filename="${filename}"${crlf}Content-Type: image/jpeg`}${crlf}${crlf}`,
      ),
      bytes,
      Buffer.from(crlf),
    ]);
  const oversized = Buffer.alloc(MAX_PHOTO_BYTES + 1024, 0xff);
  // Whole thousandths: fast-check's doubles cluster at 0 and 1, which would seldom cut inside a part.
  const fraction = fc.integer({ min: 0, max: 999 }).map((n) => n / 1000);

  it("never answer 5xx, always answer JSON, and never end the process, whole or cut off mid-body", async () => {
    const jpeg = await sharp({ create: { width: 8, height: 8, channels: 3, background: "#0a0" } })
      .jpeg()
      .toBuffer();
    const partSpec = fc.record({
      name: fc.constantFrom("photo", "photo", "other", "", 'ph"oto', "photo\r\nX: y"),
      filename: fc.option(fc.constantFrom("a.jpg", "", "../../etc/passwd", "x".repeat(300)), { nil: null, freq: 4 }),
      bytes: fc.oneof(
        fc.constant(jpeg),
        fc.uint8Array({ maxLength: 200 }).map((a) => Buffer.from(a)),
        fc.constant(Buffer.alloc(2000, 0x61)),
      ),
    });
    const bodySpec = fc.record({
      parts: fc.oneof(
        { weight: 12, arbitrary: fc.array(partSpec, { minLength: 1, maxLength: 4 }) },
        { weight: 1, arbitrary: fc.constant("many fields" as const) },
        { weight: 1, arbitrary: fc.constant("oversized" as const) },
      ),
      mutation: fc.oneof(
        { weight: 1, arbitrary: fc.constant({ kind: "none" as const }) },
        { weight: 4, arbitrary: fc.record({ kind: fc.constant("cut" as const), at: fraction }) },
        { weight: 1, arbitrary: fc.record({ kind: fc.constant("flip" as const), at: fraction, byte: fc.integer({ min: 0, max: 255 }) }) },
        { weight: 1, arbitrary: fc.record({ kind: fc.constant("insert" as const), at: fraction, junk: fc.constantFrom(crlf, "--XB", "--XB--", crlf + crlf) }) },
      ),
      contentType: fc.oneof(
        { weight: 6, arbitrary: fc.constant("multipart/form-data; boundary=XB") },
        {
          weight: 1,
          arbitrary: fc.constantFrom(
            "multipart/form-data",
            "multipart/form-data; boundary=",
            `multipart/form-data; boundary=${"B".repeat(200)}`,
            "multipart/form-data; boundary=OTHER",
            "multipart/mixed; boundary=XB",
            "image/jpeg",
          ),
        },
      ),
      // The body sent whole (as many bytes as Content-Length says), or the connection closed part-way.
      hangUpAt: fc.oneof({ weight: 4, arbitrary: fc.constant(null) }, { weight: 1, arbitrary: fraction }),
    });

    await fc.assert(
      fc.asyncProperty(bodySpec, async ({ parts, mutation: m, contentType, hangUpAt }) => {
        const specs =
          parts === "many fields"
            ? Array.from({ length: 40 }, (_, i) => ({ name: `f${i}`, filename: null, bytes: Buffer.from("v") }))
            : parts === "oversized"
              ? [{ name: "photo", filename: "big.jpg", bytes: oversized }]
              : parts;
        let body = Buffer.concat([...specs.map((p) => part(p.name, p.filename, p.bytes)), Buffer.from(`--XB--${crlf}`)]);
        const at = m.kind === "none" ? 0 : Math.floor(m.at * body.length);
        if (m.kind === "cut") body = body.subarray(0, at);
        if (m.kind === "flip") body = Buffer.concat([body.subarray(0, at), Buffer.from([m.byte]), body.subarray(at + 1)]);
        if (m.kind === "insert") body = Buffer.concat([body.subarray(0, at), Buffer.from(m.junk), body.subarray(at)]);
        const headers = { origin: s.origin, cookie, "content-type": contentType };
        if (hangUpAt !== null) return hangUp(body, headers, Math.floor(hangUpAt * body.length));
        const res = await fetch(`${s.url}/api/staff/vehicles/denago-ev-nomad/photos`, { method: "POST", headers, body });
        // 503 with Retry-After is the photo queue saying it is busy (hung-up uploads before may still hold their places
        // for a moment on a loaded machine): an answer, not a fault. Any other 5xx is a fault.
        if (res.status === 503) expect(res.headers.get("retry-after")).toMatch(/^\d+$/);
        else expect(res.status).toBeLessThan(500);
        expect(res.headers.get("content-type")).toMatch(/^application\/json/);
        await res.json();
      }),
      { numRuns: 100 },
    );
    expect((await fetch(`${s.url}/api/health`)).status).toBe(200);
    // No request left a place in the photo queue taken: a good photo is stored at once (a new one: a whole body above
    // may already have stored `jpeg`, and the same photo again answers 200 with nothing added).
    const after = await sharp({ create: { width: 8, height: 8, channels: 3, background: "#a0a" } })
      .jpeg()
      .toBuffer();
    const form = new FormData();
    form.append("photo", new Blob([new Uint8Array(after)], { type: "image/jpeg" }), "after.jpg");
    const res = await fetch(`${s.url}/api/staff/vehicles/denago-ev-nomad/photos`, { method: "POST", headers: { origin: s.origin, cookie }, body: form });
    expect(res.status).toBe(201);
  }, 60_000);
});

/** Send the headers and the first `sent` bytes of `body` (announced whole), then close the connection. */
function hangUp(body: Buffer, headers: Record<string, string>, sent: number): Promise<void> {
  const { hostname, port } = new URL(s.url);
  const head = Object.entries({ ...headers, host: `${hostname}:${port}`, "content-length": String(body.length) })
    .map(([k, v]) => `${k}: ${v}\r\n`)
    .join("");
  return new Promise((resolve, reject) => {
    const socket = connect(Number(port), hostname, () => {
      socket.write(`POST /api/staff/vehicles/denago-ev-nomad/photos HTTP/1.1\r\n${head}\r\n`);
      socket.end(body.subarray(0, sent));
    });
    socket.on("error", reject);
    socket.on("close", () => resolve());
    socket.resume();
  });
}
