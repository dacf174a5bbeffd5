/**
 * The console's inventory list (decision 0040) at 1280 and 390 px: filters and
 * a sort kept in the URL through a reload, selecting carts, and one bulk status change with its confirmation.
 */
import { randomBytes } from "node:crypto";
import type { Page } from "@playwright/test";
import type { Vehicle } from "../../domain/vehicle";
import { expect, test } from "./staff-fixtures";

const DAY_MS = 86_400_000;
const daysAgo = (days: number) => new Date(Date.now() - days * DAY_MS).toISOString().slice(0, 10);
/** The names of the list's rows, top to bottom. */
const rowNames = (page: Page) => page.locator("tbody tr[data-vehicle-id] td.inventory-table__name a").allTextContents();

for (const width of [1280, 390]) {
  test(`at ${width} px: filters by age, sorts by price, keeps both through a reload, and marks the selected carts on hold`, async ({
    signedInPage: page,
    ownerApi,
    makeVehicle,
  }) => {
    await page.setViewportSize({ width, height: 900 });
    // A colour no other test's cart has: searching for it lists these three alone.
    const colour = `Teal ${randomBytes(3).toString("hex")}`;
    const [fresh, older, oldest] = [
      await makeVehicle({ color: colour, price: 9_000, receivedAt: daysAgo(10), year: 2025 }),
      await makeVehicle({ color: colour, price: 12_000, receivedAt: daysAgo(70), year: 2024 }),
      await makeVehicle({ color: colour, price: 8_000, receivedAt: daysAgo(100), year: 2023 }),
    ];
    await page.goto(`/staff?q=${encodeURIComponent(colour)}`);
    await expect(page.getByText("3 of ")).toBeVisible();
    const row = (v: Vehicle) => page.locator(`tr[data-vehicle-id="${v.id}"]`);
    await expect(row(oldest).getByText("100", { exact: true })).toBeVisible();
    await expect(row(older)).toContainText("$12,000");
    await expect(row(fresh)).toContainText("2025");

    await page.getByLabel("Age").selectOption({ label: "Over 60 days" });
    await expect(page.getByText("2 of ")).toBeVisible();
    await expect(row(fresh)).toHaveCount(0);

    if (width >= 1024) {
      // Wide screens sort by the column headers, and have no separate choice for it.
      await expect(page.getByLabel("Sort by")).toBeHidden();
      const price = page.getByRole("columnheader", { name: "Price" });
      await expect(price).toHaveAttribute("aria-sort", "none");
      await price.getByRole("button").click();
      await expect(price).toHaveAttribute("aria-sort", "ascending");
      await expect.poll(() => rowNames(page)).toEqual([oldest.name, older.name]);
      await price.getByRole("button").click();
      await expect(price).toHaveAttribute("aria-sort", "descending");
    } else {
      // A phone shows cards, whose column headers are hidden: the sort is a choice of its own.
      await page.getByLabel("Sort by").selectOption({ label: "Price, high to low" });
    }
    await expect.poll(() => rowNames(page)).toEqual([older.name, oldest.name]);
    expect(new URL(page.url()).search).toBe(`?q=${encodeURIComponent(colour).replace(/%20/g, "+")}&age=over-60&sort=price&order=desc`);

    await page.reload();
    await expect(page.getByText("2 of ")).toBeVisible();
    await expect(page.getByLabel("Age")).toHaveValue("over-60");
    await expect.poll(() => rowNames(page)).toEqual([older.name, oldest.name]);
    if (width >= 1024) await expect(page.getByRole("columnheader", { name: "Price" })).toHaveAttribute("aria-sort", "descending");

    await page.getByLabel("Select all 2 in the list").check();
    await expect(page.getByText("2 selected")).toBeVisible();
    await page.getByLabel(`Select ${older.name}`).uncheck();
    await expect(page.getByText("1 selected")).toBeVisible();
    await page.getByLabel(`Select ${older.name}`).check();
    await page.getByLabel("Action").selectOption({ label: "Mark on hold" });
    await page.getByRole("button", { name: "Apply to 2 carts" }).click();
    const dialog = page.getByRole("dialog", { name: "Mark 2 carts on hold?" });
    await expect(dialog).toContainText(`${older.name}: Available → On hold`);
    await dialog.getByRole("button", { name: "Mark on hold" }).click();
    await expect(page.getByRole("status").filter({ hasText: "2 carts were changed." })).toBeVisible();
    for (const v of [older, oldest]) {
      await expect(row(v).locator(".status")).toHaveText("Status: On hold");
      expect(((await (await ownerApi.get(`/api/staff/vehicles/${v.id}`)).json()) as Vehicle).status).toBe("on-hold");
    }
    expect(((await (await ownerApi.get(`/api/staff/vehicles/${fresh.id}`)).json()) as Vehicle).status).toBe("available");
    await expect(page.getByText("0 selected")).toBeVisible();
    await page.screenshot({ path: test.info().outputPath(`inventory-${width}.png`), fullPage: true });
  });
}

test("a bulk price change names the cart someone else changed meanwhile and changes the others; a price out of range is refused in words", async ({
  signedInPage: page,
  ownerApi,
  makeVehicle,
}) => {
  const colour = `Plum ${randomBytes(3).toString("hex")}`;
  const carts = [await makeVehicle({ color: colour, price: 10_000 }), await makeVehicle({ color: colour, price: 20_000 })];
  await page.goto(`/staff?q=${encodeURIComponent(colour)}&sort=price`);
  await expect(page.getByText("2 of ")).toBeVisible();

  await page.getByLabel("Select all 2 in the list").check();
  await page.getByLabel("Action").selectOption({ label: "Change price by an amount ($)" });
  await page.getByLabel("Amount ($)").fill("-10000");
  await page.getByRole("button", { name: "Apply to 2 carts" }).click();
  await expect(page.getByRole("alert")).toHaveText(
    `No price was changed. ${carts[0]!.name}: $10,000 would become $0, and a price must be from $1 to $250,000.`,
  );

  // Meanwhile the owner changes the first cart's price elsewhere.
  const got = await ownerApi.get(`/api/staff/vehicles/${carts[0]!.id}`);
  const changed = await ownerApi.patch(`/api/staff/vehicles/${carts[0]!.id}`, {
    data: { changes: { price: 11_000 }, base: { price: 10_000 } },
    headers: { "If-Match": got.headers()["etag"]! },
  });
  expect(changed.status()).toBe(200);

  await page.getByLabel("Action").selectOption({ label: "Change price by a percentage (%)" });
  await page.getByLabel("Percentage (%)").fill("-5");
  await page.getByRole("button", { name: "Apply to 2 carts" }).click();
  const dialog = page.getByRole("dialog", { name: "Lower the price of 2 carts by 5%?" });
  await expect(dialog).toContainText(`${carts[1]!.name}: $20,000 → $19,000`);
  await dialog.getByRole("button", { name: "Change prices" }).click();
  const report = page.getByRole("alert").filter({ hasText: "1 cart was changed." });
  await expect(report).toContainText(`${carts[0]!.name}: price is now $11,000, changed by ${(await (await ownerApi.get("/api/staff/session")).json()).email}`);
  const price = async (v: Vehicle) => ((await (await ownerApi.get(`/api/staff/vehicles/${v.id}`)).json()) as Vehicle).price;
  expect([await price(carts[0]!), await price(carts[1]!)]).toEqual([11_000, 19_000]);
  // The list now shows the cart as it is, still selected for another try.
  await expect(page.locator(`tr[data-vehicle-id="${carts[0]!.id}"]`)).toContainText("$11,000");
  await expect(page.getByText("1 selected")).toBeVisible();
});
