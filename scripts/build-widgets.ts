/**
 * Build every widget script into dist/widgets (one vite build per script:
 * IIFE output takes one entry), with custom-elements.json (written from the
 * registry by `npm run generate`, which `npm run build` runs first), integrity.json
 * (SRI hashes) and the release's pinned copy in dist/widgets/{version}/, then
 * the npm package into dist/package. A missing widget entry fails the build.
 */
import { readFileSync, rmSync } from "node:fs";
import { build } from "vite";
import { WIDGET_ENTRIES, type WidgetScript } from "../vite.config";
import { writeRelease } from "../widgets/package/releases";

const started = Date.now();
rmSync("dist/widgets", { recursive: true, force: true });
for (const name of Object.keys(WIDGET_ENTRIES) as WidgetScript[]) {
  process.env.GC_WIDGET = name;
  await build({ configFile: "vite.config.ts", logLevel: "warn" });
  console.log(`[build] widgets: dist/widgets/${name}.js`);
}

const { version } = JSON.parse(readFileSync("package.json", "utf8")) as { version: string };
writeRelease("dist/widgets", version, "custom-elements.json");
console.log(`[build] widgets: dist/widgets/integrity.json, custom-elements.json and the pinned copy dist/widgets/${version}/`);
await build({ configFile: "widgets/package/vite.config.ts", logLevel: "warn" });
console.log(`[build] widgets: dist/package (ESM, types, JSX typings, manifest) in ${((Date.now() - started) / 1000).toFixed(1)} s`);
