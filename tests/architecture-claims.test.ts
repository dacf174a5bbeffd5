/**
 * The architecture page's claims about imports stay true: the packages it lists under "What domain/ may import" are
 * exactly the packages the core's production files import.
 */
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

const ROOT = path.resolve(import.meta.dirname, "..");

/** Every production .ts file under domain/ (tests left out), relative to the repository root. */
function domainSources(dir = "domain"): string[] {
  return readdirSync(path.join(ROOT, dir), { withFileTypes: true }).flatMap((e) => {
    const rel = `${dir}/${e.name}`;
    if (e.isDirectory()) return domainSources(rel);
    return e.name.endsWith(".ts") && !/\.test\.ts$/.test(e.name) ? [rel] : [];
  });
}

/** The module specifiers a TypeScript source imports or re-exports, `import type` and side-effect imports included. */
export function importSpecifiers(source: string): string[] {
  const code = source.replace(/\/\*[\s\S]*?\*\//g, "").replace(/(^|[^:])\/\/.*$/gm, "$1");
  const fromClause = [...code.matchAll(/^\s*(?:import|export)\b[^;'"]*?\bfrom\s*["']([^"']+)["']/gm)].map((m) => m[1]!);
  const bare = [...code.matchAll(/^\s*import\s*["']([^"']+)["']/gm)].map((m) => m[1]!);
  const dynamic = [...code.matchAll(/\bimport\(\s*["']([^"']+)["']\s*\)/g)].map((m) => m[1]!);
  return [...fromClause, ...bare, ...dynamic];
}

/** The package a bare specifier names (`zod/mini` → `zod`, `@r2wc/core/x` → `@r2wc/core`); undefined for a relative one. */
export function packageName(specifier: string): string | undefined {
  if (specifier.startsWith(".") || specifier.startsWith("/")) return undefined;
  const parts = specifier.split("/");
  return specifier.startsWith("@") ? parts.slice(0, 2).join("/") : parts[0];
}

/** The package names listed, in backticks, under a page's "What domain/ may import" heading. */
function listedPackages(markdown: string): string[] {
  const section = markdown.split(/^## What domain\/ may import$/m)[1]?.split(/^## /m)[0] ?? "";
  return [...section.matchAll(/^- `([^`]+)`/gm)].map((m) => m[1]!).sort();
}

describe("reading imports", () => {
  it.each([
    ['import { z } from "zod";', ["zod"]],
    ['import * as z from "zod/mini";', ["zod"]],
    ['import type { X } from "./x";\nimport "./plain-messages";', []],
    ['import {\n  a,\n  b,\n} from "csv-parse/sync";', ["csv-parse"]],
    ['export { y } from "@scope/pkg/sub";', ["@scope/pkg"]],
    ['const m = await import("node:fs");', ["node:fs"]],
    ['// import { no } from "commented";\n/* import "nor-this"; */', []],
  ])("%j imports the packages %j", (source, packages) => {
    expect(importSpecifiers(source).map(packageName).filter(Boolean)).toEqual(packages);
  });
});

describe('docs/architecture.md, "What domain/ may import"', () => {
  const listed = listedPackages(readFileSync(path.join(ROOT, "docs/architecture.md"), "utf8"));

  it("lists some packages", () => {
    expect(listed.length).toBeGreaterThan(0);
  });

  it("lists exactly the packages domain/'s production files import", () => {
    const imported = new Map<string, string[]>();
    for (const file of domainSources()) {
      for (const name of importSpecifiers(readFileSync(path.join(ROOT, file), "utf8")).map(packageName)) {
        if (name) imported.set(name, [...(imported.get(name) ?? []), file]);
      }
    }
    // A package missing from the page names the files that import it.
    const unlisted = [...imported].filter(([name]) => !listed.includes(name)).map(([name, files]) => `${name} (${files.join(", ")})`);
    expect({ unlisted, unused: listed.filter((name) => !imported.has(name)) }).toEqual({ unlisted: [], unused: [] });
  });
});
