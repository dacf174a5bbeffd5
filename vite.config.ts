import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { defineConfig, type Alias } from "vite";
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
