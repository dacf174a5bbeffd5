/**
 * How photo files are kept (docs/decisions/0065): a large original re-encoded once into fewer bytes
 * (PHOTO_ORIGINALS=reencode, the default), kept as sent (keep) or not at all (drop); every file written in a
 * sub-folder named by its hash's first two characters; and a photo stored in the flat layout of earlier releases
 * still served, kept by the start-up sweep, backed up and restored. Real JPEGs through the real upload route.
 */
import { mkdir, mkdtemp, readdir, readFile, rename, rm, stat } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { parsePhoto, photoFiles, type Photo } from "../domain/photo";
import type { Vehicle } from "../domain/vehicle";
import { restoreBackup, writeBackup } from "./backup/data-backup";
import { ORIGINAL_REENCODE_BYTES } from "./photos/pipeline";
import { openPhotoStore } from "./store/photo-store";
import { phoneJpeg } from "./testing/phone-photo";
import { addAccount, signIn } from "./testing/staff-client";
import { startTestServer, type TestServer } from "./testing/test-server";

vi.setConfig({ testTimeout: 180_000, hookTimeout: 180_000 });

const SALES = { email: "sales@example.com", password: "sales password 1" };
const ID = "denago-ev-city";

let phone: Buffer;
beforeAll(async () => {
  // A 12 MP phone JPEG, about 3 MB: well past the size where an original is re-encoded.
  phone = await phoneJpeg();
  expect(phone.length).toBeGreaterThan(2 * ORIGINAL_REENCODE_BYTES);
});

async function serverWith(env: Record<string, string> = {}, dataDir?: string) {
  const s = await startTestServer(env, dataDir);
  if (!dataDir) await addAccount(s.dataDir, SALES.email, "sales", SALES.password);
  return { s, cookie: await signIn(s, SALES.email, SALES.password) };
}

async function upload(s: TestServer, cookie: string, bytes: Buffer): Promise<Response> {
  const form = new FormData();
  form.append("photo", new Blob([new Uint8Array(bytes)], { type: "image/jpeg" }), "photo.jpg");
  return fetch(`${s.url}/api/staff/vehicles/${ID}/photos`, { method: "POST", headers: { origin: s.origin, cookie }, body: form });
}

/** Uploads `bytes` and answers the photo it added. */
async function uploaded(s: TestServer, cookie: string, bytes: Buffer): Promise<Photo> {
  const res = await upload(s, cookie, bytes);
  expect(res.status).toBe(201);
  // A new photo goes after the vehicle's other photos: the last one.
  return ((await res.json()) as Vehicle).images.flatMap((src) => parsePhoto(src) ?? []).at(-1)!;
}

/** Every file the site serves for the photo answers 200 with an image's bytes. */
async function expectServed(s: TestServer, photo: Photo) {
  for (const name of photoFiles(photo)) {
    const res = await fetch(`${s.url}/photos/${name}`);
    expect(res.status, name).toBe(200);
    expect((await sharp(Buffer.from(await res.arrayBuffer())).metadata()).width, name).toBeGreaterThan(0);
  }
}

describe("PHOTO_ORIGINALS=reencode (the default), and files in sub-folders", () => {
  let s: TestServer;
  let cookie: string;
  beforeAll(async () => ({ s, cookie } = await serverWith()));
  afterAll(() => s?.close());

  it("keeps a large original in fewer bytes, upright and without its GPS, at its full size, and serves every file from the photo's sub-folder", async () => {
    const photo = await uploaded(s, cookie, phone);
    const shard = photo.hash.slice(0, 2);
    const photos = path.join(s.dataDir, "photos");
    // Every new file is in its hash's sub-folder; none in the flat folders.
    expect((await readdir(path.join(photos, "public"))).sort()).toEqual([shard]);
    expect((await readdir(path.join(photos, "public", shard))).sort()).toEqual(photoFiles(photo).sort());
    expect(await readdir(path.join(photos, "originals"))).toEqual([shard]);
    const [kept] = await readdir(path.join(photos, "originals", shard));
    expect(kept).toBe(`${photo.hash}.jpeg`);
    const original = await readFile(path.join(photos, "originals", shard, kept!));
    expect(original.length).toBeLessThan(phone.length);
    const meta = await sharp(original).metadata();
    // Turned upright once (the phone stored it sideways), full size, with no EXIF left.
    expect([meta.width, meta.height, meta.orientation, meta.exif]).toEqual([3024, 4032, undefined, undefined]);
    console.info(`original kept: ${phone.length} → ${original.length} bytes (${((100 * original.length) / phone.length).toFixed(0)}%)`);
    await expectServed(s, photo);

    // The same upload again is found stored (its re-encoding is the same bytes): 200, nothing added.
    const again = await upload(s, cookie, phone);
    expect(again.status).toBe(200);
    expect((await readdir(path.join(photos, "originals", shard))).length).toBe(1);
  });

  it("keeps a small original as it was sent", async () => {
    const small = await sharp({ create: { width: 640, height: 480, channels: 3, background: "#2a6" } })
      .jpeg({ quality: 95 })
      .toBuffer();
    expect(small.length).toBeLessThan(ORIGINAL_REENCODE_BYTES);
    const photo = await uploaded(s, cookie, small);
    expect(await readFile(path.join(s.dataDir, "photos/originals", photo.hash.slice(0, 2), `${photo.hash}.jpeg`))).toEqual(small);
    await expectServed(s, photo);
  });
});

