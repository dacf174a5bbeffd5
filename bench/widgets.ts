/** Part 3: gzip size of each widget script, beside the same script on react-dom and the r2wc + preact/compat floor. */
import { existsSync } from "node:fs";
import { mkdtemp, readFile, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { gzipSync } from "node:zlib";
import { build, type InlineConfig, type Plugin, type UserConfig, type UserConfigFnObject } from "vite";
import viteConfig, { WIDGET_ENTRIES, type WidgetScript } from "../vite.config";
import { ratio } from "./lib/load";
import { ROOT } from "./lib/server-build";

export interface WidgetsOptions {
  /** Build the react-dom variant of at most this many scripts (the smoke run builds one). */
  maxReactBuilds: number;
}

export interface ScriptSize {
  bytes: number;
  /** gzip at zlib's default level, as the app's compression() middleware serves it. */
  gzipBytes: number;
}

export interface WidgetRow {
  script: string;
  entry: string;
  /** dist/widgets (what ships), built here when dist/widgets lacks it, or missing when the entry is not written yet. */
  preactFrom: "dist/widgets" | "bench build" | "missing";
  preact: ScriptSize | null;
  react: ScriptSize | null;
  /** react-dom gzip size over preact/compat gzip size. */
  reactTimesPreact: number | null;
  /** Why a build failed (e.g. the widget team's work in progress). */
  error?: string;
}

export interface WidgetsResults {
  scripts: WidgetRow[];
  floor: { preact: ScriptSize; react: ScriptSize; reactTimesPreact: number | null };
}

const FLOOR_ENTRY = "bench/widgets/floor.tsx";

const sizeOf = async (file: string): Promise<ScriptSize> => {
  const bytes = await readFile(file);
  return { bytes: bytes.length, gzipBytes: gzipSync(bytes).length };
};

/** The widgets' one seam to preact (render, hydrate), and its react-dom twin. */
const RENDERER = path.join(ROOT, "widgets/shared/renderer.ts");
const REACT_RENDERER = path.join(ROOT, "bench/widgets/renderer-react.ts");

/**
 * The react-dom variant must be the same widgets as a React build would ship:
 * the renderer is swapped for its react-dom twin, and any other module that
 * imports preact directly (not through the aliases) would keep preact in it,
 * so the build stops and names it.
 */
const onReactDom = (): Plugin => ({
  name: "bench-on-react-dom",
  enforce: "pre",
  async resolveId(source, importer, options) {
    if (/^preact(\/|$)/.test(source)) this.error(`${importer} imports ${source} directly: its react-dom variant would still render with preact`);
    if (!source.includes("renderer")) return null;
    const resolved = await this.resolve(source, importer, { ...options, skipSelf: true });
    return resolved?.id === RENDERER ? REACT_RENDERER : null;
  },
});

/**
 * Build one script with the project's vite config (IIFE, minified), into outDir.
 * On react-dom the preact aliases are dropped, and nothing else changes.
 */
async function buildScript(script: WidgetScript, outDir: string, runtime: "preact" | "react", entry?: string): Promise<string> {
  process.env.GC_WIDGET = script;
  const base = (await (viteConfig as UserConfigFnObject)({ command: "build", mode: "production" })) as UserConfig;
  const fileName = `${entry ? path.basename(entry, path.extname(entry)) : script}.js`;
  const config: InlineConfig = {
    ...base,
    configFile: false,
    root: ROOT,
    logLevel: "silent",
    resolve: { ...base.resolve, alias: runtime === "preact" ? base.resolve?.alias : {} },
    plugins: [...(base.plugins ?? []), ...(runtime === "react" ? [onReactDom()] : [])],
    build: {
      ...base.build,
      outDir,
      emptyOutDir: false,
      sourcemap: false,
      lib: { ...(base.build!.lib as object), entry: entry ?? WIDGET_ENTRIES[script], fileName: () => fileName } as NonNullable<UserConfig["build"]>["lib"],
    },
  };
  await build(config);
  return path.join(outDir, fileName);
}

export async function benchWidgets(o: WidgetsOptions, log: (line: string) => void): Promise<WidgetsResults> {
  const tmp = await mkdtemp(path.join(os.tmpdir(), "gc-bench-widgets-"));
  const dirs = { preact: path.join(tmp, "preact"), react: path.join(tmp, "react") };
  try {
    const floor = {
      preact: await sizeOf(await buildScript("gc-widgets", dirs.preact, "preact", FLOOR_ENTRY)),
      react: await sizeOf(await buildScript("gc-widgets", dirs.react, "react", FLOOR_ENTRY)),
    };
    log(`widgets: floor ${floor.preact.gzipBytes} B gzip on preact/compat, ${floor.react.gzipBytes} B on react-dom`);

    const scripts: WidgetRow[] = [];
    let reactBuilds = 0;
    for (const [script, entry] of Object.entries(WIDGET_ENTRIES) as [WidgetScript, string][]) {
      const row: WidgetRow = { script: `${script}.js`, entry, preactFrom: "missing", preact: null, react: null, reactTimesPreact: null };
      scripts.push(row);
      if (!existsSync(path.join(ROOT, entry))) {
        log(`widgets: ${entry} is not written yet; ${script}.js skipped`);
        continue;
      }
      const shipped = path.join(ROOT, "dist/widgets", `${script}.js`);
      try {
        if (existsSync(shipped)) {
          row.preactFrom = "dist/widgets";
          row.preact = await sizeOf(shipped);
        } else {
          row.preactFrom = "bench build";
          row.preact = await sizeOf(await buildScript(script, dirs.preact, "preact"));
        }
        if (reactBuilds < o.maxReactBuilds) {
          reactBuilds++;
          row.react = await sizeOf(await buildScript(script, dirs.react, "react"));
          row.reactTimesPreact = ratio(row.react.gzipBytes, row.preact.gzipBytes);
        }
        log(`widgets: ${script}.js ${row.preact.gzipBytes} B gzip${row.react ? `, ${row.react.gzipBytes} B on react-dom` : ""}`);
      } catch (err) {
        row.error = (err instanceof Error ? err.message : String(err)).split("\n")[0]!;
        log(`widgets: ${script}.js could not be built: ${row.error}`);
      }
    }
    return { scripts, floor: { ...floor, reactTimesPreact: ratio(floor.react.gzipBytes, floor.preact.gzipBytes) } };
  } finally {
    delete process.env.GC_WIDGET;
    await rm(tmp, { recursive: true, force: true });
  }
}
