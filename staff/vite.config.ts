import { fileURLToPath } from "node:url";
import { defineConfig } from "vite";

/**
 * The staff console: a React 19 app (react-dom, not preact: it is not
 * embedded anywhere, so size matters less than the real React's behaviour),
 * built into dist/staff with hashed assets and served at /staff by
 * api/routes/staff-console.ts. Deliberately not the root vite.config.ts,
 * whose aliases turn react into preact/compat for the widgets.
 */
export default defineConfig({
  root: fileURLToPath(new URL(".", import.meta.url)),
  base: "/staff/",
  publicDir: false,
  esbuild: { jsx: "automatic" },
  define: { "process.env.NODE_ENV": JSON.stringify("production") },
  build: {
    outDir: fileURLToPath(new URL("../dist/staff", import.meta.url)),
    emptyOutDir: true,
    target: "es2022",
    // Maps are built for developers, without a sourceMappingURL comment; the server never serves them
    // (api/middleware/source-maps.ts).
    sourcemap: "hidden",
    // Every browser we support has module preload; the polyfill would only add bytes.
    modulePreload: { polyfill: false },
  },
});
