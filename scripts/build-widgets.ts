/**
 * Build the widget scripts into dist/widgets (decision 0060): the widgets as ES module chunks in one build (a chunk
 * per widget and the runtime chunk they share, content-hashed names), then each classic loader, `gc-widgets.js` and
 * one `<name>.js` per widget, with its chunks' names and SRI hashes baked in; then custom-elements.json (written from
 * the registry by `npm run generate`, which `npm run build` runs first), integrity.json (SRI hashes of every script and
 * chunk), sizes.json (each piece's gzip size, from which docs/partners/embed.md's size table is written) and the release's
 * pinned copy in dist/widgets/{version}/, then the npm package into dist/package. A missing widget entry fails the build.
 */
import { readFileSync, rmSync } from "node:fs";
import { build, type Rollup } from "vite";
import { chunksConfig, loaderConfig } from "../vite.config";
import { writeRelease, sriOf } from "../widgets/package/releases";
import { ALL_IN_ONE, WIDGETS } from "../widgets/registry";
import { measureSizes } from "./widget-sizes";

const started = Date.now();
rmSync("dist/widgets", { recursive: true, force: true });

const built = await build(chunksConfig());
const chunks = (Array.isArray(built) ? built : [built as Rollup.RollupOutput])
  .flatMap((o) => o.output)
  .filter((c): c is Rollup.OutputChunk => c.type === "chunk");
const byFile = new Map(chunks.map((c) => [c.fileName, c]));
/** A chunk and every chunk it imports, those first: the order the loader preloads them in. */
const closure = (file: string, into: string[] = []): string[] => {
  for (const dep of byFile.get(file)!.imports) if (!into.includes(dep)) closure(dep, into);
  if (!into.includes(file)) into.push(file);
  return into;
};
const loads = Object.fromEntries(
  WIDGETS.map((w) => {
    const entry = chunks.find((c) => c.isEntry && c.name === w.script);
    if (!entry) throw new Error(`[build] widgets: no chunk for ${w.tag}`);
    return [w.tag, closure(entry.fileName)];
  }),
) as Record<string, string[]>;
const integrity = Object.fromEntries(chunks.map((c) => [c.fileName, sriOf(readFileSync(`dist/widgets/${c.fileName}`))]));
console.log(`[build] widgets: ${chunks.length} chunks (${chunks.map((c) => c.fileName).join(", ")})`);

const pick = (tags: string[]) => {
  const own = Object.fromEntries(tags.map((t) => [t, loads[t]!]));
  return { loads: own, integrity: Object.fromEntries([...new Set(Object.values(own).flat())].map((f) => [f, integrity[f]!])) };
};
await build(loaderConfig(ALL_IN_ONE.script, { ...pick(WIDGETS.map((w) => w.tag)), eager: false }));
for (const w of WIDGETS) await build(loaderConfig(w.script, { ...pick([w.tag]), eager: true }));
console.log(`[build] widgets: the loaders ${[ALL_IN_ONE.script, ...WIDGETS.map((w) => w.script)].map((s) => `${s}.js`).join(", ")}`);

const { version } = JSON.parse(readFileSync("package.json", "utf8")) as { version: string };
const sizes = measureSizes("dist/widgets", version, loads);
console.log(
  `[build] widgets: gzip ${(sizes.loader / 1000).toFixed(1)} kB loader, ${(sizes.runtime / 1000).toFixed(1)} kB runtime, ${(sizes.all / 1000).toFixed(1)} kB every widget`,
);
writeRelease("dist/widgets", version, "custom-elements.json");
console.log(`[build] widgets: dist/widgets/integrity.json, sizes.json, custom-elements.json and the pinned copy dist/widgets/${version}/`);
await build({ configFile: "widgets/package/vite.config.ts", logLevel: "warn" });
console.log(`[build] widgets: dist/package (ESM, types, JSX typings, manifest) in ${((Date.now() - started) / 1000).toFixed(1)} s`);
