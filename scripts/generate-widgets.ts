/**
 * npm run generate: write every file that lists the widgets from the registry (scripts/widget-files.ts), only those
 * whose content changes. `--check` writes nothing and fails, naming them, when any is out of step.
 */
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { generatedFiles } from "./widget-files";

const check = process.argv.includes("--check");
const stale: string[] = [];
for (const [file, text] of await generatedFiles()) {
  if (existsSync(file) && readFileSync(file, "utf8") === text) continue;
  stale.push(file);
  if (!check) writeFileSync(file, text);
}
if (check && stale.length) {
  console.error(`[generate] out of step with widgets/registry.ts: ${stale.join(", ")}. Run npm run generate.`);
  process.exit(1);
}
console.log(`[generate] widgets: ${stale.length ? `${check ? "stale" : "wrote"} ${stale.join(", ")}` : "every generated file is up to date"}`);
