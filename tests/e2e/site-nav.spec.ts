/** The header's navigation rules and the mobile slide-out menu (spec §2 Global). */
import { BUSINESS } from "../../domain/business";
import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures";

const MAIN = ["/", "/inventory", "/rentals", "/services", "/showroom", "/contact"] as const;

/** The hrefs of the header's links marked aria-current="page". */
async function currentLinks(page: import("@playwright/test").Page): Promise<string[]> {
  return page.locator('#site-menu a[aria-current="page"]').evaluateAll((as) => as.map((a) => a.getAttribute("href")!));
}

test.describe("active item", () => {
  const cases: [string, string[]][] = [
    ["/", ["/"]],
    ["/inventory", ["/inventory"]],
    ["/inventory?gc-brand=denago", ["/inventory"]],
    ["/rentals", ["/rentals"]],
    ["/services", ["/services"]],
    ["/showroom", ["/showroom"]],
    ["/contact", ["/contact"]],
    ["/about", ["/about"]],
    ["/eco-impact", ["/eco-impact"]],
    ["/lewes-golf-carts", []],
    ["/policies/rental-policy", []],
    ["/vehicle/denago-ev-city", []],
  ];
  for (const [path, expected] of cases) {
    test(`on ${path}: ${expected.join(", ") || "none"}`, async ({ page }) => {
      await page.goto(path);
      expect(await currentLinks(page)).toEqual(expected);
    });
  }

  test("the header has every item, the About dropdown and Call Now", async ({ page }) => {
    await page.goto("/");
    const nav = page.locator("#site-menu");
    for (const href of MAIN) await expect(nav.locator(`a.nav-link[href="${href}"]`)).toHaveCount(1);
    await expect(nav.locator("#about-menu a")).toHaveText(["About Us", "Eco-Impact Calculator"]);
    await expect(nav.locator("#about-menu a").nth(0)).toHaveAttribute("href", "/about");
    await expect(nav.locator("#about-menu a").nth(1)).toHaveAttribute("href", "/eco-impact");
    await expect(nav.locator("a.nav-call")).toHaveText(/Call Now/);
    await expect(nav.locator("a.nav-call")).toHaveAttribute("href", `tel:${BUSINESS.phones.main.e164}`);
  });
});

test.describe("desktop", () => {
  test.beforeEach(({ page }) => {
    test.skip(page.viewportSize()!.width < 1024, "desktop layout only");
  });

  test("the About dropdown opens from the keyboard and closes on Escape", async ({ page }) => {
    await page.goto("/");
    const toggle = page.getByRole("button", { name: "About" });
    const menu = page.locator("#about-menu");
    await expect(page.getByRole("button", { name: "Menu" })).toBeHidden();
    await expect(menu).toBeHidden();
    await toggle.focus();
    await page.keyboard.press("Enter");
    await expect(toggle).toHaveAttribute("aria-expanded", "true");
    await expect(menu).toBeVisible();
    await page.keyboard.press("Tab");
    await expect(menu.getByRole("link", { name: "About Us" })).toBeFocused();
    await page.keyboard.press("Escape");
    await expect(toggle).toHaveAttribute("aria-expanded", "false");
    await expect(toggle).toBeFocused();
    await page.mouse.move(0, 400);
    await expect(menu).toBeHidden();
  });

  // Spec §9's interface timings, on the page's own clock: nothing here waits for real time to pass.
  /** Stops the page's clock (installed before it loaded) a moment ahead, so only runFor moves it. */
  const pauseClock = async (page: Page) => page.clock.pauseAt(await page.evaluate(() => Date.now() + 1000));

  test("the About menu opens once the mouse rests 100 ms on it and stays 300 ms after it leaves", async ({ page }) => {
    await page.clock.install();
    await page.goto("/");
    await pauseClock(page);
    const toggle = page.getByRole("button", { name: "About" });
    const menu = page.locator("#about-menu");
    const away = async () => page.mouse.move(640, 700);

    // A mouse passing over it opens nothing.
    await toggle.hover();
    await page.clock.runFor(60);
    await away();
    await page.clock.runFor(1000);
    await expect(menu).toBeHidden();

    await toggle.hover();
    await page.clock.runFor(99);
    await expect(menu).toBeHidden();
    await page.clock.runFor(1);
    await expect(menu).toBeVisible();
    await expect(toggle).toHaveAttribute("aria-expanded", "true");

    // Leaving and coming back within the grace keeps it open; leaving for 300 ms closes it.
    await away();
    await page.clock.runFor(299);
    await expect(menu).toBeVisible();
    await menu.getByRole("link", { name: "Eco-Impact Calculator" }).hover();
    await page.clock.runFor(1000);
    await expect(menu).toBeVisible();
    await away();
    await page.clock.runFor(299);
    await expect(menu).toBeVisible();
    await page.clock.runFor(1);
    await expect(menu).toBeHidden();
    await expect(toggle).toHaveAttribute("aria-expanded", "false");

    // Opened by a click, it stays when the mouse leaves.
    await toggle.click();
    await away();
    await page.clock.runFor(1000);
    await expect(menu).toBeVisible();
  });

  test("typing in the open About menu goes to the item that starts with the letters, and forgets them after 1 s", async ({ page }) => {
    await page.clock.install();
    await page.goto("/");
    await pauseClock(page);
    const toggle = page.getByRole("button", { name: "About" });
    const menu = page.locator("#about-menu");
    await toggle.focus();
    await page.keyboard.press("Enter");
    await expect(menu).toBeVisible();
    await page.keyboard.press("e");
    await expect(menu.getByRole("link", { name: "Eco-Impact Calculator" })).toBeFocused();
    // Within the second, "a" adds to "e": no item starts with "ea", so focus stays.
    await page.clock.runFor(999);
    await page.keyboard.press("a");
    await expect(menu.getByRole("link", { name: "Eco-Impact Calculator" })).toBeFocused();
    // A second after the last key the letters are forgotten: "a" alone finds About Us.
    await page.clock.runFor(1000);
    await page.keyboard.press("a");
    await expect(menu.getByRole("link", { name: "About Us" })).toBeFocused();
    // Letters match whatever their case.
    await page.clock.runFor(1000);
    await page.keyboard.press("E");
    await expect(menu.getByRole("link", { name: "Eco-Impact Calculator" })).toBeFocused();
    await expect(menu).toBeVisible();
  });
});

