/**
 * Build every widget script into dist/widgets (one vite build per script:
 * IIFE output takes one entry), then the npm package into dist/package with
 * a fresh custom-elements.json. A missing widget entry fails the build.
 */
import { rmSync } from "node:fs";
import { build } from "vite";
import { WIDGET_ENTRIES, type WidgetScript } from "../vite.config";
import { writeManifest } from "../widgets/package/custom-elements";

const started = Date.now();
rmSync("dist/widgets", { recursive: true, force: true });
for (const name of Object.keys(WIDGET_ENTRIES) as WidgetScript[]) {
  process.env.GC_WIDGET = name;
  await build({ configFile: "vite.config.ts", logLevel: "warn" });
  console.log(`[build] widgets: dist/widgets/${name}.js`);
}

writeManifest("custom-elements.json");
console.log("[build] widgets: custom-elements.json");
await build({ configFile: "widgets/package/vite.config.ts", logLevel: "warn" });
console.log(`[build] widgets: dist/package (ESM, types, JSX typings, manifest) in ${((Date.now() - started) / 1000).toFixed(1)} s`);
