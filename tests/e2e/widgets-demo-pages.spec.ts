import type { Page } from "@playwright/test";
import { DEMO } from "../../playwright.config";
import { expect, test } from "./fixtures";

const TAGS = ["gc-inventory", "gc-vehicle-detail", "gc-rental-pricing", "gc-eco-calculator", "gc-contact-form"] as const;

/** Wait until each element has rendered its own content (more than styles) into its shadow root. */
async function expectRendered(page: Page, tag: string) {
  const el = page.locator(tag);
  await expect(el).toHaveCount(1);
  await expect.poll(() => el.evaluate((e) => e.shadowRoot?.textContent?.trim().length ?? 0), { message: `${tag} renders` }).toBeGreaterThan(20);
}

test.describe("partner demo pages", () => {
  test("the index links every demo page", async ({ page }) => {
    await page.goto(`${DEMO}/`);
    for (const name of ["A resort", "A town visitor guide", "A sales landing page", "A strict Content-Security-Policy", "The script pasted twice"]) {
      await expect(page.getByRole("link", { name })).toBeVisible();
    }
  });

  test("resort: the calculator with the resort's defaults, and Evolution carts only", async ({ page }) => {
    await page.goto(`${DEMO}/resort.html`);
    await expectRendered(page, "gc-eco-calculator");
    await expect(page.getByLabel("Miles per week")).toHaveValue("60");
    await expect(page.getByLabel("Usage type")).toHaveValue("commercial");
    await expect(page.getByLabel("Time frame")).toHaveValue("3");
    const cards = page.locator("gc-inventory").getByRole("list", { name: "Vehicles" }).getByRole("listitem");
    await expect(cards.first()).toBeVisible();
    expect(await cards.count()).toBeLessThanOrEqual(6);
    for (const text of await cards.allInnerTexts()) expect(text.toLowerCase()).toContain("evolution");
  });

  test("resort: the widgets take the page's theme through --gc-* properties", async ({ page }) => {
    await page.goto(`${DEMO}/resort.html`);
    const button = page.locator("gc-eco-calculator").getByRole("button", { name: "Calculate Impact" });
    await expect(button).toHaveCSS("background-color", "rgb(19, 64, 116)");
  });

  test("town: rental prices and the calculator in the default theme", async ({ page }) => {
    await page.goto(`${DEMO}/town.html`);
    const rentals = page.locator("gc-rental-pricing");
    await expect(rentals.getByRole("heading", { level: 3 })).toHaveText(["4 Seater", "6 Seater", "Utility"]);
    await expect(rentals.getByRole("link", { name: /^Reserve a .* today/ })).toHaveCount(3);
    await expect(rentals.getByRole("link", { name: /^Reserve a 6 Seater today/ })).toHaveAttribute("href", /^tel:\+1\d{10}$/);
    await expect(rentals.getByText("SAVE 16.9%")).toBeVisible();
    await expect(rentals.locator('[part="footnote"]')).toContainText("refunded in 3-5 business days");
    await expectRendered(page, "gc-eco-calculator");
    await expect(page.locator("gc-eco-calculator").getByRole("button", { name: "Calculate Impact" })).toHaveCSS("background-color", "rgb(15, 118, 110)");
  });

  test("landing: the contact form, sending with its source", async ({ page }) => {
    await page.goto(`${DEMO}/landing.html`);
    await expectRendered(page, "gc-contact-form");
    await expect(page.getByLabel("Interest")).toHaveValue("sales");
    await expect(page.getByRole("button", { name: "Send Message" })).toBeEnabled();
  });

  test("strict CSP: every widget renders with no violation", async ({ page }) => {
    const violations: string[] = [];
    page.on("console", (msg) => {
      if (/Content Security Policy|Refused to/i.test(msg.text())) violations.push(`console: ${msg.text()}`);
    });
    await page.addInitScript(() => {
      const seen: string[] = ((window as unknown as { __cspViolations: string[] }).__cspViolations = []);
      document.addEventListener("securitypolicyviolation", (e) => seen.push(`${e.violatedDirective} ${e.blockedURI}`));
    });
    const response = await page.goto(`${DEMO}/strict-csp.html`);
    const csp = response!.headers()["content-security-policy"];
    expect(csp).toContain("default-src 'none'");
    expect(csp).not.toContain("unsafe-inline");

    for (const tag of TAGS) await expectRendered(page, tag);
    await expect(page.locator("gc-vehicle-detail").getByRole("heading", { level: 2 }).first()).toBeVisible();
    await expect(page.locator("gc-inventory").getByRole("list", { name: "Vehicles" }).getByRole("listitem").first()).toBeVisible();
    // Styles arrived as constructed sheets: a themed button is not the browser's grey.
    await expect(page.locator("gc-eco-calculator").getByRole("button", { name: "Calculate Impact" })).toHaveCSS("background-color", "rgb(15, 118, 110)");

    // Use what could trip the policy: a calculation (timers, frames) and form validation (zod).
    await page.locator("gc-eco-calculator").getByRole("button", { name: "Calculate Impact" }).click();
    await expect(page.getByText("Great Choice for the Environment!")).toBeVisible();
    await page.locator("gc-contact-form").getByRole("button", { name: "Send Message" }).click();
    await expect(page.getByText("First name is required")).toBeVisible();

    const fromEvents = await page.evaluate(() => (window as unknown as { __cspViolations: string[] }).__cspViolations);
    expect([...violations, ...fromEvents]).toEqual([]);
  });

  test("the script tag twice (and a per-widget script too) renders each widget once, with no error", async ({ page }) => {
    const warnings: string[] = [];
    page.on("console", (msg) => {
      if (msg.type() === "warning") warnings.push(msg.text());
    });
    await page.goto(`${DEMO}/twice.html`);
    await expectRendered(page, "gc-rental-pricing");
    await expectRendered(page, "gc-eco-calculator");
    await expect(page.locator("gc-rental-pricing").getByRole("article")).toHaveCount(1);
    await expect(page.locator("gc-rental-pricing").getByRole("heading", { level: 3 })).toHaveText(["4 Seater"]);
    await expect(page.locator("gc-eco-calculator").locator("form")).toHaveCount(1);
    await expect(page.getByLabel("Miles per week")).toHaveValue("30");
    // gc-widgets.js loads the code of the elements on the page only (decision 0060): the others stay undefined.
    expect(await page.evaluate((tags) => tags.map((t) => !!customElements.get(t)), [...TAGS])).toEqual(
      TAGS.map((t) => t === "gc-rental-pricing" || t === "gc-eco-calculator"),
    );
    expect(warnings.filter((w) => w.includes("could not be defined"))).toEqual([]);
  });
});
