import { defineConfig } from "tsup";

/** The Node server: API, site router and demo server, bundled with the core. Dependencies stay external. */
export default defineConfig({
  entry: { main: "api/main.ts" },
  outDir: "dist/server",
  format: "esm",
  platform: "node",
  target: "node20",
  sourcemap: true,
  clean: true,
  splitting: false,
});
