/**
 * GET /api/health on a data folder whose disk is full: 503 with the reason, though an empty file can still be made
 * there, and 200 again once there is room. The disk is a real small filesystem (tmpfs, mounted for the test, which
 * needs root: skipped, saying so, elsewhere).
 */
import { execFileSync } from "node:child_process";
import { mkdtemp, open, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, expect, it, vi } from "vitest";
import { startTestServer, type TestServer } from "./testing/test-server";

vi.setConfig({ testTimeout: 60_000, hookTimeout: 60_000 });

let disk: string | null = null;
let unavailable: string | null = null;
let s: TestServer | undefined;
beforeAll(async () => {
  const dir = await mkdtemp(path.join(os.tmpdir(), "gc-small-disk-"));
  try {
    execFileSync("mount", ["-t", "tmpfs", "-o", "size=16m,mode=0700", "tmpfs", dir], { stdio: "pipe" });
    disk = dir;
  } catch (err) {
    unavailable = `cannot mount a small tmpfs here (${(err as Error).message.split("\n")[0]})`;
    console.warn(`[test] full-disk health test skipped: ${unavailable}`);
    await rm(dir, { recursive: true, force: true });
  }
});
afterAll(async () => {
  await s?.close();
  if (disk) {
    // Lazily: the catalogue's journal stays open until the test process ends.
    execFileSync("umount", ["-l", disk]);
    await rm(disk, { recursive: true, force: true });
  }
});

/** Fill the disk to its last block: what a full disk is. */
async function fill(file: string) {
  const handle = await open(file, "w");
  try {
    for (const size of [256 * 1024, 4096, 512]) {
      const chunk = Buffer.alloc(size, 1);
      for (;;) {
        const written = await handle.write(chunk).catch((err: NodeJS.ErrnoException) => {
          if (err.code === "ENOSPC") return null;
          throw err;
        });
        if (!written) break;
      }
    }
  } finally {
    await handle.close();
  }
}

it("answers 503 with the reason while the data folder's disk is full, and 200 once there is room again", async (ctx) => {
  if (!disk) return ctx.skip(unavailable!);
  s = await startTestServer({}, path.join(disk, "data"));
  expect((await fetch(`${s.url}/api/health`)).status).toBe(200);
  const filler = path.join(disk, "filler");
  await fill(filler);
  const full = await fetch(`${s.url}/api/health`);
  expect(full.status).toBe(503);
  expect(((await full.json()) as { reason: string }).reason).toMatch(/^leads cannot be written: (ENOSPC|the disk of the data folder is full)/);
  await rm(filler);
  expect((await fetch(`${s.url}/api/health`)).status).toBe(200);
});
