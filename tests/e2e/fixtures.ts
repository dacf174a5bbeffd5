import { test as base, expect } from "@playwright/test";

/** Console errors a test may expect; anything else fails the test. */
export interface ConsoleGuard {
  allow(pattern: RegExp): void;
}

/**
 * `test` with a guard that fails on any page error or console.error the test
 * did not declare with `consoleGuard.allow(/.../)`.
 */
export const test = base.extend<{ consoleGuard: ConsoleGuard }>({
  consoleGuard: [
    async ({ page }, use) => {
      const allowed: RegExp[] = [];
      const problems: string[] = [];
      page.on("pageerror", (err) => problems.push(`pageerror: ${err.message}`));
      page.on("console", (msg) => {
        if (msg.type() !== "error") return;
        const text = msg.text();
        // "Failed to load resource" names no address; its location does.
        const where = msg.location().url;
        if (!allowed.some((re) => re.test(text))) problems.push(`console.error: ${text}${where ? ` (${where})` : ""}`);
      });
      await use({ allow: (re) => allowed.push(re) });
      expect(problems, "unexpected console errors or page errors").toEqual([]);
    },
    { auto: true },
  ],
});

export { expect };
