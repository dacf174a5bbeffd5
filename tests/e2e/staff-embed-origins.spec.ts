/**
 * The console's Embed and Partner origins pages tell staff which widgets send something from a partner's page (the
 * contact form, the rental booking, the vehicle detail's test drive and trade-in), so that they allow its origin.
 */
import { expect, test } from "./staff-fixtures";

test("the Embed page warns about allowed origins for every widget that sends, and its contact-form vehicle can be none", async ({ signedInPage: page }) => {
  await page.goto("/staff/embed");
  const snippetRegion = page.getByRole("region", { name: "Snippet" });
  const warnings: Record<string, RegExp | null> = {
    "gc-contact-form": /Before the widget can send messages from the partner's page/,
    "gc-rental-booking": /Before the widget can send rental requests from the partner's page/,
    "gc-vehicle-detail": /Before the widget can send test-drive bookings and trade-ins from the partner's page/,
    "gc-inventory": null,
    "gc-rental-pricing": null,
    "gc-eco-calculator": null,
  };
  for (const [tag, warning] of Object.entries(warnings)) {
    await page.getByRole("radio", { name: new RegExp(`<${tag}>`) }).check();
    // The notice around its bold first words.
    const notice = snippetRegion.getByText(/Before the widget can send/).locator("xpath=..");
    if (warning) {
      await expect(notice).toContainText(warning);
      await expect(snippetRegion.getByRole("link", { name: "Partner origins" })).toHaveAttribute("href", "/staff/origins");
    } else await expect(notice).toHaveCount(0);
  }

  // The contact form names no cart until one is chosen, and says so; choosing none again takes it out of the snippet.
  await page.getByRole("radio", { name: /<gc-contact-form>/ }).check();
  const vehicle = page.getByLabel("vehicle-id");
  const snippet = snippetRegion.getByLabel("Snippet to paste");
  await expect(vehicle.locator("option:checked")).toHaveText("None (not set)");
  await expect(snippet).not.toContainText("vehicle-id=");
  await vehicle.selectOption({ index: 1 });
  await expect(snippet).toContainText(`vehicle-id="${await vehicle.inputValue()}"`);
  await vehicle.selectOption("");
  await expect(snippet).not.toContainText("vehicle-id=");
});

test("the Partner origins page names the widgets that send from partners' pages, and keeps an origin typed in capitals as browsers send it", async ({
  signedInPage: page,
}) => {
  await page.goto("/staff/origins");
  await expect(
    page.getByText(
      /may send leads through the widgets: the vehicle detail \(test-drive bookings and trade-ins\), the contact form \(messages\) and the rental booking \(rental requests\)/,
    ),
  ).toBeVisible();
  const typed = `HTTPS://Resort-${Date.now()}.Example/`;
  await page.getByLabel("Origin", { exact: true }).fill(typed);
  await page.getByRole("button", { name: "Add origin" }).click();
  const origin = typed.toLowerCase().replace(/\/$/, "");
  await expect(page.getByText(`${origin} may now send leads to Sussex Coast Golf Carts.`)).toBeVisible();
  await page.getByRole("button", { name: `Remove: ${origin}` }).click();
  await expect(page.getByRole("button", { name: `Remove: ${origin}` })).toHaveCount(0);
});
