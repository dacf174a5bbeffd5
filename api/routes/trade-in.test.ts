/**
 * Trade-in leads with photos: POST /api/contact/trade-in takes the visitor's cart and up to 4 photos, checks
 * each by its content (a text file and a polyglot are refused in words), strips their metadata (a phone photo's GPS is
 * gone from the stored file), keeps them in a private folder on both engines, and shows them only to signed-in staff
 * of the lead's site through GET /api/staff/leads/:id/trade-in-photos/:n.
 */
import { readFileSync } from "node:fs";
import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import sharp from "sharp";
import { afterAll, describe, expect, it, vi } from "vitest";
import { sitesFromExample } from "../../domain/site-seed";
import { TRADE_IN_MESSAGES, tradeInYearMax } from "../../domain/trade-in";
import { UNSUPPORTED_TYPE } from "../photos/pipeline";
import { PHOTOS_DIR } from "../store/photo-store";
import { hasGps, phoneJpeg } from "../testing/phone-photo";
import { postgresForSuite } from "../testing/suite-postgres";
import { addAccount, call, signIn } from "../testing/staff-client";
import { storedLeads } from "../testing/stored-leads";
import { startTestServer, type TestServer } from "../testing/test-server";
import { POLYGLOT } from "../photos/pipeline";
import { TRADE_IN_PHOTOS_DIR } from "./trade-in-photos";

const [capeMay] = sitesFromExample(JSON.parse(readFileSync(new URL("../../tests/fixtures/example-sites.json", import.meta.url), "utf8")));

vi.setConfig({ testTimeout: 120_000, hookTimeout: 90_000 });

const postgres = await postgresForSuite();
const { unavailable } = postgres;
const servers: TestServer[] = [];
afterAll(async () => {
  for (const s of servers.splice(0)) await s.close();
});
async function server(engine: "lowdb" | "postgres" = "lowdb"): Promise<TestServer> {
  const s = await startTestServer(await postgres.engineEnv(engine));
  servers.push(s);
  return s;
}

const FIELDS = {
  firstName: "Ann",
  lastName: "Lee",
  email: "ann@example.com",
  phone: "302-555-0100",
  year: "2019",
  make: "Club Car",
  model: "Onward",
  condition: "good",
  usage: "1200",
  usageUnit: "hours",
};
/** A small phone photo: sideways (EXIF orientation 6) with the lot's GPS position, as a phone writes it. */
const photo = phoneJpeg({ width: 800, height: 600 });

function form(fields: Record<string, string>, files: { name: string; bytes: Buffer; type?: string }[] = []) {
  const body = new FormData();
  for (const [k, v] of Object.entries(fields)) body.append(k, v);
  for (const f of files) body.append("photo", new Blob([new Uint8Array(f.bytes)], { type: f.type ?? "image/jpeg" }), f.name);
  return body;
}
const send = (s: TestServer, body: FormData | string, headers: Record<string, string> = {}) =>
  fetch(`${s.url}/api/contact/trade-in`, { method: "POST", body, headers: { origin: s.origin, ...headers } });
const json = async (res: Response) => (await res.json()) as { id?: string; error?: string; code?: string; fields?: Record<string, string> };
const privateFiles = async (s: TestServer) => readdir(path.join(s.dataDir, PHOTOS_DIR, TRADE_IN_PHOTOS_DIR)).catch(() => [] as string[]);
/** The markers of a JPEG's segments before its image data (0xE1: APP1, where EXIF and XMP live). */
function jpegSegments(jpeg: Buffer): number[] {
  const markers: number[] = [];
  for (let at = 2; at + 4 <= jpeg.length && jpeg[at] === 0xff; at += 2 + jpeg.readUInt16BE(at + 2)) {
    markers.push(jpeg[at + 1]!);
    if (jpeg[at + 1] === 0xda) break;
  }
  return markers;
}
const leadCount = async (s: TestServer) => (await storedLeads(s.leads)).length;

