/** Build every widget script into dist/widgets: one vite build per script (IIFE takes one entry). */
import { existsSync, rmSync } from "node:fs";
import { build } from "vite";
import { WIDGET_ENTRIES, type WidgetScript } from "../vite.config";

rmSync("dist/widgets", { recursive: true, force: true });
for (const name of Object.keys(WIDGET_ENTRIES) as WidgetScript[]) {
  if (!existsSync(WIDGET_ENTRIES[name])) {
    console.warn(`[build] widgets: ${WIDGET_ENTRIES[name]} does not exist yet, skipping ${name}.js`);
    continue;
  }
  process.env.GC_WIDGET = name;
  await build({ configFile: "vite.config.ts", logLevel: "warn" });
  console.log(`[build] widgets: dist/widgets/${name}.js`);
}
