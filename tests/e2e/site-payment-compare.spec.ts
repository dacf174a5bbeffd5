/** The vehicle page's payment estimate (with and without JavaScript, and on a partner's page) and /compare. */
import type { Page } from "@playwright/test";
import { estimatePayment, formatCents } from "../../domain/payment";
import { BUSINESS } from "../../domain/business";
import { RECORD_EVENTS, expect, partnerPage, test } from "./third-origin";

/** A cart without the 0% offer, and one of the Denago lineup that has it (domain/business.ts). */
const PLAIN = "evolution-d5-ranger-4";
const OFFER = "denago-ev-city";
const known = { price: 10_000, down: 0, termMonths: 60, apr: 6.99 };
const monthly = formatCents(estimatePayment(known).monthlyCents);

const estimateOf = (page: Page) => page.locator("gc-vehicle-detail").locator('[part="estimate"]');

async function fillEstimate(page: Page, values: { price: string; down: string; apr: string }) {
  const form = estimateOf(page);
  await form.getByLabel("Price ($)").fill(values.price);
  await form.getByLabel("Down payment ($)").fill(values.down);
  await form.getByLabel("Term (months)").selectOption("60");
  await form.getByLabel("APR (%)").fill(values.apr);
}

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the estimate form is answered by the server, computed, and a bad figure is named and kept", async ({ page }) => {
    await page.goto(`/vehicle/${PLAIN}`);
    const estimate = estimateOf(page);
    await expect(estimate.getByLabel("APR (%)")).toHaveValue(String(BUSINESS.defaultApr));
    await expect(estimate.getByText(/An estimate only: the lender sets the rate and terms/)).toBeVisible();
    await expect(estimate.getByRole("link", { name: "Apply for Financing" })).toHaveAttribute("href", BUSINESS.financingUrl);

    await fillEstimate(page, { price: "10,000", down: "0", apr: "6.99" });
    await estimate.getByRole("button", { name: "Calculate" }).click();
    await expect(page).toHaveURL(/\?price=10%2C000&down=0&term=60&apr=6.99$/);
    await expect(estimateOf(page).getByRole("status")).toContainText(`Estimated ${monthly} a month for 60 months`);
    await expect(estimateOf(page).getByRole("status")).toContainText(`Total ${formatCents(estimatePayment(known).totalCents)}`);

    await estimateOf(page).getByLabel("APR (%)").fill("six");
    await estimateOf(page).getByRole("button", { name: "Calculate" }).click();
    await expect(estimateOf(page).getByRole("status")).toHaveText("APR must be a number");
    await expect(estimateOf(page).getByLabel("APR (%)")).toHaveValue("six");
    await expect(estimateOf(page).getByLabel("Price ($)")).toHaveValue("10,000");
  });

  test("a model with the 0% offer starts its estimate at 0% APR", async ({ page }) => {
    await page.goto(`/vehicle/${OFFER}`);
    await expect(estimateOf(page).getByText("0% APR financing on this model")).toBeVisible();
    await expect(estimateOf(page).getByLabel("APR (%)")).toHaveValue("0");
  });

  test("a compare address renders the carts side by side, differences marked, and a third can be added", async ({ page }) => {
    const response = await page.goto(`/compare?ids=${OFFER},${PLAIN}`);
    expect(response?.status()).toBe(200);
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute("content", /noindex/);
    const table = page.getByRole("table");
    await expect(table.getByRole("columnheader")).toHaveText([/Denago EV City/, /D5 Ranger 4/]);
    await expect(table.getByRole("rowheader", { name: /Price/ })).toContainText("differs");
    await expect(table.getByRole("row", { name: /Price/ })).toContainText("$15,000");
    for (const label of ["Seats", "Range", "Condition"]) await expect(table.getByRole("rowheader", { name: new RegExp(label) })).toBeVisible();

    await page.getByLabel("Add a cart").selectOption({ index: 0 });
    await page.getByRole("button", { name: "Add to comparison" }).click();
    await expect(page).toHaveURL(new RegExp(`ids=${OFFER}&ids=${PLAIN}&ids=`));
    await expect(page.getByRole("table").getByRole("columnheader")).toHaveCount(3);
    await expect(page.getByLabel("Add a cart")).toHaveCount(0);

    await page
      .getByRole("table")
      .getByRole("link", { name: /Remove Denago EV City/ })
      .click();
    await expect(page.getByRole("table").getByRole("columnheader")).toHaveCount(2);
  });

  test("more than three carts show the first three with a note; unknown and malformed ids are named, never a 500", async ({ page }) => {
    await page.goto(`/compare?ids=${OFFER},${PLAIN},denago-ev-nomad,denago-ev-rover-xl`);
    await expect(page.getByRole("table").getByRole("columnheader")).toHaveCount(3);
    await expect(page.getByRole("status")).toContainText("showing the first 3, 1 more left out");

    const response = await page.goto(`/compare?ids=no-such-cart,<script>x</script>,${PLAIN}`);
    expect(response?.status()).toBe(200);
    await expect(page.getByRole("status")).toContainText("Not in our inventory (sold, or never listed): no-such-cart.");
    await expect(page.getByRole("status")).toContainText('Not a cart\'s id, so left out: "<script>x</script>".');
    await expect(page.getByRole("table").getByRole("columnheader")).toHaveCount(1);
  });

  test("on a phone a comparison reads as one card per cart", { tag: "@layout" }, async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(`/compare?ids=${OFFER},${PLAIN}`);
    await expect(page.getByRole("table")).toBeHidden();
    const cards = page.getByRole("list", { name: "Carts compared" }).getByRole("listitem");
    await expect(cards).toHaveCount(2);
    await expect(cards.first().getByRole("heading", { name: "Denago EV City" })).toBeVisible();
    await expect(cards.first()).toContainText("$15,000");
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow).toBe(0);
  });
});

