/**
 * The widget registry (widgets/registry.ts) is the one place a widget is declared: its entries are consistent, each
 * names what its folder defines, and every file generated from it (scripts/widget-files.ts: the all-in-one script,
 * the JSX typings, the package's entries, the server's components, the budgets, the manifest, the demo page and the
 * docs' attribute tables) is in step with it: `npm test` fails until `npm run generate` has been run.
 */
import { readdirSync, readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { generatedFiles } from "../scripts/widget-files";
import { WIDGETS } from "./registry";

const read = (file: string) => readFileSync(file, "utf8");

/** The sources and docs that speak of the widgets (decision records are history: they keep the counts of their day). */
const WRITINGS = [
  "README.md",
  ...["docs", "widgets", "demo", "staff/src", "tests"].flatMap((dir) =>
    (readdirSync(dir, { recursive: true }) as string[]).filter((f) => /\.(md|ts|tsx|html)$/.test(f) && !f.startsWith("decisions/")).map((f) => `${dir}/${f}`),
  ),
];
/** "all five widgets", "the five custom elements", "5 tags": a count of the widgets, which the next widget makes untrue. */
const WIDGET_COUNT =
  /\b(?:all|the|with)\s+(?:two|three|four|five|six|seven|eight|nine|ten|\d+)\s+(?:custom\s+)?(?:widgets|elements|tags)\b|\b(?:five|six|seven|eight|nine|ten)\s+custom\s+elements\b/i;

describe("the widget registry", () => {
  it("has one entry per tag, script and folder", () => {
    for (const key of ["tag", "script", "folder", "className"] as const) {
      expect(new Set(WIDGETS.map((w) => w[key])).size, key).toBe(WIDGETS.length);
    }
  });

  it("is what each widget's folder defines", () => {
    for (const w of WIDGETS) {
      const sources = read(`widgets/${w.folder}/index.ts`) + read(`widgets/${w.folder}/${w.className.replace(/^Gc|Element$/g, "")}.tsx`);
      expect(sources, w.folder).toContain(`"${w.tag}"`);
      expect(sources, w.folder).toContain(`interface ${w.className} `);
    }
  });

  it("is counted nowhere by hand", () => {
    // This file names the pattern it looks for.
    const counted = WRITINGS.filter((file) => file !== "widgets/registry.test.ts" && WIDGET_COUNT.test(read(file)));
    expect(counted).toEqual([]);
  });

  it("has generated every file that lists the widgets (npm run generate)", async () => {
    const stale = [...(await generatedFiles())].filter(([file, text]) => read(file) !== text).map(([file]) => file);
    expect(stale, "out of step with widgets/registry.ts: run npm run generate").toEqual([]);
  }, 30_000);
});
