import { spawnSync } from "node:child_process";
import { mkdir, readdir, rm, stat, writeFile } from "node:fs/promises";
import { request } from "node:http";
import path from "node:path";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { parsePhoto, PHOTO_WIDTHS, photoFiles } from "../domain/photo";
import type { Vehicle } from "../domain/vehicle";
import { hasGps, phoneJpeg, pngClaiming } from "./testing/phone-photo";
import { addAccount, call, readTree, signIn } from "./testing/staff-client";
import { startTestServer, type TestServer } from "./testing/test-server";
import { openPhotoStore } from "./store/photo-store";

vi.setConfig({ testTimeout: 120_000, hookTimeout: 120_000 });

const SALES = { email: "sales@example.com", password: "sales password 1" };
const ID = "denago-ev-city";

let s: TestServer;
let cookie: string;
let phone: Buffer;
beforeAll(async () => {
  s = await startTestServer();
  await addAccount(s.dataDir, SALES.email, "sales", SALES.password);
  cookie = await signIn(s, SALES.email, SALES.password);
  phone = await phoneJpeg();
});
afterAll(() => s.close());

/** POST one file in the multipart field `field` (default photo), as the console does. */
function upload(
  bytes: Uint8Array,
  { name = "photo.jpg", type = "image/jpeg", field = "photo", origin = s.origin, session = cookie as string | null, id = ID } = {},
) {
  const form = new FormData();
  form.append(field, new Blob([new Uint8Array(bytes)], { type }), name);
  const headers: Record<string, string> = { origin };
  if (session) headers.cookie = session;
  return fetch(`${s.url}/api/staff/vehicles/${id}/photos`, { method: "POST", headers, body: form });
}
const vehicle = async (id = ID) => (await (await call(s, "GET", `/api/staff/vehicles/${id}`, { cookie })).json()) as Vehicle;
const photosOnDisk = async () => (await readTree(path.join(s.dataDir, "photos")).catch(() => new Map())).size;

