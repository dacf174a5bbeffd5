/**
 * Compare from the inventory: a visitor ticks up to three carts on the inventory's cards and gets the dealership's
 * shareable `/compare?ids=` page of them, on the site's own /inventory (with and without JavaScript) and from a
 * partner's `<gc-inventory>` on a third origin, whose link goes to the dealer site's comparison in the same tab as its
 * cards' links. At 1280 and 390 px. The real server (dist/, `npm run build`).
 */
import type { Locator, Page } from "@playwright/test";
import { SITE } from "../../playwright.config";
import { expect, partnerPage, RECORD_EVENTS, test } from "./third-origin";

/** The names of the first `n` cards of `inventory`, ticking each one's Compare. */
async function tick(inventory: Locator, n: number): Promise<string[]> {
  const cards = inventory.locator("[part=card]");
  const names: string[] = [];
  for (let i = 0; i < n; i++) {
    const name = (await cards.nth(i).getByRole("heading").textContent())!.trim();
    await inventory.getByRole("checkbox", { name: `Compare ${name}`, exact: true }).check();
    names.push(name);
  }
  return names;
}

/** The comparison page shows exactly these carts, by name. */
async function expectComparing(page: Page, names: string[]): Promise<void> {
  await expect(page.getByRole("heading", { level: 1, name: "Compare carts" })).toBeVisible();
  const header = page.locator(".compare-table thead th, .compare-cards .compare-card-title").filter({ visible: true });
  await expect(header).toHaveCount(names.length);
  for (const name of names) await expect(header.getByRole("link", { name, exact: true })).toHaveCount(1);
}

for (const width of [1280, 390]) {
  test.describe(`at ${width} px`, { tag: "@layout" }, () => {
    test.beforeEach(async ({ page }) => page.setViewportSize({ width, height: width > 800 ? 720 : 844 }));

    test("the site's /inventory: three carts ticked, a fourth refused, and their comparison", async ({ page, request }) => {
      // The served page names Compare on its cards (curl -s …/inventory | grep -ci compare).
      expect((await (await request.get("/inventory")).text()).match(/compare/gi)?.length ?? 0).toBeGreaterThan(0);
      await page.goto("/inventory");
      const inventory = page.locator("gc-inventory");
      await expect(inventory.locator("[part=card]").first()).toBeVisible();
      const compare = inventory.getByRole("button", { name: "Compare the carts ticked" });
      await expect(compare).toBeHidden();
      const names = await tick(inventory, 3);
      // The fourth cannot join a comparison of three.
      const fourth = (await inventory.locator("[part=card]").nth(3).getByRole("heading").textContent())!.trim();
      await expect(inventory.getByRole("checkbox", { name: `Compare ${fourth}`, exact: true })).toBeDisabled();
      await expect(compare).toBeInViewport();
      await compare.click();
      await expect(page).toHaveURL(/\/compare\?ids=[^&]+&ids=[^&]+&ids=[^&]+$/);
      await expectComparing(page, names);
    });

    test("the site's /inventory without JavaScript: two carts ticked and their comparison", async ({ browser }) => {
      const context = await browser.newContext({ javaScriptEnabled: false, viewport: { width, height: width > 800 ? 720 : 844 } });
      try {
        const page = await context.newPage();
        await page.goto(`${SITE}/inventory`);
        const inventory = page.locator("gc-inventory");
        const names = await tick(inventory, 2);
        await inventory.getByRole("button", { name: "Compare the carts ticked" }).click();
        await expect(page).toHaveURL(/\/compare\?ids=[^&]+&ids=[^&]+$/);
        await expectComparing(page, names);
      } finally {
        await context.close();
      }
    });

    test("a partner's <gc-inventory>: two carts ticked lead to the dealer site's comparison, in the same tab", async ({ page, thirdOrigin }) => {
      await page.goto(
        thirdOrigin.page(`/compare-${width}.html`, partnerPage(`${RECORD_EVENTS}<h1>Resort</h1><gc-inventory limit="6" source="dunes"></gc-inventory>`)),
      );
      const inventory = page.locator("gc-inventory");
      await expect(inventory.locator("[part=card]")).toHaveCount(6);
      await expect(inventory.getByRole("link", { name: /^Compare/ })).toHaveCount(0);
      const names = await tick(inventory, 2);
      const link = inventory.getByRole("link", { name: "Compare 2 carts" });
      await expect(link).toBeInViewport();
      await expect(link).not.toHaveAttribute("target");
      const href = (await link.getAttribute("href"))!;
      expect(new URL(href).origin).toBe(SITE);
      expect(new URL(href).pathname).toBe("/compare");
      expect(new URL(href).searchParams.get("utm_source")).toBe("dunes");
      await link.click();
      await expect(page).toHaveURL(new RegExp(`^${SITE}/compare\\?ids=`));
      await expectComparing(page, names);
    });

    test("a partner's <gc-inventory>: the comparison's gc-action names it, and Clear starts again", async ({ page, thirdOrigin }) => {
      await page.goto(thirdOrigin.page(`/compare-clear-${width}.html`, partnerPage(`${RECORD_EVENTS}<h1>Resort</h1><gc-inventory limit="3"></gc-inventory>`)));
      const inventory = page.locator("gc-inventory");
      await expect(inventory.locator("[part=card]")).toHaveCount(3);
      await tick(inventory, 3);
      await expect(inventory.getByRole("region", { name: "Compare" })).toContainText("3 carts picked, the most compared at once");
      await inventory.getByRole("button", { name: "Clear" }).click();
      await expect(inventory.getByRole("region", { name: "Compare" })).toHaveCount(0);
      await expect(inventory.getByRole("checkbox", { checked: true })).toHaveCount(0);
      await tick(inventory, 1);
      // The page hears where the visitor went (the click is stopped here to stay on the page).
      await page.evaluate(() => document.addEventListener("click", (e) => e.preventDefault(), { capture: false }));
      await inventory.getByRole("link", { name: "Compare 1 cart" }).click();
      await expect
        .poll(() =>
          page.evaluate(() =>
            (window as unknown as { gcEvents: { type: string; detail: { action: string } }[] }).gcEvents
              .filter((e) => e.type === "gc-action")
              .map((e) => e.detail.action),
          ),
        )
        .toEqual(["compare"]);
    });
  });
}
