/**
 * The npm package as an app sees it: dist/package (built by `npm run build:widgets`) installed under node_modules, a
 * React 19 app (tests/package-types/app.tsx) and the package README's own examples compiled against it with tsc.
 */
import { spawnSync } from "node:child_process";
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { WIDGETS } from "../registry";
import { APP_COMPILER_OPTIONS } from "../testing/app-tsconfig";

const ROOT = path.resolve(__dirname, "../..");
const PACKAGE = path.join(ROOT, "dist/package");
let app: string;

/** The ```ts and ```tsx blocks of a markdown file. */
const codeBlocks = (file: string) => [...readFileSync(file, "utf8").matchAll(/```(tsx?)\n([\s\S]*?)```/g)].map((m) => ({ lang: m[1]!, code: m[2]! }));

beforeAll(() => {
  if (!existsSync(path.join(PACKAGE, "package.json"))) throw new Error("dist/package is missing: run npm run build:widgets first");
  app = mkdtempSync(path.join(tmpdir(), "gc-package-types-"));
  mkdirSync(path.join(app, "node_modules/@sussex-golf-carts"), { recursive: true });
  mkdirSync(path.join(app, "node_modules/@types"), { recursive: true });
  symlinkSync(PACKAGE, path.join(app, "node_modules/@sussex-golf-carts/widgets"), "dir");
  for (const dep of ["@types/react", "csstype", "zod", "preact", "@types/node"]) {
    if (existsSync(path.join(ROOT, "node_modules", dep))) symlinkSync(path.join(ROOT, "node_modules", dep), path.join(app, "node_modules", dep), "dir");
  }
  cpSync(path.join(ROOT, "tests/package-types/app.tsx"), path.join(app, "app.tsx"));
  codeBlocks(path.join(ROOT, "widgets/package/README.md")).forEach((b, i) => writeFileSync(path.join(app, `readme-${i}.${b.lang}`), `${b.code}\nexport {};\n`));
  writeFileSync(
    path.join(app, "tsconfig.json"),
    JSON.stringify({
      compilerOptions: APP_COMPILER_OPTIONS,
      include: ["*.ts", "*.tsx"],
    }),
  );
}, 30_000);

afterAll(() => {
  if (app) rmSync(app, { recursive: true, force: true });
});

describe("the npm package's types", () => {
  it("compile an app that uses every entry, and its README's examples; each mistake marked in the app is a type error", () => {
    const tsc = spawnSync(process.execPath, [path.join(ROOT, "node_modules/typescript/bin/tsc"), "-p", app], { encoding: "utf8", timeout: 120_000 });
    expect(tsc.stdout + tsc.stderr).toBe("");
    expect(tsc.status).toBe(0);
  }, 120_000);

  it("has one entry per widget, a README, a CHANGELOG and a licence, and no internal or server-only types", () => {
    const pkg = JSON.parse(readFileSync(path.join(PACKAGE, "package.json"), "utf8")) as { exports: Record<string, unknown>; license: string };
    for (const w of WIDGETS) expect(pkg.exports[`./${w.script}`], w.script).toBeDefined();
    for (const file of ["README.md", "CHANGELOG.md", "LICENSE"]) expect(existsSync(path.join(PACKAGE, file)), file).toBe(true);
    expect(pkg.license).toBe("SEE LICENSE IN LICENSE");
    const types = (readdirSync(PACKAGE, { recursive: true }) as string[]).filter((f) => f.endsWith(".d.ts"));
    expect(types.filter((f) => /lead-mail|lead-adf|leads-csv|staff|testing|test-setup|vite\.config|custom-elements|catalogue|api\//.test(f))).toEqual([]);
  });
});
