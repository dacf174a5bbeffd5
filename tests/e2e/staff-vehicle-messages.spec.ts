/**
 * What the console says under each field of the vehicle form when its value is refused: the core schema's
 * own words naming the field, never a validator's text or the generic "This field is required".
 */
import { expect, test } from "./staff-fixtures";

/** A validator's own text, a pattern shown as is, or the generic words a field without its own falls back to. */
const NOT_WORDS = /expected|received|Too small|Too big|Invalid input|regex|\/\^|\$\/|^This (field|must|is)/i;

/** Label → [what is typed, what the console says under it]. */
const FIRST_SAVE: [string, string, string][] = [
  ["ID", "Cart One", "Use lower-case letters, digits and hyphens, like evolution-d5-ranger-4"],
  ["Name", "", "Name is required"],
  ["Price", "lots", "Enter the price in whole dollars, like 12995"],
  ["Brand", "", "Brand is required"],
  ["Category", "", "Category is required"],
  ["External URL", "maker.example/cart", "External URL must be a web address starting http:// or https://"],
  ["Description", "", "Description is required"],
  [
    "Images",
    "https://cdn.example/cart.jpg",
    "must be an uploaded photo or one of the site's images (/images/…): other paths and other sites' images cannot be shown",
  ],
  ["Seating capacity", "two", "Seating capacity must be a whole number of seats from 1 to 14"],
  ["Range", "", "Range must be a number from 1 to 200 miles, or a text of at most 40 characters"],
  ["Top speed", "400", "Top speed must be a number from 1 to 60 mph, or a text of at most 40 characters"],
  ["Battery type", "L".repeat(41), "Battery type must be at most 40 characters"],
  ["Payload", "50000", "Payload must be a number from 1 to 5,000 lbs, or a text of at most 40 characters"],
  ["Stock number", "D 10", "Stock number must be 1 to 20 letters, digits or dashes, starting with a letter or digit"],
  ["VIN", "1M8GDM9A", "A VIN has 17 characters; this one has 8"],
  ["Year", "1900", `Year must be a model year from 1950 to ${new Date().getUTCFullYear() + 1}`],
  ["Colour", "C".repeat(41), "Colour must be 1 to 40 characters: leave it empty when not known"],
  ["Cost (staff only)", "cheap", "Cost must be a whole number of dollars from $0 to $250,000"],
];

/** A used unit's readings, and a price with cents. */
const SECOND_SAVE: [string, string, string][] = [
  ["Price", "7995.99", "Price must be a whole number of dollars from $1 to $250,000"],
  ["Hours", "-1", "Hours must be a whole number from 0 to 50,000"],
  ["Odometer", "1.5", "Odometer must be a whole number of miles from 0 to 500,000"],
];

/** The message under the field labelled `label`. */
const messageOf = (page: import("@playwright/test").Page, label: string) =>
  page
    .locator(".field")
    .filter({ has: page.getByLabel(label, { exact: true }) })
    .locator(".field-error");

test("every bad input of the vehicle form is answered in words naming its field", async ({ signedInPage: page }) => {
  await page.goto("/staff/vehicles/new");
  await expect(page.getByRole("heading", { level: 1, name: "Add a vehicle" })).toBeVisible();
  for (const [label, typed] of FIRST_SAVE) await page.getByLabel(label, { exact: true }).fill(typed);
  await page.getByRole("button", { name: "Save" }).click();
  for (const [label, , message] of FIRST_SAVE) {
    await expect(page.getByLabel(label, { exact: true }), label).toHaveAttribute("aria-invalid", "true");
    await expect(messageOf(page, label), label).toHaveText(message);
  }

  // Hours and odometer are asked of a used unit only.
  await expect(page.getByLabel("Hours", { exact: true })).toHaveCount(0);
  await page.getByLabel("Condition").selectOption("used");
  for (const [label, typed] of SECOND_SAVE) await page.getByLabel(label, { exact: true }).fill(typed);
  await page.getByRole("button", { name: "Save" }).click();
  for (const [label, , message] of SECOND_SAVE) await expect(messageOf(page, label), label).toHaveText(message);

  const said = await page.locator(".field-error").allTextContents();
  expect(said.length).toBeGreaterThanOrEqual(FIRST_SAVE.length);
  expect(said.filter((text) => NOT_WORDS.test(text))).toEqual([]);
  // Nothing typed was lost.
  await expect(page.getByLabel("Stock number")).toHaveValue("D 10");
});

test("the location is one of the organisation's sites, chosen from a list", async ({ signedInPage: page }) => {
  const sites = (await (await page.request.get("/api/staff/sites")).json()) as { sites: { id: string; name: string }[] };
  expect(sites.sites.length).toBeGreaterThan(0);
  await page.goto("/staff/vehicles/new");
  await expect(page.getByLabel("Location").locator("option")).toHaveText(["Not said", ...sites.sites.map((s) => s.name)]);
});
