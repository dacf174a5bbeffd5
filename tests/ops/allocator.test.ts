import { mkdtemp, readdir, readFile, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { killLeftovers, requireCurrentBuild, startServer } from "./server-process";

const ALLOCATOR = ["MALLOC_ARENA_MAX", "MALLOC_MMAP_THRESHOLD_"];
const dirs: string[] = [];
beforeAll(() => {
  requireCurrentBuild();
  // As an operator's shell starts it: without glibc's allocator settings, unless a test sets them.
  for (const name of ALLOCATOR) delete process.env[name];
});
afterEach(async () => {
  killLeftovers();
  for (const d of dirs.splice(0)) await rm(d, { recursive: true, force: true });
});

/** The environment of the process group's last process, the one that runs the server (the others only started it). */
async function serverEnvironment(group: number): Promise<Record<string, string>> {
  const procs: { pid: number; ppid: number }[] = [];
  for (const name of await readdir("/proc")) {
    if (!/^\d+$/.test(name)) continue;
    // stat: pid (comm) state ppid pgrp …; comm may hold spaces, so read after its closing parenthesis.
    const stat = await readFile(`/proc/${name}/stat`, "utf8").catch(() => "");
    const [, , ppid, pgrp] = stat.slice(stat.lastIndexOf(")")).split(" ");
    if (Number(pgrp) === group) procs.push({ pid: Number(name), ppid: Number(ppid) });
  }
  const leaves = procs.filter((p) => !procs.some((q) => q.ppid === p.pid));
  expect(leaves).toHaveLength(1);
  const environ = await readFile(`/proc/${leaves[0]!.pid}/environ`, "utf8");
  return Object.fromEntries(
    environ
      .split("\0")
      .filter(Boolean)
      .map((kv) => [kv.slice(0, kv.indexOf("=")), kv.slice(kv.indexOf("=") + 1)]),
  );
}

async function environmentOf(command: string, args: string[], env: Record<string, string> = {}) {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), "gc-allocator-"));
  dirs.push(dataDir);
  const server = await startServer(command, args, { dataDir, env });
  await server.ready;
  expect((await fetch(`${server.url}/api/health`)).status).toBe(200);
  const environ = await serverEnvironment(server.child.pid!);
  server.signal("SIGTERM");
  await server.waitFor("[server] stopped: every write is on disk");
  await server.exited;
  return environ;
}

describe.runIf(process.platform === "linux")("glibc's allocator settings (memory returns after a burst of photo uploads)", () => {
  it("npm start runs the server with MALLOC_ARENA_MAX=2 and MALLOC_MMAP_THRESHOLD_=131072 when the operator set neither", async () => {
    const environ = await environmentOf("npm", ["start"]);
    expect(environ).toMatchObject({ MALLOC_ARENA_MAX: "2", MALLOC_MMAP_THRESHOLD_: "131072" });
  });

  it("npm run serve keeps a value the operator set, and sets the other", async () => {
    const environ = await environmentOf("npm", ["run", "serve"], { MALLOC_ARENA_MAX: "4" });
    expect(environ).toMatchObject({ MALLOC_ARENA_MAX: "4", MALLOC_MMAP_THRESHOLD_: "131072" });
  });
});
