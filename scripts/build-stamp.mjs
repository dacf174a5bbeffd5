/**
 * Whether dist/ holds a build of the sources as they are now.
 *
 * "The sources" are every file the build reads: the folders below (tests left
 * out: `*.test.*`, `*.spec.*`, `test-setup.*`) and the files below, the
 * lockfile included (a dependency's new version changes the bundles). Of
 * scripts/, only the widget build is read by the build: a change to the test
 * script or these launchers needs no new build. A build
 * hashes them (SHA-256 of each path and content, in path order) before it
 * starts and writes the hash to dist/build-stamp.json once it has succeeded;
 * the build is current when the hash of the sources now is the stamp's.
 * Contents, not times: a fresh clone, a checkout or a copy changes every
 * mtime and no content. Hashing the ~2 MB of sources takes some tens of ms.
 *
 * Plain JavaScript on node's own modules: `npm start`, `npm run serve` and the
 * CLIs run it on a machine with production dependencies only.
 */
import { createHash } from "node:crypto";
import { existsSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");

export const SOURCE_DIRS = ["server", "api", "domain", "host-site", "widgets", "staff", "demo"];
export const SOURCE_FILES = [
  "scripts/build-widgets.ts",
  "package.json",
  "package-lock.json",
  "tsup.config.ts",
  "vite.config.ts",
  "tsconfig.base.json",
  "tsconfig.json",
  "tsconfig.browser.json",
  "tsconfig.server.json",
];
/** Written last by a successful build; its absence means no (complete) build. */
export const STAMP_FILE = "dist/build-stamp.json";
/** What `npm run serve` needs besides the stamp. */
export const SERVER_ENTRY = "dist/server/main.js";

const isTest = (name) => /\.(test|spec)\.[cm]?[jt]sx?$/.test(name) || /^test-setup\.[cm]?[jt]sx?$/.test(name);

/** The source files under root, as sorted relative paths with forward slashes. */
export function sourceFiles(root = ROOT) {
  const files = [];
  const walk = (rel) => {
    let entries;
    try {
      entries = readdirSync(path.join(root, rel), { withFileTypes: true });
    } catch (err) {
      if (err.code === "ENOENT") return;
      throw err;
    }
    for (const e of entries) {
      if (e.name.startsWith(".") || e.name === "node_modules") continue;
      const child = `${rel}/${e.name}`;
      if (e.isDirectory()) walk(child);
      else if (e.isFile() && !isTest(e.name)) files.push(child);
    }
  };
  for (const dir of SOURCE_DIRS) walk(dir);
  for (const file of SOURCE_FILES) if (existsSync(path.join(root, file))) files.push(file);
  return files.sort();
}

/** SHA-256 over every source file's path and content. */
export function sourcesHash(root = ROOT) {
  const hash = createHash("sha256");
  const files = sourceFiles(root);
  for (const file of files) {
    const content = readFileSync(path.join(root, file));
    hash.update(`${file}\0${content.length}\0`);
    hash.update(content);
  }
  return { hash: hash.digest("hex"), files: files.length };
}

/** The stamp of the last complete build, or null. */
export function readStamp(root = ROOT) {
  try {
    return JSON.parse(readFileSync(path.join(root, STAMP_FILE), "utf8"));
  } catch {
    return null;
  }
}

export function writeStamp(sources, root = ROOT) {
  writeFileSync(
    path.join(root, STAMP_FILE),
    `${JSON.stringify({ sources: sources.hash, files: sources.files, builtAt: new Date().toISOString() }, null, 2)}\n`,
  );
}

export function removeStamp(root = ROOT) {
  rmSync(path.join(root, STAMP_FILE), { force: true });
}

/**
 * { current: true } when dist/ holds a complete build of the sources as they
 * are; otherwise { current: false, reason } in an operator's words.
 */
export function buildState(root = ROOT) {
  const stamp = readStamp(root);
  if (!stamp || !existsSync(path.join(root, SERVER_ENTRY))) return { current: false, built: false, reason: "there is no build in dist/" };
  if (stamp.sources !== sourcesHash(root).hash)
    return { current: false, built: true, reason: `the build in dist/ (of ${stamp.builtAt}) is older than the sources` };
  return { current: true, built: true, builtAt: stamp.builtAt };
}

/** Whether the build tools (devDependencies) are installed here. */
export function canBuild(root = ROOT) {
  return ["tsup", "vite", "tsx"].every((name) => existsSync(path.join(root, "node_modules", name, "package.json")));
}
