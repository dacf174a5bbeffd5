import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { defineConfig, type Alias, type InlineConfig, type Rollup } from "vite";
import { firstSite } from "./domain/site-seed";
import { contactLiteral, widgetContact } from "./domain/widget-contact";
import { ALL_IN_ONE, WIDGETS, widgetEntry, type WidgetScript as SingleWidgetScript } from "./widgets/registry";

/**
 * The widgets render with preact/compat: React APIs at a fraction of the
 * size. Bare "react" goes through a slim default export (widgets/react-on-preact.ts).
 */
export const PREACT_ALIASES: Alias[] = [
  { find: /^react$/, replacement: fileURLToPath(new URL("widgets/react-on-preact.ts", import.meta.url)) },
  { find: /^react\/(.*)$/, replacement: "preact/compat/$1" },
  { find: /^react-dom(\/.*)?$/, replacement: "preact/compat$1" },
];

/**
 * Build-time constants of the widget code (declared in widgets/env.d.ts): `__GC_VERSION__` is the package's version,
 * which a second copy of the script on a page names in its warning (widgets/shared/define-widget.tsx); `__GC_SITE__` is
 * the first site's contact facts, which the server swaps for the serving site's (domain/widget-contact.ts).
 */
export const WIDGET_DEFINES: Record<string, string> = {
  __GC_VERSION__: JSON.stringify((JSON.parse(readFileSync(new URL("package.json", import.meta.url), "utf8")) as { version: string }).version),
  __GC_SITE__: JSON.stringify(contactLiteral(widgetContact(firstSite()))),
  __GC_CHUNKED__: "false",
};

/** Script name → entry, from the registry. Each builds to dist/widgets/<name>.js as one classic (IIFE) script. */
export const WIDGET_ENTRIES = Object.fromEntries([[ALL_IN_ONE.script, ALL_IN_ONE.entry], ...WIDGETS.map((w) => [w.script, widgetEntry(w)])]) as Record<
  WidgetScript,
  string
>;
export type WidgetScript = typeof ALL_IN_ONE.script | SingleWidgetScript;

/**
 * One widget script per build (IIFE output takes a single entry): the script
 * is chosen by GC_WIDGET; scripts/build-widgets.ts runs them all.
 */
export default defineConfig(() => {
  const name = (process.env.GC_WIDGET ?? "gc-widgets") as WidgetScript;
  return {
    resolve: { alias: PREACT_ALIASES },
    define: { ...WIDGET_DEFINES, "process.env.NODE_ENV": JSON.stringify("production") },
    publicDir: false as const,
    build: {
      outDir: "dist/widgets",
      emptyOutDir: false,
      // Every browser that runs custom elements with adopted stylesheets runs ES2022.
      target: "es2022",
      // Maps are built for developers, without a sourceMappingURL comment: browsers never ask for them, and the
      // server sends them only with WIDGET_SOURCE_MAPS=true (then with a SourceMap header on each script).
      sourcemap: "hidden" as const,
      // terser's extra passes take about 2 kB gzip more off the all-in-one script than esbuild's minifier.
      minify: "terser" as const,
      terserOptions: { compress: { passes: 3, pure_getters: true }, mangle: { toplevel: true } },
      lib: {
        entry: WIDGET_ENTRIES[name],
        formats: ["iife" as const],
        name: `gcWidgets_${name.replace(/-/g, "_")}`,
        fileName: () => `${name}.js`,
      },
    },
  };
});

/** The chunk every widget's chunk imports: the code every widget uses (preact, the element base, the styles' base). */
export const RUNTIME_CHUNK = "runtime";

/** A module goes into the runtime chunk when every widget's entry reaches it. */
function runtimeOf(entries: ReadonlySet<string>) {
  return (id: string, meta: Rollup.ManualChunkMeta) => {
    const seen = new Set([id]);
    let widgets = 0;
    for (const at of seen) {
      if (entries.has(at)) widgets++;
      const info = meta.getModuleInfo(at);
      for (const by of [...(info?.importers ?? []), ...(info?.dynamicImporters ?? [])]) seen.add(by);
    }
    // Code only some widgets use (the form library and zod for the three forms) is left to rollup, which puts it in a
    // chunk per set of widgets using it, so a page with the rental prices alone does not fetch the forms' code.
    if (widgets === entries.size) return RUNTIME_CHUNK;
    return undefined;
  };
}

/**
 * The widgets as ES module chunks (decision 0060): one entry per widget, the code two or more of them share in the
 * runtime chunk, content-hashed names. No contact literal in them (the loader carries it: widgets/shared/script-contact.ts),
 * so every site serves them as built, with the hashes the loaders were built with.
 */
export function chunksConfig(): InlineConfig {
  const input = Object.fromEntries(WIDGETS.map((w) => [w.script, fileURLToPath(new URL(widgetEntry(w), import.meta.url))]));
  const { __GC_SITE__: _site, ...defines } = WIDGET_DEFINES;
  return {
    configFile: false,
    logLevel: "warn",
    resolve: { alias: PREACT_ALIASES },
    define: { ...defines, __GC_CHUNKED__: "true", "process.env.NODE_ENV": JSON.stringify("production") },
    publicDir: false,
    build: {
      outDir: "dist/widgets",
      emptyOutDir: false,
      target: "es2022",
      sourcemap: "hidden",
      minify: "terser",
      terserOptions: { compress: { passes: 3, pure_getters: true }, mangle: { toplevel: true }, module: true },
      modulePreload: false,
      rollupOptions: {
        input,
        preserveEntrySignatures: "strict",
        output: {
          format: "es",
          entryFileNames: "chunk-[name]-[hash].js",
          // The runtime by its name; code some widgets share by its hash alone (a module's name would say nothing to a partner).
          chunkFileNames: (chunk) => (chunk.name === RUNTIME_CHUNK ? "chunk-runtime-[hash].js" : "chunk-shared-[hash].js"),
          manualChunks: runtimeOf(new Set(Object.values(input))),
          // Shared chunks under 1.2 kB merge into others (fewer requests); at 2 kB rollup merged the forms' test-drive and
          // send-failure texts into a chunk the rental prices load.
          experimentalMinChunkSize: 1_200,
        },
        onwarn(warning, warn) {
          if (warning.code !== "INVALID_ANNOTATION") warn(warning);
        },
      },
    },
  };
}

/** A loader (widgets/loader/loader.ts) as one classic script, `name`.js, with what it loads baked in. */
export function loaderConfig(
  name: WidgetScript,
  baked: { loads: Record<string, readonly string[]>; integrity: Record<string, string>; eager: boolean },
): InlineConfig {
  return {
    configFile: false,
    logLevel: "warn",
    define: {
      __GC_SITE__: WIDGET_DEFINES.__GC_SITE__!,
      __GC_LOADS__: JSON.stringify(baked.loads),
      __GC_INTEGRITY__: JSON.stringify(baked.integrity),
      __GC_EAGER__: JSON.stringify(baked.eager),
    },
    publicDir: false,
    build: {
      outDir: "dist/widgets",
      emptyOutDir: false,
      target: "es2022",
      sourcemap: "hidden",
      minify: "terser",
      terserOptions: { compress: { passes: 3 }, mangle: { toplevel: true } },
      lib: {
        entry: fileURLToPath(new URL("widgets/loader/loader.ts", import.meta.url)),
        formats: ["iife"],
        name: `gcLoader_${name.replace(/-/g, "_")}`,
        fileName: () => `${name}.js`,
      },
    },
  };
}
