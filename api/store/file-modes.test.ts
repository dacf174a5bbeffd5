import { chmod, mkdir, readdir, rm, stat } from "node:fs/promises";
import path from "node:path";
import sharp from "sharp";
import { afterAll, describe, expect, it, vi } from "vitest";
import { restoreBackup, writeBackup } from "../backup/data-backup";
import { addAccount, call, signIn } from "../testing/staff-client";
import { postJson, startTestServer, tempDataDir, validLead } from "../testing/test-server";
import { widgetReleases } from "../widget-releases";

vi.setConfig({ testTimeout: 60_000 });

const OWNER = { email: "owner@example.com", password: "owner password 1" };
const roots: string[] = [];
afterAll(async () => {
  for (const r of roots) await rm(r, { recursive: true, force: true });
});

/** Every folder and file under `dir` (the folder itself included) with its permission bits, as `ls -l` shows them. */
async function modes(dir: string): Promise<Record<string, string>> {
  const found: Record<string, string> = { ".": ((await stat(dir)).mode & 0o777).toString(8) };
  for (const e of await readdir(dir, { recursive: true, withFileTypes: true })) {
    const file = path.join(e.parentPath, e.name);
    found[path.relative(dir, file)] = ((await stat(file)).mode & 0o777).toString(8);
  }
  return found;
}

/** What is not 0700 (folders) or 0600 (files); the kept widget releases' scripts are public files, copied as built. */
async function notPrivate(dir: string): Promise<Record<string, string>> {
  const found = await modes(dir);
  const wrong: Record<string, string> = {};
  for (const [name, mode] of Object.entries(found)) {
    const isDir = (await stat(path.join(dir, name))).isDirectory();
    if (!isDir && name.startsWith("widget-releases/")) continue;
    if (mode !== (isDir ? "700" : "600")) wrong[name] = mode;
  }
  return wrong;
}

describe("data files on disk", () => {
  it("are 0600 in 0700 folders, in a DATA_DIR the first start creates, and after a backup's restore", async () => {
    const root = await tempDataDir();
    roots.push(root);
    const dataDir = path.join(root, "new", "data");
    const s = await startTestServer({}, dataDir);
    try {
      await widgetReleases(path.join(root, "no-build"), dataDir);
      // Every store writes: a lead, an account, a session and its audit line, an added origin, a photo.
      expect((await postJson(`${s.url}/api/contact`, validLead())).status).toBe(201);
      await addAccount(dataDir, OWNER.email, "owner", OWNER.password);
      const cookie = await signIn(s, OWNER.email, OWNER.password);
      expect((await call(s, "PUT", "/api/staff/origins", { cookie, body: { added: ["https://partner.example"] } })).status).toBe(200);
      const jpeg = await sharp({ create: { width: 64, height: 48, channels: 3, background: "#0a0" } })
        .jpeg()
        .toBuffer();
      const form = new FormData();
      form.append("photo", new Blob([new Uint8Array(jpeg)], { type: "image/jpeg" }), "photo.jpg");
      const photo = await fetch(`${s.url}/api/staff/vehicles/denago-ev-city/photos`, { method: "POST", headers: { cookie, origin: s.origin }, body: form });
      expect(photo.status).toBe(201);
    } finally {
      await s.close();
    }
    const written = Object.keys(await modes(dataDir));
    for (const name of ["leads.json", "staff-accounts.json", "photos/originals"]) expect(written.some((w) => w.startsWith(name))).toBe(true);
    expect(await notPrivate(dataDir)).toEqual({});
    expect((await stat(path.join(root, "new"))).mode & 0o777).toBe(0o700);

    const backup = path.join(root, "backups", "gc.tar.gz");
    await writeBackup({ dataDir, photosDir: path.join(dataDir, "photos"), databaseUrl: null }, backup);
    expect(((await stat(backup)).mode & 0o777).toString(8)).toBe("600");
    expect(((await stat(path.dirname(backup))).mode & 0o777).toString(8)).toBe("700");
    const restored = path.join(root, "restored", "data");
    await restoreBackup(backup, { dataDir: restored, photosDir: path.join(restored, "photos"), databaseUrl: null });
    expect(await notPrivate(restored)).toEqual({});
  });
});

describe("the data folder", () => {
  it("is made 0700 at start when it exists with a mode others may read (a folder made by hand is 0755)", async () => {
    const root = await tempDataDir();
    roots.push(root);
    const dataDir = path.join(root, "by-hand");
    await mkdir(dataDir, { mode: 0o755 });
    await chmod(dataDir, 0o755);
    const s = await startTestServer({}, dataDir);
    await s.close();
    expect(((await stat(dataDir)).mode & 0o777).toString(8)).toBe("700");
    expect(await notPrivate(dataDir)).toEqual({});
  });
});
