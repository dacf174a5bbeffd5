/**
 * The inventory's CSV import and export in the console, at 1280 and 390 px. A file with a bad row is
 * previewed with the row and column named and cannot be confirmed; a good file is previewed, confirmed and listed;
 * the export of the filtered list is the file imported, byte for byte.
 */
import { randomBytes } from "node:crypto";
import { readFile } from "node:fs/promises";
import type { Page, TestInfo } from "@playwright/test";
import { inventoryCsv } from "../../domain/inventory-csv";
import { sheetUnits } from "../../domain/testing/inventory-sheet";
import { expect, test, TEST_BRAND } from "./staff-fixtures";

const csvFile = (name: string, text: string) => ({ name, mimeType: "text/csv", buffer: Buffer.from(text) });

async function importAndExport(page: Page, testInfo: TestInfo, deleteLater: (ids: string[]) => void): Promise<void> {
  const tag = `e2e${randomBytes(3).toString("hex")}`;
  const units = sheetUnits(3, { prefix: tag.toUpperCase() }).map((u) => ({ ...u, brand: TEST_BRAND }));
  const good = inventoryCsv(units);
  const tools = page.locator(".csv-tools");

  // A bad row: named by its row and column, and nothing can be confirmed.
  const bad = good.replace(`,${units[1]!.price},`, ",twelve,");
  await tools.getByLabel("CSV file to import").setInputFiles(csvFile("delivery-bad.csv", bad));
  const preview = page.getByRole("region", { name: /Import preview: delivery-bad\.csv/ });
  await expect(preview).toBeVisible();
  await expect(preview.getByText("1 row cannot be imported, so nothing will be.")).toBeVisible();
  const badRow = preview.getByRole("row").filter({ hasText: `${tag.toUpperCase()}-1` });
  await expect(badRow).toContainText("3");
  await expect(badRow).toContainText("Price: Enter the price in whole dollars, like 12995");
  await expect(preview.getByRole("button", { name: "Import 2 carts" })).toBeDisabled();
  await preview.screenshot({ path: testInfo.outputPath("preview-bad-row.png") });
  await preview.getByRole("button", { name: "Cancel" }).click();
  await expect(preview).toBeHidden();

  // The good file: previewed, confirmed, then listed.
  await tools.getByLabel("CSV file to import").setInputFiles(csvFile("delivery.csv", good));
  const ready = page.getByRole("region", { name: /Import preview: delivery\.csv/ });
  await expect(ready.getByText(/^3 new carts, 0 carts to change, \d+ unchanged\./)).toBeVisible();
  await expect(ready.getByRole("row").filter({ hasText: `${tag.toUpperCase()}-0` })).toContainText("New cart");
  await ready.screenshot({ path: testInfo.outputPath("preview-ready.png") });
  await ready.getByRole("button", { name: "Import 3 carts" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Imported delivery.csv: 3 carts added, 0 carts changed." })).toBeVisible();
  deleteLater(units.map((u) => `runabout-${u.name.split(" ")[1]}-${u.stockNumber!.toLowerCase()}`));

  // The list loads again by itself; the export downloads what the filtered list shows: the three carts, as the file had them.
  await page.getByLabel("Search").fill(tag);
  await expect(page.getByText(/^3 of [\d,]+ vehicles$/)).toBeVisible();
  await expect(page.getByRole("link", { name: units[0]!.name, exact: true })).toBeVisible();
  const [download] = await Promise.all([page.waitForEvent("download"), page.getByRole("button", { name: "Export CSV" }).click()]);
  expect(download.suggestedFilename()).toMatch(/^inventory-\d{4}-\d{2}-\d{2}\.csv$/);
  expect(await readFile((await download.path())!, "utf8")).toBe(good);
  await page.screenshot({ path: testInfo.outputPath("exported.png") });

  // A new stock number of a model now in the catalogue: its description is asked for, never copied; the preview
  // lists every field the cart would get, those from the model marked, and that it has no photos yet.
  const model = units[0]!;
  const head = "Stock number,Brand,Model,Condition,Year,Price";
  const row = `${tag.toUpperCase()}-NEW,${TEST_BRAND},${model.name},new,2026,12995`;
  await tools.getByLabel("CSV file to import").setInputFiles(csvFile("second.csv", `${head}\r\n${row}\r\n`));
  const asked = page.getByRole("region", { name: /Import preview: second\.csv/ });
  await expect(asked.getByRole("row").filter({ hasText: `${tag.toUpperCase()}-NEW` })).toContainText(
    "Description: Description is needed for a new cart: it is written for each unit, so a new cart never takes another cart's",
  );
  await asked.getByRole("button", { name: "Cancel" }).click();
  await tools.getByLabel("CSV file to import").setInputFiles(csvFile("second.csv", `${head},Description\r\n${row},Just arrived.\r\n`));
  const second = page
    .getByRole("region", { name: /Import preview: second\.csv/ })
    .getByRole("row")
    .filter({ hasText: `${tag.toUpperCase()}-NEW` });
  await expect(second).toContainText("New cart");
  await expect(second).toContainText("Never its description or photos.");
  for (const line of [
    "Description: Just arrived.",
    "Category: Golf Carts (from the model)",
    `Seats: ${model.specifications.seatingCapacity} (from the model)`,
    "Photos: none yet",
  ])
    await expect(second.getByRole("listitem").filter({ hasText: line })).toHaveCount(1);
  await second.screenshot({ path: testInfo.outputPath("preview-model-facts.png") });
  await page
    .getByRole("region", { name: /Import preview: second\.csv/ })
    .getByRole("button", { name: "Cancel" })
    .click();
}

test.describe("the inventory's CSV import and export", () => {
  // Two previews, an import and a download, each a round trip to a server shared with the other tests.
  test.setTimeout(90_000);
  let made: string[] = [];
  test.afterEach(async ({ ownerApi }) => {
    for (const id of made.splice(0)) await ownerApi.delete(`/api/staff/vehicles/${id}`);
  });

  test.describe("at 1280 × 800", () => {
    test.use({ viewport: { width: 1280, height: 800 } });
    test("a bad row is named and blocks the import; a good file is previewed, imported, and exported back as it was", async ({ signedInPage }, testInfo) => {
      await importAndExport(signedInPage, testInfo, (ids) => (made = ids));
    });
  });

  test.describe("at 390 × 844", { tag: "@layout" }, () => {
    test.use({ viewport: { width: 390, height: 844 } });
    test("the same on a phone, the preview's rows stacked", async ({ signedInPage }, testInfo) => {
      await importAndExport(signedInPage, testInfo, (ids) => (made = ids));
      const overflow = await signedInPage.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
      expect(overflow, "px the page is wider than the phone").toBe(0);
    });
  });
});
