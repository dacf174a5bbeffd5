import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    globals: true,
    include: ["domain/**/*.test.ts", "api/**/*.test.ts"],
    pool: "forks",
    maxWorkers: 2,
  },
});