describe.each(["lowdb", "postgres"] as const)("a trade-in with a phone photo (%s)", (engine) => {
  it.skipIf(engine === "postgres" && unavailable)(
    "is stored as a trade-in lead about the page's cart; its photo is upright, without EXIF or GPS, private, and shown to signed-in staff only",
    async () => {
      const s = await server(engine);
      const cart = s.vehicles.all().find((v) => v.status === "available")!;
      const original = await photo;
      expect(hasGps((await sharp(original).metadata()).exif)).toBe(true);

      const res = await send(s, form({ ...FIELDS, vehicleId: cart.id, notes: "Batteries are two years old." }, [{ name: "IMG_0001.jpg", bytes: original }]));
      const { id } = await json(res);
      expect(res.status).toBe(201);
      const lead = (await s.leads.get(id!))!;
      expect(lead).toMatchObject({
        kind: "trade-in",
        vehicleId: cart.id,
        vehicle: { id: cart.id },
        interest: "sales",
        message: "I would like to trade in my 2019 Club Car Onward, good condition, 1,200 hours.\n\nBatteries are two years old.",
        tradeIn: { year: 2019, make: "Club Car", model: "Onward", condition: "good", usage: 1200, usageUnit: "hours" },
      });
      // Turned upright: 600 × 800 as shown.
      expect(lead.tradeIn!.photos).toEqual([{ key: expect.stringMatching(/^[a-f0-9]{24}$/), width: 600, height: 800 }]);

      // On disk in the private folder, with no metadata at all.
      const files = await privateFiles(s);
      expect(files).toEqual([`${lead.tradeIn!.photos[0]!.key}.jpg`]);
      const stored = await readFile(path.join(s.dataDir, PHOTOS_DIR, TRADE_IN_PHOTOS_DIR, files[0]!));
      const meta = await sharp(stored).metadata();
      expect({ format: meta.format, exif: meta.exif, xmp: meta.xmp, iptc: meta.iptc, orientation: meta.orientation, gps: hasGps(meta.exif) }).toEqual({
        format: "jpeg",
        exif: undefined,
        xmp: undefined,
        iptc: undefined,
        orientation: undefined,
        gps: false,
      });
      // No APP1 (EXIF, XMP) or APP13 (IPTC) segment at all, read from the bytes rather than from libvips.
      expect(jpegSegments(stored).filter((m) => m === 0xe1 || m === 0xed)).toEqual([]);
      expect(jpegSegments(original)).toContain(0xe1);

      // Not public: neither under /photos nor by its staff address without a session.
      const photoUrl = `/api/staff/leads/${id}/trade-in-photos/1`;
      expect((await fetch(`${s.url}/photos/${TRADE_IN_PHOTOS_DIR}/${files[0]}`)).status).toBe(404);
      expect((await fetch(`${s.url}/photos/../${TRADE_IN_PHOTOS_DIR}/${files[0]}`)).status).toBe(404);
      const anonymous = await fetch(`${s.url}${photoUrl}`);
      expect([anonymous.status, anonymous.headers.get("content-type")]).toEqual([401, expect.stringContaining("application/json")]);

      await s.staff.accounts.add({ email: "sales@example.com", role: "sales", password: "sales password 1" });
      const cookie = await signIn(s, "sales@example.com", "sales password 1");
      const shown = await call(s, "GET", photoUrl, { cookie });
      expect(shown.status).toBe(200);
      expect(shown.headers.get("content-type")).toBe("image/jpeg");
      expect(shown.headers.get("cache-control")).toMatch(/no-store/);
      expect(shown.headers.get("cross-origin-resource-policy")).toBe("same-origin");
      expect(Buffer.from(await shown.arrayBuffer()).equals(stored)).toBe(true);
      // The lead as the inbox reads it names the photo.
      const inbox = (await (await call(s, "GET", `/api/staff/leads/${id}`, { cookie })).json()) as { tradeIn: { photos: unknown[] } };
      expect(inbox.tradeIn.photos).toHaveLength(1);
    },
  );
});

