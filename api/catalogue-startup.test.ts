/**
 * The example catalogue is seeded on a first start only: a data folder a server has run on, whose catalogue.json is
 * gone, is refused at start-up with a message naming the file, and left as it was; a new folder (or one holding only
 * the staff accounts `npm run staff` made before the first start) is seeded.
 */
import { access, readdir, rm } from "node:fs/promises";
import path from "node:path";
import { afterAll, expect, it, vi } from "vitest";
import { CATALOGUE_FILE, CATALOGUE_JOURNAL } from "./store/catalogue-files";
import { addAccount } from "./testing/staff-client";
import { startServerProcess } from "./testing/server-process";
import { tempDataDir } from "./testing/test-server";

vi.setConfig({ testTimeout: 120_000 });
const dirs: string[] = [];
afterAll(() => Promise.all(dirs.map((d) => rm(d, { recursive: true, force: true }))));

it("refuses to start, naming catalogue.json, on a folder a server ran on whose catalogue is gone; seeds a new one", async () => {
  const dataDir = await tempDataDir();
  dirs.push(dataDir);
  await addAccount(dataDir, "sales@example.com", "sales", "sales password 1");
  const first = startServerProcess(dataDir);
  const url = await first.url;
  expect(((await (await fetch(`${url}/api/vehicles`)).json()) as unknown[]).length).toBeGreaterThan(0);
  first.child.kill("SIGTERM");
  await first.exited;

  for (const gone of [[CATALOGUE_FILE], [CATALOGUE_FILE, CATALOGUE_JOURNAL]]) {
    for (const name of gone) await rm(path.join(dataDir, name), { force: true });
    const files = (await readdir(dataDir)).sort();
    const again = startServerProcess(dataDir);
    const outcome = await Promise.race([
      again.exited,
      again.url.then(
        () => "listening",
        () => "exited",
      ),
    ]);
    if (outcome === "listening") again.child.kill("SIGTERM");
    expect(outcome, again.output()).not.toBe("listening");
    expect(await again.exited).toBe(1);
    expect(again.output()).toContain(`Data file ${path.join(dataDir, CATALOGUE_FILE)} is missing: the data folder holds`);
    expect(again.output()).toContain("rentals.json");
    // Nothing seeded nor written.
    expect((await readdir(dataDir)).sort()).toEqual(files);
    await expect(access(path.join(dataDir, CATALOGUE_FILE))).rejects.toThrow();
  }
});
