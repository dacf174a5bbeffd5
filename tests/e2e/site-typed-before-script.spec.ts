/**
 * A visitor on a slow connection types into a served widget before its script has run: once it runs, what they typed
 * is the widget's, neither reset nor ignored (widgets/shared/typed-before-hydration.ts).
 */
import type { Page } from "@playwright/test";
import { estimatePayment, formatCents } from "../../domain/payment";
import { expect, test } from "./fixtures";
import { expectRunning } from "./widget-running";

/** Holds `/widgets/<script>.js` until the returned function is called, then waits for the widget to take over. */
async function holdScript(page: Page, script: string, tag: string) {
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(`**/widgets/${script}.js`, async (route) => {
    await held;
    await route.continue();
  });
  return async () => {
    release();
    await expectRunning(page.locator(tag));
  };
}

test("the payment estimate computes the figures typed before it ran, and the next key keeps them", async ({ page }) => {
  const run = await holdScript(page, "vehicle-detail", "gc-vehicle-detail");
  await page.goto("/vehicle/evolution-d5-ranger-4", { waitUntil: "commit" });
  const estimate = page.locator("gc-vehicle-detail").locator('[part="estimate"]');
  await estimate.getByLabel("Price ($)").fill("10000");
  await estimate.getByLabel("Down payment ($)").fill("0");
  await estimate.getByLabel("Term (months)").selectOption("60");
  await estimate.getByLabel("APR (%)").fill("6.99");
  await run();

  const known = { price: 10_000, down: 0, termMonths: 60, apr: 6.99 };
  await expect(estimate.getByRole("status")).toContainText(`Estimated ${formatCents(estimatePayment(known).monthlyCents)} a month for 60 months`);
  await estimate.getByLabel("Down payment ($)").fill("1000");
  await expect(estimate.getByRole("status")).toContainText(`Estimated ${formatCents(estimatePayment({ ...known, down: 1_000 }).monthlyCents)} a month`);
  await expect(estimate.getByLabel("Price ($)")).toHaveValue("10000");
});

test("the contact form sends what was typed before it ran", async ({ page }, testInfo) => {
  const run = await holdScript(page, "contact-form", "gc-contact-form");
  await page.goto("/contact", { waitUntil: "commit" });
  const form = page.locator("gc-contact-form");
  await form.getByLabel("First Name").fill("Early");
  await form.getByLabel("Last Name").fill(`Typist-${testInfo.project.name}`);
  await form.getByLabel("Email").fill(`early-${testInfo.project.name}-${Date.now()}@example.com`);
  await form.getByLabel("Phone").fill("302-555-0100");
  await form.getByLabel("Message").fill("Typed while the page was still loading.");
  await run();

  await expect(form.getByLabel("First Name")).toHaveValue("Early");
  await expect(form.getByLabel("Message")).toHaveValue("Typed while the page was still loading.");
  await form.getByRole("button", { name: "Send Message" }).click();
  await expect(page).toHaveURL(/\/thank-you$/);
});

test("the eco calculator calculates the miles typed before it ran", async ({ page }) => {
  await page.addInitScript(() => {
    document.addEventListener("gc-calculated", (e) => ((window as unknown as { calculated: unknown }).calculated = (e as CustomEvent).detail));
  });
  const run = await holdScript(page, "eco-calculator", "gc-eco-calculator");
  await page.goto("/eco-impact", { waitUntil: "commit" });
  const eco = page.locator("gc-eco-calculator");
  await eco.getByLabel("Miles per week").fill("123");
  await run();

  await expect(eco.getByLabel("Miles per week")).toHaveValue("123");
  await eco.getByRole("button", { name: "Calculate Impact" }).click();
  await expect.poll(() => page.evaluate(() => (window as unknown as { calculated?: { milesPerWeek: number } }).calculated?.milesPerWeek)).toBe(123);
});

test("the rental request takes the dates typed and the boxes ticked before it ran", async ({ page }) => {
  const run = await holdScript(page, "rental-booking", "gc-rental-booking");
  await page.goto("/rentals", { waitUntil: "commit" });
  const booking = page.locator("gc-rental-booking");
  // A day of its own, apart from the other rental tests' days.
  const day = (n: number) => `${new Date(Date.now() + n * 86_400_000).toISOString().slice(0, 10)}T10:00`;
  await booking.getByLabel("Starts", { exact: true }).fill(day(26));
  await booking.getByLabel("Ends", { exact: true }).fill(day(27));
  await booking.getByLabel(/18 or older/).check();
  await booking.getByLabel(/I accept the/).check();
  await run();

  await expect(booking.getByText(/carts? free for those dates\./)).toBeVisible();
  await booking.getByLabel("First name", { exact: true }).fill("Early");
  await booking.getByLabel("Last name", { exact: true }).fill("Booker");
  await booking.getByLabel("Email", { exact: true }).fill(`early-rental-${Date.now()}@example.com`);
  await booking.getByLabel("Phone", { exact: true }).fill("(302) 555-0142");
  await booking.getByRole("button", { name: "Request this rental" }).click();
  await expect(booking.getByRole("heading", { name: /^Request sent: R-/ })).toBeVisible();
});
