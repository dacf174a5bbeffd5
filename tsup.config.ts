import { defineConfig } from "tsup";

/**
 * The Node server (API, site router and demo server) and the operator's
 * commands (staff, leads, photos, backup, restore: `scripts/cli.mjs` runs them),
 * each bundled with the core. Dependencies stay external: they are what
 * `npm ci --omit=dev` installs on a production machine.
 */
export default defineConfig({
  entry: {
    main: "server/main.ts",
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
});
