/**
 * The widget scripts' sizes as the build makes them (decision 0060): scripts/build-widgets.ts measures every piece
 * (gzip level 9, as size-limit does) into dist/widgets/sizes.json, and the partner guide's size table, between
 * `<!-- widget-sizes:start -->` and `<!-- widget-sizes:end -->` in docs/partners/embed.md, is written from it:
 * `npx tsx scripts/widget-sizes.ts` after a build; scripts/widget-sizes.test.ts fails while the two differ.
 */
import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { gzipSync } from "node:zlib";
import { format, resolveConfig } from "prettier";
import { ALL_IN_ONE, RUNTIME_BUDGET_KB, WIDGETS, WHOLE_PAGE_BUDGET_KB } from "../widgets/registry";

export interface WidgetSizes {
  version: string;
  /** gc-widgets.js, the loader of every element. */
  loader: number;
  /** The runtime chunk every widget's chunk imports. */
  runtime: number;
  widgets: {
    tag: string;
    script: string;
    /** Its one-tag script. */
    loader: number;
    /** Its own chunk. */
    chunk: number;
    /** Its script, its chunk and every chunk that imports: what a page with it alone fetches. */
    alone: number;
    /** Those files (.size-limit.mjs budgets them). */
    files: string[];
  }[];
  /** gc-widgets.js and every chunk: a page with every widget. */
  all: number;
}

export const SIZES_FILE = "dist/widgets/sizes.json";
export const SIZES_DOC = "docs/partners/embed.md";
const MARKERS = ["<!-- widget-sizes:start -->", "<!-- widget-sizes:end -->"] as const;

const gz = (dir: string, file: string) => gzipSync(readFileSync(path.join(dir, file)), { level: 9 }).length;

/** Measure the built pieces in `dir`, given each tag's chunks (the runtime first, its own last), and write sizes.json there. */
export function measureSizes(dir: string, version: string, loads: Record<string, readonly string[]>): WidgetSizes {
  const runtimeFile = [...new Set(Object.values(loads).flat())].find((f) => f.startsWith("chunk-runtime-"));
  const runtime = runtimeFile ? gz(dir, runtimeFile) : 0;
  const widgets = WIDGETS.map((w) => {
    const files = loads[w.tag]!;
    const loader = gz(dir, `${w.script}.js`);
    return {
      tag: w.tag,
      script: w.script,
      loader,
      chunk: gz(dir, files.at(-1)!),
      alone: loader + files.reduce((n, f) => n + gz(dir, f), 0),
      files: [`${w.script}.js`, ...files],
    };
  });
  const loader = gz(dir, `${ALL_IN_ONE.script}.js`);
  const all = loader + [...new Set(Object.values(loads).flat())].reduce((n, f) => n + gz(dir, f), 0);
  const sizes: WidgetSizes = { version, loader, runtime, widgets, all };
  writeFileSync(path.join(dir, "sizes.json"), `${JSON.stringify(sizes, null, 2)}\n`);
  return sizes;
}

const kb = (bytes: number) => `${(bytes / 1000).toFixed(1)} kB`;

/** The partner guide's table: what a page fetches for each script, and its budget (.size-limit.mjs's, from the registry). */
export function sizeTable(s: WidgetSizes): string {
  const rows = [
    ["Script or chunk", "What a page with it fetches", `Size (gzip, ${s.version})`, "Budget (gzip)"],
    ["---", "---", "---", "---"],
    [
      `\`/widgets/${ALL_IN_ONE.script}.js\``,
      "the loader of every element (then each element's chunk as it appears)",
      kb(s.loader),
      `${ALL_IN_ONE.budgetKb} kB`,
    ],
    ["`chunk-runtime-….js`", "the runtime every widget's chunk imports, once a page", kb(s.runtime), `${RUNTIME_BUDGET_KB} kB`],
    ...s.widgets.map((w) => {
      const budget = WIDGETS.find((x) => x.tag === w.tag)!.budgetKb;
      return [
        `\`/widgets/${w.script}.js\``,
        `\`<${w.tag}>\` alone: its script ${kb(w.loader)}, its chunk ${kb(w.chunk)}, the runtime${w.files.length > 3 ? " and the code it shares with other widgets" : ""}`,
        kb(w.alone),
        `${budget} kB`,
      ];
    }),
    ["every widget on one page", `\`${ALL_IN_ONE.script}.js\`, the runtime and every chunk`, kb(s.all), `${WHOLE_PAGE_BUDGET_KB} kB`],
  ];
  return rows.map((r) => `| ${r.join(" | ")} |`).join("\n");
}

/** `doc` with its size table written from `sizes`, formatted as the repository's prettier does. */
export async function withSizeTable(doc: string, sizes: WidgetSizes, file = SIZES_DOC): Promise<string> {
  const [start, end] = MARKERS;
  const at = doc.indexOf(start);
  const to = doc.indexOf(end);
  if (at < 0 || to < at) throw new Error(`[sizes] ${file} has no ${start} … ${end} markers`);
  const text = `${doc.slice(0, at + start.length)}\n\n${sizeTable(sizes)}\n\n${doc.slice(to)}`;
  return format(text, { ...(await resolveConfig(file)), filepath: file });
}

export const readSizes = (file = SIZES_FILE): WidgetSizes => JSON.parse(readFileSync(file, "utf8")) as WidgetSizes;

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  const doc = readFileSync(SIZES_DOC, "utf8");
  writeFileSync(SIZES_DOC, await withSizeTable(doc, readSizes()));
  console.log(`[sizes] ${SIZES_DOC}: the size table written from ${SIZES_FILE}`);
}