test.describe("mobile menu", { tag: "@layout" }, () => {
  test.beforeEach(({ page }) => {
    test.skip(page.viewportSize()!.width >= 1024, "mobile layout only");
  });

  test("opens and closes with its toggle, focusing the first link", async ({ page }) => {
    await page.goto("/");
    const toggle = page.getByRole("button", { name: "Menu" });
    const panel = page.locator("#site-menu");
    await expect(toggle).toHaveAttribute("aria-expanded", "false");
    await expect(panel).toBeHidden();
    await toggle.click();
    await expect(toggle).toHaveAttribute("aria-expanded", "true");
    await expect(panel).toBeVisible();
    await expect(panel.getByRole("link", { name: "Home" })).toBeFocused();
    await toggle.click();
    await expect(toggle).toHaveAttribute("aria-expanded", "false");
    await expect(panel).toBeHidden();
  });

  test("Escape closes it and returns focus to the toggle", async ({ page }) => {
    await page.goto("/rentals");
    const toggle = page.getByRole("button", { name: "Menu" });
    await toggle.focus();
    await page.keyboard.press("Enter");
    await expect(page.locator("#site-menu")).toBeVisible();
    await page.keyboard.press("Tab");
    await page.keyboard.press("Escape");
    await expect(toggle).toHaveAttribute("aria-expanded", "false");
    await expect(page.locator("#site-menu")).toBeHidden();
    await expect(toggle).toBeFocused();
  });

  test("keeps keyboard focus inside while open", async ({ page }) => {
    await page.goto("/");
    const toggle = page.getByRole("button", { name: "Menu" });
    await toggle.click();
    await page.keyboard.press("Shift+Tab");
    await expect(toggle).toBeFocused();
    await page.keyboard.press("Shift+Tab");
    await expect(page.locator("#site-menu").getByRole("link", { name: /Call Now/ })).toBeFocused();
    await page.keyboard.press("Tab");
    await expect(toggle).toBeFocused();
  });

  test("tapping the dimmed page beside it closes it, and the tap reaches nothing behind", async ({ page }) => {
    await page.goto("/");
    const toggle = page.getByRole("button", { name: "Menu" });
    const panel = page.locator("#site-menu");
    await toggle.tap();
    await expect(panel).toBeVisible();
    const { x } = (await panel.boundingBox())!;
    expect(x).toBeGreaterThan(20);
    await page.touchscreen.tap(x / 2, page.viewportSize()!.height / 2);
    await expect(toggle).toHaveAttribute("aria-expanded", "false");
    await expect(panel).toBeHidden();
    await expect(page).toHaveURL(/\/$/);
  });

  test("tapping a link in it closes it and goes there", async ({ page }) => {
    await page.goto("/");
    const toggle = page.getByRole("button", { name: "Menu" });
    await toggle.tap();
    await page.locator("#site-menu").getByRole("link", { name: "Rentals" }).tap();
    await expect(page).toHaveURL(/\/rentals$/);
    await expect(page.getByRole("button", { name: "Menu" })).toHaveAttribute("aria-expanded", "false");
    await expect(page.locator("#site-menu")).toBeHidden();
  });

  test("the About group opens inside it, and tapping one of its links closes it", async ({ page }) => {
    await page.goto("/");
    await page.getByRole("button", { name: "Menu" }).tap();
    const about = page.getByRole("button", { name: "About" });
    await expect(page.locator("#about-menu")).toBeHidden();
    await about.tap();
    await expect(about).toHaveAttribute("aria-expanded", "true");
    await page.locator("#about-menu").getByRole("link", { name: "Eco-Impact Calculator" }).tap();
    await expect(page).toHaveURL(/\/eco-impact$/);
    await expect(page.getByRole("button", { name: "Menu" })).toHaveAttribute("aria-expanded", "false");
    await expect(page.locator("#site-menu")).toBeHidden();
  });
});
