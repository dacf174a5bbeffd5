/**
 * The public pages at a 390 px phone: console data never
 * widens a page, and the floating call button never sits on the content a
 * visitor scrolls to.
 */
import type { Locator, Page } from "@playwright/test";
import { expect, test } from "./staff-fixtures";
import { expectRunning } from "./widget-running";

test.use({ viewport: { width: 390, height: 844 } });

/** Whether two boxes share any area. */
const overlaps = (a: { x: number; y: number; width: number; height: number }, b: typeof a) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

/** Scrolls from the top until `target` just comes into view, as a visitor reading down does, and checks the floating call button is not on it. */
async function expectClearOfFloatingCall(page: Page, target: Locator, what: string) {
  await page.evaluate(() => window.scrollTo(0, 0));
  await target.evaluate((el) => el.scrollIntoView({ block: "nearest" }));
  await expect(target).toBeInViewport();
  const button = (await page.locator(".floating-call").boundingBox())!;
  const box = (await target.boundingBox())!;
  expect(overlaps(button, box), `the floating call button (${JSON.stringify(button)}) covers ${what} (${JSON.stringify(box)})`).toBe(false);
}

test.describe("at 390 px", { tag: "@layout" }, () => {
  test("a vehicle with a 600-character unbroken name does not scroll the page sideways", async ({ page, makeVehicle }) => {
    const v = await makeVehicle({ name: `Cart${"X".repeat(596)}` });
    await page.goto(`/vehicle/${v.id}`);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(v.name);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  });

  test("the floating call button covers neither the 6-seater price, nor a contact form error, nor a vehicle's brand tile", async ({ page }) => {
    await page.goto("/rentals");
    const sixSeater = page.locator("gc-rental-pricing").getByRole("article").filter({ hasText: "6 Seater" });
    await expectClearOfFloatingCall(page, sixSeater.getByText(/^\$\d/).last(), "the 6-seater's last price");

    await page.goto("/contact");
    await expectRunning(page.locator("gc-contact-form"));
    await page.getByRole("button", { name: "Send Message" }).click();
    const errors = page.locator("gc-contact-form .field-error");
    await expect(errors.first()).toBeVisible();
    for (const error of await errors.all()) await expectClearOfFloatingCall(page, error, `the error "${await error.textContent()}"`);

    await page.goto("/vehicle/denago-ev-city");
    await expectClearOfFloatingCall(page, page.locator("gc-vehicle-detail .tile").filter({ hasText: "DENAGO" }), "the brand tile");
  });
});
