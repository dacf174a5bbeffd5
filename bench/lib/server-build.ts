import { execFileSync } from "node:child_process";
import { existsSync, mkdirSync, rmSync } from "node:fs";
import path from "node:path";
import { build } from "tsup";
import { buildState, SERVER_ENTRY } from "../../scripts/build-stamp.mjs";

export const ROOT = path.resolve(import.meta.dirname, "../..");
/** Scratch space inside the repository (git-ignored) for partial runs' results; built servers go beside it (buildServer). */
export const BENCH_TMP = path.join(ROOT, ".tmp/bench");

/** The folders the server is built from. */
const SERVER_SOURCES = ["server", "api", "domain", "host-site", "widgets", "demo"];
/** The entry, newest first: before server/main.ts composed the servers, api/main.ts did. */
const ENTRIES = ["server/main.ts", "api/main.ts"];

/**
 * Build the server entry (server/main.ts) as `npm run build:server` does, into
 * .tmp/server-<label>/: two levels below the repository, as dist/server/ is, so that
 * the server finds the built site and widgets in dist/ as `npm start` does (it takes
 * the repository to be two folders up from main.js). Deeper, its pages answered 503.
 * With a git ref, the sources are that commit's (for before/after figures from one
 * run; the site's assets are still the working tree's dist/); without, the working tree's.
 * Returns the path of main.js: dist/server/main.js itself when dist/ is a current build of the working tree.
 */
export async function buildServer(label: string, gitRef?: string): Promise<string> {
  // The working tree's server is dist/'s when that is a build of the sources as they are (npm test has just built it).
  if (!gitRef && buildState(ROOT).current) return path.join(ROOT, SERVER_ENTRY);
  const outDir = path.join(ROOT, ".tmp", `server-${label}`);
  rmSync(outDir, { recursive: true, force: true });
  mkdirSync(outDir, { recursive: true });
  let entry = path.join(ROOT, ENTRIES[0]!);
  if (gitRef) {
    const srcDir = path.join(outDir, "src");
    mkdirSync(srcDir);
    const present = SERVER_SOURCES.filter((dir) => {
      try {
        execFileSync("git", ["cat-file", "-e", `${gitRef}:${dir}`], { cwd: ROOT, stdio: "ignore" });
        return true;
      } catch {
        return false;
      }
    });
    const tar = execFileSync("git", ["archive", "--format=tar", gitRef, ...present], { cwd: ROOT, maxBuffer: 256 * 1024 * 1024 });
    execFileSync("tar", ["-x", "-C", srcDir], { input: tar });
    const found = ENTRIES.map((file) => path.join(srcDir, file)).find((file) => existsSync(file));
    if (!found) throw new Error(`[bench] ${gitRef} has none of ${ENTRIES.join(", ")}`);
    entry = found;
  }
  // The planning worker (api/off-loop.ts) is loaded from beside main.js, where the sources have one.
  const worker = path.join(path.dirname(path.dirname(entry)), "api/plan-worker.ts");
  await build({
    config: false,
    entry: { main: entry, ...(existsSync(worker) ? { "plan-worker": worker } : {}) },
    outDir,
    format: "esm",
    platform: "node",
    target: "node20",
    splitting: false,
    silent: true,
  });
  return path.join(outDir, "main.js");
}

/** The commit a ref names, shortened, for the report. */
export function describeRef(gitRef: string): string {
  return execFileSync("git", ["rev-parse", "--short", gitRef], { cwd: ROOT, encoding: "utf8" }).trim();
}
