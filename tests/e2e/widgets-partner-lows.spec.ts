/**
 * What a partner's developer checks on a page of a third origin: the booking's links in the theme's colours, the
 * vehicle detail's buttons leading to the vehicle's page, an attribute mistake reported once.
 */
import { SITE } from "../../playwright.config";
import { RECORD_EVENTS, expect, partnerPage, test } from "./third-origin";

type Recorded = { type: string; widget: string; detail: { message?: string } };
const recorded = (page: import("@playwright/test").Page) => page.evaluate(() => (window as unknown as { gcEvents: Recorded[] }).gcEvents);

test("an unknown interest is reported once, in gc-error and in the console, also when another problem comes later", async ({
  page,
  thirdOrigin,
  consoleGuard,
}) => {
  consoleGuard.allow(/status of 404/);
  const warnings: string[] = [];
  page.on("console", (m) => m.type() === "warning" && m.text().includes("[gc-contact-form]") && warnings.push(m.text()));
  await page.goto(
    thirdOrigin.page(
      "/interest.html",
      partnerPage(`<gc-contact-form interest="rentals" vehicle-id="no-such-cart" redirect=""></gc-contact-form>`, { head: RECORD_EVENTS }),
    ),
  );
  await expect(page.locator("gc-contact-form").getByLabel("Interest")).toHaveValue("sales");
  // The second problem (the cart is unknown) comes once the API has answered.
  await expect.poll(async () => (await recorded(page)).filter((e) => e.type === "gc-error").length).toBeGreaterThan(1);
  // The form is used after that: typing and a failed check render it again and again.
  const form = page.locator("gc-contact-form");
  await form.getByLabel("First Name").fill("Robin");
  await form.getByRole("button", { name: "Send Message" }).click();
  await expect(form.getByLabel(/^Last Name/)).toHaveAttribute("aria-invalid", "true");
  const errors = (await recorded(page)).filter((e) => e.type === "gc-error").map((e) => e.detail.message);
  expect(errors).toEqual(['"interest" must be one of sales, service, parts, general, got "rentals"', expect.stringContaining("no-such-cart")]);
  expect(warnings).toHaveLength(2);
});

test("the booking's links take the theme's colours: a partner's --gc-color-primary, and the dark theme's", async ({ page, thirdOrigin }) => {
  await page.goto(
    thirdOrigin.page(
      "/booking-colours.html",
      partnerPage(
        `<gc-rental-booking id="own" style="--gc-color-primary: rgb(160, 20, 90)"></gc-rental-booking><gc-rental-booking id="dark" theme="dark"></gc-rental-booking>`,
      ),
    ),
  );
  const colourOf = (booking: string, name: string | RegExp) =>
    page
      .locator(`#${booking}`)
      .getByRole("link", { name })
      .evaluate((a) => getComputedStyle(a).color);
  for (const name of ["rental agreement", /^\(\d{3}\) \d{3}-\d{4}$/]) {
    expect(await colourOf("own", name)).toBe("rgb(160, 20, 90)");
    // The dark theme's primary (#5eead4), 12:1 on its surface; never the browser's link blue.
    expect(await colourOf("dark", name)).toBe("rgb(94, 234, 212)");
  }
});

test("the vehicle detail's View Vehicle Details and Full Specifications lead to the vehicle's page on the dealership's site", async ({ page, thirdOrigin }) => {
  await page.goto(thirdOrigin.page("/detail-links.html", partnerPage(`<gc-vehicle-detail vehicle-id="denago-ev-city" source="resort"></gc-vehicle-detail>`)));
  const detail = page.locator("gc-vehicle-detail");
  await expect(detail.getByRole("heading", { level: 2, name: "Denago EV City" })).toBeVisible();
  for (const name of ["View Vehicle Details", "Full Specifications"]) {
    const href = new URL((await detail.getByRole("link", { name }).getAttribute("href"))!);
    expect(`${href.origin}${href.pathname}`).toBe(`${SITE}/vehicle/denago-ev-city`);
    expect(href.searchParams.get("utm_source")).toBe("resort");
  }
  // The page it leads to is the vehicle's.
  const res = await page.request.get(`${SITE}/vehicle/denago-ev-city`);
  expect(res.status()).toBe(200);
  expect(await res.text()).toContain("Denago EV City");
});