describe("PHOTO_ORIGINALS=keep and drop", () => {
  it("keep: the original byte for byte; drop: none, and the photo is still stored whole and served", async () => {
    const keep = await serverWith({ PHOTO_ORIGINALS: "keep" });
    try {
      const photo = await uploaded(keep.s, keep.cookie, phone);
      expect(await readFile(path.join(keep.s.dataDir, "photos/originals", photo.hash.slice(0, 2), `${photo.hash}.jpeg`))).toEqual(phone);
    } finally {
      await keep.s.close();
    }
    const drop = await serverWith({ PHOTO_ORIGINALS: "drop" });
    try {
      const photo = await uploaded(drop.s, drop.cookie, phone);
      expect(await readdir(path.join(drop.s.dataDir, "photos/originals")).catch(() => [])).toEqual([]);
      await expectServed(drop.s, photo);
      expect(drop.s.photos.complete(`/photos/${photo.key}.jpg`)).toBe(true);
    } finally {
      await drop.s.close();
    }
  });
});

describe("a photo stored in the flat layout of earlier releases", () => {
  it("is served, kept by the start-up sweep, backed up and restored, and served again from the restored folder", async () => {
    const dataDir = await mkdtemp(path.join(os.tmpdir(), "gc-flat-photos-"));
    const restoredDir = await mkdtemp(path.join(os.tmpdir(), "gc-flat-restored-"));
    const archive = path.join(await mkdtemp(path.join(os.tmpdir(), "gc-flat-archive-")), "backup.tar.gz");
    try {
      let s = await startTestServer({}, dataDir);
      await addAccount(dataDir, SALES.email, "sales", SALES.password);
      let cookie = await signIn(s, SALES.email, SALES.password);
      const photo = await uploaded(s, cookie, phone);
      const src = `/photos/${photo.key}.jpg`;
      await s.close();

      // As an earlier release left it: every file straight in public/ and originals/.
      const photos = path.join(dataDir, "photos");
      const shard = photo.hash.slice(0, 2);
      for (const folder of ["public", "originals"]) {
        for (const name of await readdir(path.join(photos, folder, shard)))
          await rename(path.join(photos, folder, shard, name), path.join(photos, folder, name));
        await rm(path.join(photos, folder, shard), { recursive: true });
      }
      expect((await readdir(path.join(photos, "public"))).sort()).toEqual(photoFiles(photo).sort());

      ({ s, cookie } = await serverWith({}, dataDir));
      try {
        expect(s.photos.complete(src)).toBe(true);
        // The start-up sweep keeps the files of a photo a vehicle shows, in either layout.
        expect((await openPhotoStore(dataDir).sweep([src])).removed).toEqual([]);
        await expectServed(s, photo);
        // The same photo uploaded again is found where it is, not written a second time.
        expect((await upload(s, cookie, phone)).status).toBe(200);
        expect(await readdir(path.join(photos, "public", shard)).catch(() => [])).toEqual([]);
      } finally {
        await s.close();
      }

      await writeBackup({ dataDir, photosDir: photos, databaseUrl: null }, archive);
      await rm(restoredDir, { recursive: true, force: true });
      await mkdir(restoredDir);
      await restoreBackup(archive, { dataDir: restoredDir, photosDir: path.join(restoredDir, "photos"), databaseUrl: null });
      const restoredFiles = (await readdir(path.join(restoredDir, "photos/public"), { withFileTypes: true })).filter((e) => e.isFile()).map((e) => e.name);
      expect(restoredFiles.sort()).toEqual(photoFiles(photo).sort());
      expect((await stat(path.join(restoredDir, "photos/originals", `${photo.hash}.jpeg`))).size).toBeGreaterThan(0);
      const restored = await startTestServer({}, restoredDir);
      try {
        expect(restored.photos.complete(src)).toBe(true);
        await expectServed(restored, photo);
      } finally {
        await restored.close();
      }
    } finally {
      for (const dir of [dataDir, restoredDir, path.dirname(archive)]) await rm(dir, { recursive: true, force: true });
    }
  });
});
