import { defineConfig } from "tsup";

/**
 * The Node server (API, site router and demo server) and the operator's
 * commands (staff, leads, photos, backup, restore: `scripts/cli.mjs` runs them),
 * each bundled with the core and with the dependencies written in JavaScript:
 * one file loads in about half the time Node's module loader takes to resolve,
 * read and link a few hundred (decision 0014: loading modules is most of a
 * restart). Three stay external, as `npm ci --omit=dev` installs them: sharp
 * and pg (native code, loaded only when a photo or a database needs them) and
 * nodemailer (loaded with the first mail).
 */
const EXTERNAL = ["sharp", "pg", "nodemailer"];
export default defineConfig({
  entry: {
    main: "server/main.ts",
    // The worker thread that plans large syncs and imports beside the server (api/off-loop.ts).
    "plan-worker": "api/plan-worker.ts",
    "cli/staff": "api/cli/staff.ts",
    "cli/leads": "api/cli/export-leads.ts",
    "cli/photos": "api/cli/photos.ts",
    "cli/backup": "api/cli/backup.ts",
    "cli/restore": "api/cli/restore.ts",
    "cli/migrate-to-postgres": "api/cli/migrate-to-postgres.ts",
  },
  outDir: "dist/server",
  format: "esm",
  platform: "node",
  target: "node20",
  sourcemap: true,
  clean: true,
  splitting: false,
  external: EXTERNAL,
  noExternal: [new RegExp(`^(?!(${EXTERNAL.join("|")})(/|$))`)],
  // The CommonJS dependencies (Express, React's server renderer…) call require() for Node's own modules.
  banner: { js: 'import { createRequire as __createRequire } from "node:module"; const require = __createRequire(import.meta.url);' },
});
