/**
 * npm run check: the quick inner loop, about a minute, for what you changed.
 *   - lint (ESLint and Prettier) of the changed files;
 *   - typecheck, incremental: a second run rechecks only the changed files and what imports them;
 *   - the unit tests in the changed files' folders (not their sub-folders), and the changed tests themselves.
 * "Changed" is what git shows uncommitted (untracked files included); with nothing uncommitted, the last commit.
 * `npm run check -- --base REF` compares with REF instead (e.g. main, for a branch). `npm test` remains the gate.
 */
import { spawnSync } from "node:child_process";
import { existsSync, readdirSync } from "node:fs";
import path from "node:path";
import { ROOT } from "./build-stamp.mjs";

const git = (...args) => spawnSync("git", args, { cwd: ROOT, encoding: "utf8" }).stdout.split("\n").filter(Boolean);

function changedFiles() {
  const base = process.argv.indexOf("--base");
  if (base > 0) return git("diff", "--name-only", `${process.argv[base + 1]}...HEAD`).concat(git("diff", "--name-only", "HEAD"));
  const uncommitted = git("diff", "--name-only", "HEAD").concat(git("ls-files", "--others", "--exclude-standard"));
  return uncommitted.length ? uncommitted : git("diff", "--name-only", "HEAD~1", "HEAD");
}

const files = [...new Set(changedFiles())].filter((f) => existsSync(path.join(ROOT, f)));
if (!files.length) {
  console.log("[check] nothing changed");
  process.exit(0);
}

const steps = [];
const run = (name, command, args) => {
  const started = Date.now();
  const { status } = spawnSync(command, args, { cwd: ROOT, stdio: "inherit" });
  steps.push({ name, ok: status === 0, seconds: ((Date.now() - started) / 1000).toFixed(1) });
};
const npx = (...args) => ["npx", ["--no-install", ...args]];

const code = files.filter((f) => /\.(m?[jt]sx?)$/.test(f));
if (code.length) run("eslint", ...npx("eslint", "--no-warn-ignored", ...code));
run("prettier", ...npx("prettier", "--check", "--ignore-unknown", ...files));

// Each project checks its own lib and types (the browser's has no Node types); tsconfig.json covers every folder.
const TSCONFIGS = {
  "tsconfig.browser.json": /^(domain|widgets|host-site\/client|staff)\//,
  "tsconfig.server.json": /^(server|domain|api|host-site|demo)\//,
  "tsconfig.json": /\.tsx?$/,
};
for (const [config, covers] of Object.entries(TSCONFIGS)) {
  if (!code.some((f) => covers.test(f))) continue;
  const info = path.join("node_modules", ".cache", "check", `${config}.tsbuildinfo`);
  run(`tsc -p ${config}`, ...npx("tsc", "-p", config, "--incremental", "--tsBuildInfoFile", info));
}

const isTest = (f) => /\.test\.tsx?$/.test(f);
const folders = new Set(code.filter((f) => !f.startsWith("tests/ops/")).map((f) => path.dirname(f)));
const tests = new Set(code.filter((f) => isTest(f) && !f.startsWith("tests/ops/")));
for (const folder of folders) {
  for (const entry of readdirSync(path.join(ROOT, folder))) if (isTest(entry)) tests.add(path.posix.join(folder, entry));
}
if (tests.size) run(`vitest (${tests.size} files)`, ...npx("vitest", "run", "--project", "!ops", ...tests));

console.log("\n[check] " + steps.map((s) => `${s.ok ? "ok" : "FAILED"} ${s.name} ${s.seconds} s`).join(", "));
process.exit(steps.every((s) => s.ok) ? 0 : 1);