describe("what a trade-in refuses, in words, storing nothing", () => {
  it("a text file named .jpg, and polyglots: an image with a script or an archive in it", async () => {
    const s = await server();
    const jpeg = await sharp({ create: { width: 64, height: 48, channels: 3, background: "#3a6" } })
      .jpeg()
      .toBuffer();
    const zipEnd = Buffer.from([0x50, 0x4b, 0x05, 0x06, ...new Array(18).fill(0)]);
    const cases: [string, Buffer, string][] = [
      ["notes.jpg", Buffer.from("These are not the photos you are looking for."), UNSUPPORTED_TYPE],
      ["page.jpg", Buffer.from("<!doctype html><script>alert(1)</script>"), UNSUPPORTED_TYPE],
      ["cart.jpg", Buffer.concat([jpeg, Buffer.from("<script>fetch('/api/staff/leads')</script>")]), POLYGLOT],
      ["cart2.jpg", Buffer.concat([jpeg, zipEnd]), POLYGLOT],
    ];
    for (const [name, bytes, message] of cases) {
      const res = await send(
        s,
        form(FIELDS, [
          { name: "ok.jpg", bytes: jpeg },
          { name, bytes },
        ]),
      );
      const body = await json(res);
      expect([res.status, body.error], name).toEqual([415, `Photo 2 (${name}): ${message}`]);
      expect(body.fields).toEqual({ photos: body.error });
    }
    expect(await leadCount(s)).toBe(0);
    expect(await privateFiles(s)).toEqual([]);
  });

  it("five photos, a photo over 10 MB, a damaged JPEG", async () => {
    const s = await server();
    const jpeg = await sharp({ create: { width: 64, height: 48, channels: 3, background: "#a63" } })
      .jpeg()
      .toBuffer();
    const five = await send(
      s,
      form(
        FIELDS,
        Array.from({ length: 5 }, (_, i) => ({ name: `p${i}.jpg`, bytes: jpeg })),
      ),
    );
    expect([five.status, (await json(five)).fields]).toEqual([400, { photos: TRADE_IN_MESSAGES.photos }]);

    const huge = Buffer.concat([jpeg.subarray(0, 20), Buffer.alloc(10 * 1024 * 1024 + 1, 7)]);
    const big = await send(s, form(FIELDS, [{ name: "big.jpg", bytes: huge }]));
    expect([big.status, (await json(big)).error]).toEqual([413, `big.jpg: ${TRADE_IN_MESSAGES.photoSize}.`]);

    const cut = await send(s, form(FIELDS, [{ name: "cut.jpg", bytes: jpeg.subarray(0, jpeg.length - 40) }]));
    expect([cut.status, (await json(cut)).error]).toEqual([400, expect.stringMatching(/^Photo 1 \(cut\.jpg\): This image could not be read/)]);
    expect(await leadCount(s)).toBe(0);
    expect(await privateFiles(s)).toEqual([]);
  });

  it("bad fields, each named; a foreign page; not multipart; a malformed body; and the server answers after each", async () => {
    const s = await server();
    const bad = await send(s, form({ ...FIELDS, year: "1890", make: "", usage: "-4", email: "ann" }));
    expect([bad.status, (await json(bad)).fields]).toEqual([
      400,
      { email: "Invalid email address", year: TRADE_IN_MESSAGES.year(tradeInYearMax()), make: TRADE_IN_MESSAGES.make, usage: TRADE_IN_MESSAGES.usage },
    ]);
    const unknownCart = await send(s, form({ ...FIELDS, vehicleId: "no-such-cart" }));
    expect([unknownCart.status, Object.keys((await json(unknownCart)).fields!)]).toEqual([400, ["vehicleId"]]);

    const foreign = await send(s, form(FIELDS), { origin: "https://evil.example" });
    expect([foreign.status, (await json(foreign)).code]).toEqual([403, "origin-not-allowed"]);

    const notMultipart = await send(s, JSON.stringify(FIELDS), { "content-type": "application/json" });
    expect([notMultipart.status, (await json(notMultipart)).error]).toEqual([415, expect.stringContaining("multipart/form-data")]);

    const malformed = await send(s, '--x\r\nContent-Disposition: form-data; name="photo"; filename="a.jpg"\r\n\r\nabc', {
      "content-type": "multipart/form-data; boundary=x",
    });
    expect([malformed.status, (await json(malformed)).error]).toEqual([400, "Malformed multipart body."]);
    const noBoundary = await send(s, "abc", { "content-type": "multipart/form-data" });
    expect(noBoundary.status).toBe(400);

    expect(await leadCount(s)).toBe(0);
    expect((await fetch(`${s.url}/api/health`)).status).toBe(200);
    // The JSON contract of POST /api/contact is untouched.
    const plain = await fetch(`${s.url}/api/contact`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ firstName: "Bo", lastName: "Ray", email: "bo@example.com", phone: "302-555-0101", message: "Hello there, a question." }),
    });
    expect(plain.status).toBe(201);
  });

  it("a bot's honeypot gets an id and stores nothing", async () => {
    const s = await server();
    const res = await send(s, form({ ...FIELDS, website: "https://spam.example" }, [{ name: "a.jpg", bytes: await photo }]));
    expect(res.status).toBe(201);
    expect(await leadCount(s)).toBe(0);
    expect(await privateFiles(s)).toEqual([]);
  });
});

describe("GET /api/staff/leads/:id/trade-in-photos/:n", () => {
  it("needs a session (401), refuses a foreign origin (403) and an account of another site (403), and says which photo is missing (404)", async () => {
    const s = await server();
    const res = await send(s, form(FIELDS, [{ name: "a.jpg", bytes: await photo }]));
    const { id } = await json(res);
    const url = `/api/staff/leads/${id}/trade-in-photos/1`;
    expect((await call(s, "GET", url)).status).toBe(401);

    await addAccount(s.dataDir, "owner@example.com", "owner", "owner password 1");
    const cookie = await signIn(s, "owner@example.com", "owner password 1");
    const foreign = await call(s, "GET", url, { cookie, origin: "https://evil.example" });
    expect([foreign.status, (await json(foreign)).error]).toEqual([403, "Trade-in photos are shown only in the staff console."]);
    const crossSite = await call(s, "GET", url, { cookie, headers: { "sec-fetch-site": "cross-site" } });
    expect(crossSite.status).toBe(403);
    expect((await call(s, "GET", url, { cookie, headers: { "sec-fetch-site": "same-origin" } })).status).toBe(200);

    for (const n of ["2", "0", "x", "../1"]) {
      const missing = await call(s, "GET", `/api/staff/leads/${id}/trade-in-photos/${n}`, { cookie });
      expect([missing.status, missing.headers.get("content-type")], n).toEqual([404, expect.stringContaining("application/json")]);
    }
    expect((await call(s, "GET", `/api/staff/leads/nope/trade-in-photos/1`, { cookie })).status).toBe(404);

    // A sales account of another site sees none of this site's leads.
    await s.sites.create(capeMay!);
    await s.staff.accounts.add({ email: "cape@example.com", role: "sales", password: "cape password 11", sites: [capeMay!.id] });
    const cape = await signIn(s, "cape@example.com", "cape password 11");
    expect((await call(s, "GET", url, { cookie: cape })).status).toBe(403);
  });
});
