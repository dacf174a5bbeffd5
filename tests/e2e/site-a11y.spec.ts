/** axe-core finds no WCAG 2.1 A or AA violations on any page type, at desktop and phone sizes. */
import AxeBuilder from "@axe-core/playwright";
import { expect, test } from "./fixtures";
import { CORE_PATHS } from "./site-routes";

// axe walks every element of a page: /inventory's 35 cards took 4 s alone, 18 s when 8 test runs shared the 2-core machine.
test.describe.configure({ timeout: 60_000 });

const PAGE_TYPES = [
  ...CORE_PATHS,
  "/rehoboth-beach-golf-carts",
  "/policies/return-policy",
  "/policies/staffing-report",
  "/privacy-policy",
  "/sitemap",
  "/vehicle/evolution-d6-max-xt4",
  "/vehicles/no-such-cart",
  "/no-such-page",
];

for (const path of PAGE_TYPES) {
  // At phone width too: what axe sees (what is hidden, what lies behind a text, the menu's toggle) is the layout's.
  test(`no WCAG 2.1 A/AA violations on ${path}`, { tag: "@layout" }, async ({ page, consoleGuard }) => {
    // The not-found pages are answered with status 404, which Chromium logs.
    consoleGuard.allow(/status of 404/);
    await page.goto(path);
    await page.waitForLoadState("networkidle");
    const results = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]).analyze();
    const summary = results.violations.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(" ")).join("; ")})`);
    expect(summary).toEqual([]);
  });
}

test("no violations with the mobile menu open", { tag: "@layout" }, async ({ page }) => {
  test.skip(page.viewportSize()!.width >= 1024, "mobile layout only");
  await page.goto("/");
  await page.getByRole("button", { name: "Menu" }).click();
  await expect(page.locator("#site-menu")).toBeVisible();
  const results = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]).analyze();
  expect(results.violations.map((v) => v.id)).toEqual([]);
});
