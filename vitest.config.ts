import { defineConfig } from "vitest/config";
import { PREACT_ALIASES, WIDGET_DEFINES } from "./vite.config";

export default defineConfig({
  test: {
    globals: true,
    pool: "forks",
    maxWorkers: 2,
    projects: [
      {
        extends: true,
        test: {
          name: "core",
          environment: "node",
          include: ["domain/**/*.test.ts", "api/**/*.test.ts", "host-site/**/*.test.{ts,tsx}", "tests/*.test.ts", "bench/**/*.test.ts"],
          // Many of these start a server, an npm command or PostgreSQL: vitest's 5 s default was run out (5.3 s) by a
          // lead-mail test that starts a server and an SMTP sink, on a 2-core machine shared with other runs.
          testTimeout: 20_000,
        },
      },
      {
        // Widgets are tested as they ship: on preact/compat.
        extends: true,
        resolve: { alias: PREACT_ALIASES },
        define: WIDGET_DEFINES,
        test: {
          name: "widgets",
          environment: "jsdom",
          // Dependencies that import react must go through the alias too.
          server: { deps: { inline: [/@r2wc/, /@testing-library\/react/, /zustand/, /react-hook-form/, /@hookform/] } },
          include: ["widgets/**/*.test.{ts,tsx}"],
          setupFiles: ["widgets/test-setup.ts"],
        },
      },
      {
        // The built server and the operator's commands, run as an operator runs them (they need `npm run build`).
        extends: true,
        test: { name: "ops", environment: "node", include: ["tests/ops/**/*.test.ts"], testTimeout: 120_000, hookTimeout: 60_000 },
      },
      {
        // The staff console runs on the real React (react-dom), so no preact alias here.
        extends: true,
        test: { name: "staff", environment: "jsdom", include: ["staff/**/*.test.{ts,tsx}"], setupFiles: ["staff/test-setup.ts"] },
      },
    ],
  },
});