describe("POST /api/staff/vehicles/:id/photos", () => {
  it("answers 401 without a session and 403 from a foreign Origin, storing nothing", async () => {
    const before = await vehicle();
    const tiny = await sharp({ create: { width: 8, height: 8, channels: 3, background: "#c00" } })
      .jpeg()
      .toBuffer();
    const anonymous = await upload(tiny, { session: null });
    expect(anonymous.status).toBe(401);
    expect((await anonymous.json()).error).toBeTruthy();
    const foreign = await upload(tiny, { origin: "https://evil.example" });
    expect(foreign.status).toBe(403);
    expect((await foreign.json()).error).toBeTruthy();
    expect(await vehicle()).toEqual(before);
    expect(await photosOnDisk()).toBe(0);
    // The same upload, signed in and from the site itself, is taken: the guards, not the file, refused it.
    const taken = await upload(tiny);
    expect(taken.status).toBe(201);
    const images = ((await taken.json()) as Vehicle).images;
    const photoSrc = images.find((src) => parsePhoto(src))!;
    // Put back as it was, for the tests below.
    const etag = taken.headers.get("etag")!;
    const undo = await call(s, "PUT", `/api/staff/vehicles/${ID}`, {
      cookie,
      headers: { "if-match": etag },
      body: { ...before, images: images.filter((i) => i !== photoSrc) },
    });
    expect(undo.status).toBe(200);
    await openPhotoStore(s.dataDir).sweep((await vehicle()).images);
    expect(await photosOnDisk()).toBe(0);
  });

  it("stores a 12 MP phone JPEG upright, in AVIF and WebP at 480/640/960/1600 px and a 1200 px JPEG, with no metadata left, and answers 201 with the vehicle", async () => {
    const input = await sharp(phone).metadata();
    expect([input.width, input.height, input.orientation, hasGps(input.exif)]).toEqual([4032, 3024, 6, true]);

    const drawings = (await vehicle()).images;
    const res = await upload(phone);
    expect(res.status).toBe(201);
    const v = (await res.json()) as Vehicle;
    expect(res.headers.get("etag")).toBeTruthy();
    const src = v.images[0]!;
    expect(src).toMatch(/^\/photos\/[0-9a-f]{20}-3024x4032\.jpg$/);
    // The drawings stay in the list, after the photos (shown again if every photo is removed).
    expect(v.images.slice(1)).toEqual(drawings);
    // The public API and the audit say so too.
    expect(((await (await fetch(`${s.url}/api/vehicles/${ID}`)).json()) as Vehicle).images[0]).toBe(src);

    const photo = parsePhoto(src)!;
    const served = photoFiles(photo);
    expect(served.sort()).toEqual(
      [480, 640, 960, 1600]
        .flatMap((w) => [`${photo.key}-${w}.avif`, `${photo.key}-${w}.webp`])
        .concat(`${photo.key}.jpg`)
        .sort(),
    );
    for (const name of served) {
      const file = await fetch(`${s.url}/photos/${name}`);
      expect(file.status, name).toBe(200);
      expect(file.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
      expect(file.headers.get("cross-origin-resource-policy")).toBe("cross-origin");
      const bytes = Buffer.from(await file.arrayBuffer());
      const meta = await sharp(bytes).metadata();
      const format = name.split(".").pop()!;
      expect(file.headers.get("content-type")).toBe({ avif: "image/avif", webp: "image/webp", jpg: "image/jpeg" }[format]);
      const width = format === "jpg" ? 1200 : Number(/-(\d+)\.\w+$/.exec(name)![1]);
      expect([meta.width, meta.height], name).toEqual([width, Math.round((width * 4032) / 3024)]);
      // No EXIF (no GPS, no orientation flag), no XMP, no IPTC left.
      expect([meta.exif, meta.xmp, meta.iptc, meta.orientation], name).toEqual([undefined, undefined, undefined, undefined]);
      expect(bytes.includes(Buffer.from("Exif\0\0")), name).toBe(false);
      expect(bytes.includes(Buffer.from("PhoneMaker")), name).toBe(false);
    }
    // Upright: the band stored along the top is down the right side once turned as the phone said.
    const { data, info } = await sharp(Buffer.from(await (await fetch(`${s.url}/photos/${photo.key}-480.webp`)).arrayBuffer()))
      .raw()
      .toBuffer({ resolveWithObject: true });
    const rgb = (x: number, y: number) => [...data.subarray((y * info.width + x) * info.channels, (y * info.width + x) * info.channels + 3)];
    const mid = Math.floor(info.height / 2);
    const [r1, , b1] = rgb(info.width - 10, mid);
    const [r2, , b2] = rgb(10, mid);
    expect(r1! - b1!).toBeGreaterThan(80); // red down the right side
    expect(b2! - r2!).toBeGreaterThan(80); // blue on the left
    // The original is kept, privately, in its hash's sub-folder: not under /photos.
    const originals = await readdir(path.join(s.dataDir, "photos/originals", photo.hash.slice(0, 2)));
    expect(originals).toEqual([`${photo.hash}.jpeg`]);
    expect((await fetch(`${s.url}/photos/../originals/${originals[0]}`)).status).not.toBe(200);
    expect((await fetch(`${s.url}/photos/originals/${originals[0]}`)).status).toBe(404);
  });

  it("refuses what is not a JPEG, PNG or WebP by its content with 415, whatever its name or type, and stores nothing", async () => {
    const before = await vehicle();
    const files = await photosOnDisk();
    const cases: [string, Uint8Array, string][] = [
      ["cart.svg", Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script></svg>'), "image/svg+xml"],
      ["cart.jpg", Buffer.from("<!doctype html><html><body><script>alert(1)</script></body></html>"), "image/jpeg"],
      ["brochure.pdf", Buffer.from("%PDF-1.7\n1 0 obj << /Type /Catalog >> endobj\n%%EOF\n"), "application/pdf"],
      ["empty.jpg", Buffer.alloc(0), "image/jpeg"],
    ];
    for (const [name, bytes, type] of cases) {
      const res = await upload(bytes, { name, type });
      expect(res.status, name).toBe(415);
      expect(res.headers.get("content-type")).toMatch(/^application\/json/);
      expect((await res.json()).error).toBe("This file is not a photo we can use: upload a JPEG, PNG or WebP image.");
    }
    const notMultipart = await call(s, "POST", `/api/staff/vehicles/${ID}/photos`, { cookie, body: { photo: "x" } });
    expect(notMultipart.status).toBe(415);
    expect(await vehicle()).toEqual(before);
    expect(await photosOnDisk()).toBe(files);
  });

  it("refuses a photo with a web page, a script, an archive or a PDF hidden in it with 415, in words, and stores nothing", async () => {
    const before = await vehicle();
    const files = await photosOnDisk();
    const jpeg = await sharp({ create: { width: 8, height: 8, channels: 3, background: "#0a0" } })
      .jpeg()
      .toBuffer();
    const zipEnd = Buffer.from([0x50, 0x4b, 0x05, 0x06, ...new Array(18).fill(0)]);
    for (const bytes of [Buffer.concat([jpeg, Buffer.from("<script>fetch('/api/staff/leads')</script>")]), Buffer.concat([jpeg, zipEnd])]) {
      const res = await upload(bytes);
      expect(res.status).toBe(415);
      expect((await res.json()).error).toBe(
        "This file is an image with something else hidden in it (a web page, a script, an archive or a PDF), so it was refused. Take or export the photo again and send that.",
      );
    }
    expect(await vehicle()).toEqual(before);
    expect(await photosOnDisk()).toBe(files);
  });

  it("answers 413 over 25 MB, 400 over 50 megapixels or for an image that does not decode, stores nothing, and keeps answering", async () => {
    const before = await vehicle();
    const files = await photosOnDisk();
    const huge = Buffer.alloc(25 * 1024 * 1024 + 1, 7);
    huge.set([0xff, 0xd8, 0xff, 0xe0]);
    const tooBig = await upload(huge);
    expect(tooBig.status).toBe(413);
    expect((await tooBig.json()).error).toMatch(/larger than 25 MB/);

    const bomb = await upload(await pngClaiming(100_000, 100_000), { name: "bomb.png", type: "image/png" });
    expect(bomb.status).toBe(400);
    expect((await bomb.json()).error).toMatch(/10000 megapixels; the most we accept is 50/);
    const fiftyOne = await upload(await pngClaiming(8500, 6000), { name: "big.png", type: "image/png" });
    expect(fiftyOne.status).toBe(400);
    expect((await fiftyOne.json()).error).toMatch(/51 megapixels/);

    const truncated = await upload(phone.subarray(0, Math.floor(phone.length / 2)));
    expect(truncated.status).toBe(400);
    expect((await truncated.json()).error).toMatch(/could not be read/);

    const health = await fetch(`${s.url}/api/health`);
    expect(health.status).toBe(200);
    expect(await vehicle()).toEqual(before);
    expect(await photosOnDisk()).toBe(files);
  });

  it("stores nothing for an upload cut off half-way", async () => {
    const before = await vehicle();
    const files = await photosOnDisk();
    const boundary = "----cut";
    const head = Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="photo"; filename="p.jpg"\r\nContent-Type: image/jpeg\r\n\r\n`);
    const { port } = new URL(s.url);
    await new Promise<void>((resolve) => {
      const req = request({
        host: "127.0.0.1",
        port,
        method: "POST",
        path: `/api/staff/vehicles/${ID}/photos`,
        headers: { origin: s.origin, cookie, "content-type": `multipart/form-data; boundary=${boundary}`, "content-length": String(phone.length + 500) },
      });
      req.on("error", () => resolve());
      req.on("close", () => resolve());
      req.write(head);
      req.write(phone.subarray(0, 1_000_000), () => setImmediate(() => req.destroy()));
    });
    // The server answers the next request, and nothing of the cut upload is kept.
    expect(await vehicle()).toEqual(before);
    expect(await photosOnDisk()).toBe(files);
  });

  it("the same photo again: 200 with the vehicle as it was, nothing added and no history entry", async () => {
    const before = await call(s, "GET", `/api/staff/vehicles/${ID}`, { cookie });
    const v = (await before.json()) as Vehicle;
    expect(v.images.filter((i) => parsePhoto(i))).toHaveLength(1);
    const files = await photosOnDisk();
    const history = async () => (await (await call(s, "GET", "/api/staff/audit", { cookie })).json()) as { entries: unknown[] };
    const entries = (await history()).entries.length;
    const again = await upload(phone, { name: "the same photo.jpg" });
    expect(again.status).toBe(200);
    expect(await again.json()).toEqual(v);
    expect(again.headers.get("etag")).toBe(before.headers.get("etag"));
    expect(await photosOnDisk()).toBe(files);
    expect((await history()).entries).toHaveLength(entries);
  });

  it("404 for an unknown vehicle, without storing the file", async () => {
    const files = await photosOnDisk();
    const res = await upload(phone, { id: "no-such-cart" });
    expect(res.status).toBe(404);
    expect(await photosOnDisk()).toBe(files);
  });
});

describe("the images list: order and removal by PUT with If-Match", () => {
  it("reorders (first = main) and removes photos; refuses a photo path that is not stored", async () => {
    const png = await sharp({ create: { width: 800, height: 600, channels: 4, background: { r: 0, g: 128, b: 0, alpha: 0.5 } } })
      .png()
      .toBuffer();
    const added = await upload(png, { name: "green.png", type: "image/png" });
    expect(added.status).toBe(201);
    const v = (await added.json()) as Vehicle;
    const photos = v.images.filter((i) => parsePhoto(i));
    expect(photos).toHaveLength(2);
    expect(parsePhoto(photos[1]!)).toMatchObject({ width: 800, height: 600 });
    // A small photo is served at its own width, never enlarged.
    expect((await fetch(`${s.url}/photos/${parsePhoto(photos[1]!)!.key}-800.avif`)).status).toBe(200);

    const etag = added.headers.get("etag")!;
    const swapped = await call(s, "PUT", `/api/staff/vehicles/${ID}`, {
      cookie,
      headers: { "if-match": etag },
      body: { ...v, images: [photos[1], photos[0]] },
    });
    expect(swapped.status).toBe(200);
    expect(((await swapped.json()) as Vehicle).images).toEqual([photos[1], photos[0]]);
    const stale = await call(s, "PUT", `/api/staff/vehicles/${ID}`, { cookie, headers: { "if-match": etag }, body: { ...v, images: [photos[0]] } });
    expect(stale.status).toBe(412);

    const bogus = photos[0]!.replace(/^\/photos\/[0-9a-f]{4}/, "/photos/0000");
    const dangling = await call(s, "PUT", `/api/staff/vehicles/${ID}`, {
      cookie,
      headers: { "if-match": swapped.headers.get("etag")! },
      body: { ...v, images: [bogus] },
    });
    expect(dangling.status).toBe(400);
    expect((await dangling.json()).fields).toEqual({ "images.0": "This photo is not stored here: upload it instead" });

    const removed = await call(s, "PUT", `/api/staff/vehicles/${ID}`, {
      cookie,
      headers: { "if-match": swapped.headers.get("etag")! },
      body: { ...v, images: [photos[1]] },
    });
    expect(removed.status).toBe(200);
    expect(((await removed.json()) as Vehicle).images).toEqual([photos[1]]);
  });

  it("at start-up, removes what an interrupted upload left and the files of photos no vehicle names", async () => {
    const store = openPhotoStore(s.dataDir);
    await mkdir(path.join(store.dir, ".tmp-leftover"), { recursive: true });
    await writeFile(path.join(store.dir, ".tmp-leftover/half.avif"), "half");
    const kept = (await vehicle()).images;
    const { removed } = await store.sweep(kept);
    expect(removed).toContain(".tmp-leftover");
    // The photo removed from the vehicle above goes; the one it shows stays whole.
    // The phone photo's files: AVIF and WebP at each width, and its JPEG.
    expect(removed.filter((f) => f.startsWith("public/")).length).toBe(2 * PHOTO_WIDTHS.length + 1);
    expect(store.complete(kept[0]!)).toBe(true);
    expect((await fetch(`${s.url}/photos/${parsePhoto(kept[0]!)!.key}.jpg`)).status).toBe(200);
  });

  it("npm run photos -- regenerate encodes a photo's files again from its kept original", async () => {
    const [src] = (await vehicle()).images;
    const photo = parsePhoto(src!)!;
    const lost = path.join(s.dataDir, "photos/public", photo.hash.slice(0, 2), `${photo.key}-480.avif`);
    const size = (await stat(lost)).size;
    await rm(lost);
    expect(openPhotoStore(s.dataDir).complete(src!)).toBe(false);
    const run = spawnSync(process.execPath, ["--import", "tsx", "api/cli/photos.ts", "regenerate", "--id", ID], {
      env: { ...process.env, DATA_DIR: s.dataDir },
      encoding: "utf8",
      timeout: 60_000,
    });
    expect(run.status, run.stderr).toBe(0);
    expect(run.stdout).toContain(`${ID}: ${src}`);
    expect(run.stdout).toContain("1 photo(s) regenerated");
    expect((await stat(lost)).size).toBe(size);
    expect((await fetch(`${s.url}/photos/${photo.key}-480.avif`)).status).toBe(200);
  });
});
