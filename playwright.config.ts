import path from "node:path";
import { defineConfig, devices } from "@playwright/test";
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from "./scripts/chromium";

/** Ports apart from a developer's `npm start` on 3000/3001; E2E_PORT moves them (the demo takes the next one). */
export const E2E_PORT = Number(process.env.E2E_PORT ?? 4310);
export const E2E_DEMO_PORT = E2E_PORT + 1;
export const E2E_DATA_DIR = path.resolve(`.tmp/e2e-data-${E2E_PORT}`);
export const SITE = `http://localhost:${E2E_PORT}`;
export const DEMO = `http://localhost:${E2E_DEMO_PORT}`;

// The servers some tests start in their own process (tests/e2e/site-isolation.spec.ts, …) run as `npm start` runs
// them (server/main.ts): in production mode, React's production build included. Set before any test file loads React.
process.env.NODE_ENV ??= "production";

const chromium = { executablePath: CHROMIUM_PATH, args: [...CHROMIUM_FLAGS] };

export default defineConfig({
  testDir: "tests/e2e",
  fullyParallel: true,
  workers: 2,
  retries: 0,
  reporter: process.env.CI ? [["list"]] : [["list"]],
  use: { baseURL: SITE, launchOptions: chromium, trace: "off" },
  projects: [
    { name: "desktop", use: { ...devices["Desktop Chrome"], launchOptions: chromium } },
    // At phone width only the tests whose point is the layout there (menus, floating call, overflow, responsive images,
    // visual stability): `{ tag: "@layout" }` on the test or its describe. Everything else runs once, on desktop.
    { name: "phone", grep: /@layout/, use: { ...devices["Pixel 7"], launchOptions: chromium } },
  ],
  webServer: {
    command: `rm -rf ${E2E_DATA_DIR} && node dist/server/main.js`,
    url: `${SITE}/api/health`,
    reuseExistingServer: false,
    timeout: 30_000,
    env: {
      PORT: String(E2E_PORT),
      DEMO_PORT: String(E2E_DEMO_PORT),
      DATA_DIR: E2E_DATA_DIR,
      CONTACT_RATE_LIMIT: "0",
      // The staff tests sign in many times from one address; the per-IP limit has tests of its own.
      STAFF_SIGNIN_RATE_LIMIT: "0",
      // Every rental of the suite is requested from one address; the limit has tests of its own (api/rental-holds.test.ts).
      RENTAL_UNCONFIRMED_LIMIT: "0",
      // So is every test drive (api/test-drive-holds.test.ts tests that limit).
      TEST_DRIVE_LIMIT: "0",
      // No NODE_ENV: the server runs as `npm start` runs it.
    },
  },
});
