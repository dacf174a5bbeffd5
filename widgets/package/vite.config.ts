import { copyFileSync } from "node:fs";
import { defineConfig } from "vite";
import dts from "vite-plugin-dts";
import { PREACT_ALIASES, WIDGET_DEFINES } from "../../vite.config";

const OUT = "dist/package";

/**
 * The npm package: one ESM module that defines all five elements, with
 * preact bundled in (the elements' insides are private, so the host app's
 * own React is never involved), type declarations, the JSX typings and
 * custom-elements.json. Run from the repository root.
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
    lib: { entry: "widgets/package/index.ts", formats: ["es"], fileName: () => "index.js" },
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
        copyFileSync("widgets/package/package.json", `${OUT}/package.json`);
        copyFileSync("custom-elements.json", `${OUT}/custom-elements.json`);
      },
    }),
  ],
});
