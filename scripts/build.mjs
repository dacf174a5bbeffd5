/**
 * npm run build: the files generated from the widget registry (npm run
 * generate), then every part of dist/ (widgets, fixed pages, staff console,
 * server and CLIs), then dist/build-stamp.json with the hash the sources had
 * when the build began (scripts/build-stamp.mjs). The old stamp is removed
 * first, so a build that fails or is stopped leaves "no build", never a stamp
 * over a half-written dist/.
 */
import { spawnSync } from "node:child_process";
import { removeStamp, ROOT, sourcesHash, writeStamp } from "./build-stamp.mjs";

const PARTS = ["generate", "build:widgets", "build:site", "build:staff", "build:server"];

const started = Date.now();
const sources = sourcesHash();
removeStamp();
for (const part of PARTS) {
  const run = spawnSync("npm", ["run", "--silent", part], { cwd: ROOT, stdio: "inherit" });
  if (run.status !== 0) {
    console.error(`[build] ${part} failed${run.signal ? ` (${run.signal})` : ""}: no build stamp written`);
    process.exit(run.status || 1);
  }
}
writeStamp(sources);
console.log(
  `[build] done in ${((Date.now() - started) / 1000).toFixed(1)} s: ${sources.files} source files, stamp ${sources.hash.slice(0, 12)} in dist/build-stamp.json`,
);
