/**
 * The partner guide's size table is the build's (decision 0060): docs/partners/embed.md, between its widget-sizes markers,
 * says what dist/widgets/sizes.json measured. `npm test` builds first; after a change that moves a size, write the
 * table with `npx tsx scripts/widget-sizes.ts`.
 */
import { existsSync, readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { readSizes, SIZES_DOC, SIZES_FILE, sizeTable, withSizeTable } from "../scripts/widget-sizes";
import { ALL_IN_ONE, RUNTIME_BUDGET_KB, WHOLE_PAGE_BUDGET_KB, WIDGETS } from "../widgets/registry";

const built = existsSync(SIZES_FILE);

describe.skipIf(!built)(`${SIZES_DOC}'s size table (skipped without a build: no ${SIZES_FILE})`, () => {
  it("is the one the build's sizes write, so the guide quotes this release's sizes", async () => {
    const doc = readFileSync(SIZES_DOC, "utf8");
    expect(doc, "run `npx tsx scripts/widget-sizes.ts` to write it from the build").toBe(await withSizeTable(doc, readSizes()));
  });

  it("names the loader, the runtime, every widget and the page with all of them, each within its budget", () => {
    const sizes = readSizes();
    const table = sizeTable(sizes);
    for (const w of WIDGETS) expect(table).toContain(`\`/widgets/${w.script}.js\``);
    expect(sizes.loader / 1000).toBeLessThanOrEqual(ALL_IN_ONE.budgetKb);
    expect(sizes.runtime / 1000).toBeLessThanOrEqual(RUNTIME_BUDGET_KB);
    expect(sizes.all / 1000).toBeLessThanOrEqual(WHOLE_PAGE_BUDGET_KB);
    for (const w of sizes.widgets) expect(w.alone / 1000, w.tag).toBeLessThanOrEqual(WIDGETS.find((x) => x.tag === w.tag)!.budgetKb);
  });
});
