/**
 * Runs the built server for npm start and npm run serve, with glibc's
 * allocator set so that the memory of a burst of photo uploads goes back to
 * the system (docs/benchmarks.md §5c): without them glibc keeps freed image
 * memory in per-thread arenas. glibc reads these once, as a process starts, so
 * when the operator has not set them (the service unit in docs/operations/install.md
 * does) on Linux the server runs as a child process that has them; a value the
 * operator set is kept. Elsewhere the server runs in this process.
 */
import { spawn } from "node:child_process";
import os from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { ROOT, SERVER_ENTRY } from "./build-stamp.mjs";

/** The service unit's values: two arenas, and buffers of 128 kB and more mapped and unmapped on their own. */
export const ALLOCATOR_ENV = { MALLOC_ARENA_MAX: "2", MALLOC_MMAP_THRESHOLD_: "131072" };

/** Serve dist/ (see above); `label` prefixes the one line it prints when it starts a child. */
export async function runServer(label) {
  const entry = path.join(ROOT, SERVER_ENTRY);
  const missing = Object.keys(ALLOCATOR_ENV).filter((name) => process.env[name] === undefined);
  if (process.platform !== "linux" || missing.length === 0) {
    await import(pathToFileURL(entry).href);
    return;
  }
  console.log(`[${label}] ${missing.map((name) => `${name}=${ALLOCATOR_ENV[name]}`).join(" ")} for the server (glibc's allocator; docs/operations/install.md)`);
  const child = spawn(process.execPath, [...process.execArgv, entry], { stdio: "inherit", env: { ...ALLOCATOR_ENV, ...process.env } });
  // A service manager or a terminal may signal this process alone: the server stops in order on its own signal
  // (a second one, when the whole group was signalled, changes nothing).
  for (const signal of ["SIGTERM", "SIGINT", "SIGHUP"]) process.on(signal, () => child.kill(signal));
  child.once("error", (err) => {
    console.error(`[${label}] could not start the server: ${err.message}`);
    process.exit(1);
  });
  child.once("exit", (code, signal) => process.exit(code ?? 128 + (os.constants.signals[signal] ?? 0)));
}
