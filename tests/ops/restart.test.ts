import { mkdtemp, readFile, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { STAMP_FILE } from "../../scripts/build-stamp.mjs";
import { killLeftovers, requireCurrentBuild, ROOT, startServer } from "./server-process";

const dirs: string[] = [];
afterEach(async () => {
  killLeftovers();
  for (const d of dirs.splice(0)) await rm(d, { recursive: true, force: true });
});
beforeAll(() => requireCurrentBuild());

describe("npm start with a current build", () => {
  it("serves the build as it is and answers GET /api/health within 2 s of the start", async () => {
    const dataDir = await mkdtemp(path.join(os.tmpdir(), "gc-restart-"));
    dirs.push(dataDir);
    // A first start creates the data files, as a restart finds them.
    const first = await startServer("npm", ["start"], { dataDir });
    await first.ready;
    first.signal("SIGTERM");
    await first.waitFor("[server] stopped: every write is on disk");
    await first.exited;

    const stamp = await readFile(path.join(ROOT, STAMP_FILE), "utf8");
    const began = performance.now();
    const restart = await startServer("npm", ["start"], { dataDir });
    let health: Response | undefined;
    // Ask as a proxy's health check would, from the moment the process is started, until it answers.
    await Promise.race([
      restart.exited.then((code) => {
        throw new Error(`npm start exited with ${code}:\n${restart.output()}`);
      }),
      (async () => {
        for (;;) {
          health = await fetch(`${restart.url}/api/health`).catch(() => undefined);
          if (health) return;
          await new Promise((r) => setImmediate(r));
        }
      })(),
    ]);
    const tookMs = performance.now() - began;
    expect(health!.status).toBe(200);
    expect(restart.output()).toContain("is current: serving it");
    expect(restart.output()).not.toContain("[build]");
    // Nothing was built: the stamp is the one the last build wrote.
    expect(await readFile(path.join(ROOT, STAMP_FILE), "utf8")).toBe(stamp);
    console.log(`[restart] npm start → GET /api/health 200 in ${Math.round(tookMs)} ms`);
    expect(tookMs).toBeLessThan(2000);
  });
});
