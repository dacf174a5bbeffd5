/**
 * A restore checks what it unpacked against the backup's manifest, and a failed restore leaves nothing behind: a
 * backup missing a file its manifest counts (leads.json of 3 leads) is refused, naming what is missing, with DATA_DIR
 * untouched; a truncated .tar.gz fails as one, its work folder removed, so the next restore is not refused.
 */
import { mkdir, readFile, readdir, rm, writeFile } from "node:fs/promises";
import path from "node:path";
import { create as createTar, extract as extractTar } from "tar";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { NotABackupError, restoreBackup, writeBackup } from "./data-backup";
import { LEADS_FILE } from "../store/lead-files";
import { postJson, startTestServer, tempDataDir, validLead } from "../testing/test-server";

vi.setConfig({ testTimeout: 60_000, hookTimeout: 60_000 });

const place = (dataDir: string) => ({ dataDir, photosDir: path.join(dataDir, "photos"), databaseUrl: null });

describe("restore checks", () => {
  let root: string;
  let backup: string;
  beforeAll(async () => {
    root = await tempDataDir();
    const s = await startTestServer({}, path.join(root, "data"));
    try {
      for (let i = 0; i < 3; i++) expect((await postJson(`${s.url}/api/contact`, validLead({ firstName: `Visitor ${i}` }))).status).toBe(201);
    } finally {
      await s.close();
    }
    backup = path.join(root, "good.tar.gz");
    expect((await writeBackup(place(path.join(root, "data")), backup)).counts.leads).toBe(3);
  });
  afterAll(() => rm(root, { recursive: true, force: true }));

  it("refuses a backup whose files do not hold what its manifest counts, restoring nothing", async () => {
    const unpacked = path.join(root, "unpacked");
    await rm(unpacked, { recursive: true, force: true });
    await mkdir(unpacked);
    await extractTar({ file: backup, cwd: unpacked });
    await rm(path.join(unpacked, LEADS_FILE));
    const broken = path.join(root, "no-leads.tar.gz");
    await createTar({ gzip: true, file: broken, cwd: unpacked, portable: true }, await readdir(unpacked));

    const target = path.join(root, "target-a");
    const refused = restoreBackup(broken, place(target));
    await expect(refused).rejects.toThrow(NotABackupError);
    await expect(refused).rejects.toThrow(/leads: 3 in its manifest, 0 in the archive/);
    expect(await readdir(target)).toEqual([]);
  });

  it("fails on a truncated archive as one, leaving no work folder, so the next restore goes ahead", async () => {
    const whole = await readFile(backup);
    const truncated = path.join(root, "truncated.tar.gz");
    await writeFile(truncated, whole.subarray(0, Math.floor(whole.length * 0.6)));
    const target = path.join(root, "target-b");
    await expect(restoreBackup(truncated, place(target))).rejects.toThrow(/is not a readable \.tar\.gz/);
    expect(await readdir(target)).toEqual([]);
    const restored = await restoreBackup(backup, place(target));
    expect(restored.restored.leads).toBe(3);
  });
});
