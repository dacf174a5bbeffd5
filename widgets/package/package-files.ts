/**
 * The npm package's own files, written after its build (widgets/package/vite.config.ts): package.json with one export
 * per widget (derived from the registry), and the type declarations pruned to those its entries reach, so the package
 * ships no internal or server-only types (lead mail, staff accounts, test helpers...).
 */
import { existsSync, readdirSync, readFileSync, rmSync, rmdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { WIDGETS } from "../registry";

/** The declaration file of a package entry, under the package's root. */
export const entryTypes = (name: string): string => `widgets/package/${name}.d.ts`;

/** widgets/package/package.json with an export per widget (`@sussex-golf-carts/widgets/eco-calculator`) and every widget named in its description. */
export function packageJson(template: string, version: string): string {
  const pkg = JSON.parse(template) as Record<string, unknown> & { exports: Record<string, unknown> };
  const exports: Record<string, unknown> = { ".": pkg.exports["."] };
  for (const w of WIDGETS) exports[`./${w.script}`] = { types: `./${entryTypes(w.script)}`, import: `./${w.script}.js` };
  const description = `Sussex Coast Golf Carts' embeddable widgets as custom elements: ${WIDGETS.map((w) => w.title.toLowerCase()).join(", ")}.`;
  return `${JSON.stringify({ ...pkg, description, version, exports: { ...exports, ...pkg.exports, ".": exports["."] } }, null, 2)}\n`;
}

/** Relative modules a declaration file names: imports, exports, import("...") types and reference paths. */
function referenced(file: string): string[] {
  const text = readFileSync(file, "utf8");
  const specs = [
    ...text.matchAll(/\bfrom\s+['"](\.{1,2}\/[^'"]+)['"]/g),
    ...text.matchAll(/\bimport\(\s*['"](\.{1,2}\/[^'"]+)['"]\s*\)/g),
    ...text.matchAll(/^\s*import\s+['"](\.{1,2}\/[^'"]+)['"]/gm),
    ...text.matchAll(/\/\/\/\s*<reference\s+path=['"]([^'"]+)['"]/g),
  ].map((m) => m[1]!);
  const found: string[] = [];
  for (const spec of specs) {
    const base = path.resolve(path.dirname(file), spec.replace(/\.js$/, ""));
    for (const candidate of [base.endsWith(".d.ts") ? base : `${base}.d.ts`, path.join(base, "index.d.ts")]) {
      if (existsSync(candidate)) {
        found.push(candidate);
        break;
      }
    }
  }
  return found;
}

/** Delete every .d.ts under `root` that the `entries` (paths under root) do not reach; returns what was deleted. */
export function pruneTypes(root: string, entries: readonly string[]): string[] {
  const keep = new Set<string>();
  const queue = entries.map((e) => path.resolve(root, e));
  while (queue.length) {
    const file = queue.pop()!;
    if (keep.has(file) || !existsSync(file)) continue;
    keep.add(file);
    queue.push(...referenced(file));
  }
  const removed: string[] = [];
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) {
        walk(full);
        if (readdirSync(full).length === 0) rmdirSync(full);
      } else if (entry.name.endsWith(".d.ts") && !keep.has(full)) {
        rmSync(full);
        removed.push(path.relative(root, full));
      }
    }
  };
  walk(path.resolve(root));
  return removed;
}

/** Write package.json beside the build and prune its types. */
export function finishPackage(outDir: string, version: string): void {
  writeFileSync(path.join(outDir, "package.json"), packageJson(readFileSync("widgets/package/package.json", "utf8"), version));
  pruneTypes(outDir, ["index.d.ts", ...WIDGETS.map((w) => entryTypes(w.script)), "widgets/jsx.d.ts"]);
}
