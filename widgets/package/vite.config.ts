import { copyFileSync, readFileSync } from "node:fs";
import { defineConfig } from "vite";
import dts from "vite-plugin-dts";
import { PREACT_ALIASES, WIDGET_DEFINES } from "../../vite.config";
import { WIDGETS } from "../registry";
import { finishPackage } from "./package-files";

const OUT = "dist/package";

const VERSION = (JSON.parse(readFileSync("package.json", "utf8")) as { version: string }).version;

/**
 * The npm package: an ESM entry that defines every element and one per
 * widget (`@sussex-golf-carts/widgets/eco-calculator`), sharing chunks, with
 * preact bundled in (the elements' insides are private, so the host app's
 * own React is never involved), type declarations (only those the entries
 * reach), the JSX typings, custom-elements.json, a README, the CHANGELOG and
 * the licence. Run from the repository root.
 */
export default defineConfig({
  resolve: { alias: PREACT_ALIASES },
  define: { ...WIDGET_DEFINES, "process.env.NODE_ENV": JSON.stringify("production") },
  publicDir: false,
  build: {
    outDir: OUT,
    emptyOutDir: true,
    // Apps bundle this themselves; es2022 keeps class fields as they are.
    target: "es2022",
    sourcemap: true,
    lib: {
      entry: { index: "widgets/package/index.ts", ...Object.fromEntries(WIDGETS.map((w) => [w.script, `widgets/package/${w.script}.ts`])) },
      formats: ["es"],
      fileName: (_format, name) => `${name}.js`,
    },
    rollupOptions: {
      onwarn(warning, warn) {
        // zod's sources carry comments rollup reports as misplaced annotations: noise, not a problem.
        if (warning.code !== "INVALID_ANNOTATION") warn(warning);
      },
    },
  },
  plugins: [
    dts({
      tsconfigPath: "tsconfig.json",
      entryRoot: ".",
      include: ["widgets/**/*.ts", "widgets/**/*.tsx", "domain/**/*.ts"],
      exclude: ["**/*.test.ts", "**/*.test.tsx", "widgets/test-setup.ts", "widgets/package/vite.config.ts", "widgets/package/custom-elements.ts"],
      // widgets/jsx.d.ts: the JSX typings, loaded with the types of index.js (it re-exports from them).
      copyDtsFiles: true,
      insertTypesEntry: true,
      // The preact alias is for the bundle only: the typings speak React, as the app does.
      aliasesExclude: [/^react(-dom)?(\/|$)/],
      afterBuild: () => {
        finishPackage(OUT, VERSION);
        copyFileSync("custom-elements.json", `${OUT}/custom-elements.json`);
        copyFileSync("widgets/package/README.md", `${OUT}/README.md`);
        copyFileSync("CHANGELOG.md", `${OUT}/CHANGELOG.md`);
        copyFileSync("widgets/LICENSE", `${OUT}/LICENSE`);
      },
    }),
  ],
});