test("with JavaScript the estimate follows each keystroke without leaving the page", async ({ page }) => {
  await page.goto(`/vehicle/${PLAIN}`);
  await fillEstimate(page, { price: "10000", down: "0", apr: "6.99" });
  await expect(estimateOf(page).getByRole("status")).toContainText(`Estimated ${monthly} a month`);
  await estimateOf(page).getByRole("button", { name: "Calculate" }).click();
  await expect(page).toHaveURL(new RegExp(`/vehicle/${PLAIN}$`));
  await estimateOf(page).getByLabel("Down payment ($)").fill("12000");
  await expect(estimateOf(page).getByRole("status")).toHaveText("Down payment must be less than the price");
});

test("on a partner's page the estimate and Compare say gc-action with their names", async ({ page, thirdOrigin }) => {
  const stay = `<script>document.addEventListener("click", (e) => e.preventDefault());</script>`;
  await page.goto(
    thirdOrigin.page(
      "/estimate.html",
      partnerPage(`<gc-vehicle-detail vehicle-id="${PLAIN}" source="bayside"></gc-vehicle-detail>`, { head: RECORD_EVENTS + stay }),
    ),
  );
  const detail = page.locator("gc-vehicle-detail");
  await fillEstimate(page, { price: "10000", down: "0", apr: "6.99" });
  await detail.getByRole("button", { name: "Calculate" }).click();
  await expect(estimateOf(page).getByRole("status")).toContainText(`Estimated ${monthly} a month`);
  await detail.getByRole("link", { name: "Compare" }).click();
  const actions = await page.evaluate(() =>
    (window as unknown as { gcEvents: { type: string; detail: { action: string; source: string; href: string } }[] }).gcEvents
      .filter((e) => e.type === "gc-action")
      .map((e) => e.detail),
  );
  expect(actions.at(-1)).toEqual({
    widget: "gc-vehicle-detail",
    action: "compare",
    source: "bayside",
    href: expect.stringMatching(new RegExp(`/compare\\?ids=${PLAIN}&utm_source=bayside&utm_medium=widget$`)),
  });
  expect(actions.filter((a) => a.action === "estimate").at(-1)?.href).toMatch(new RegExp(`/vehicle/${PLAIN}\\?price=10000&down=0&term=60&apr=6.99$`));
});
