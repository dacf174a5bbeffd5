/** The inventory widget on a partner's page asks for one page of the catalogue at a time. */
import { INVENTORY_PAGE_SIZE } from "../../domain/inventory-query";
import { SITE } from "../../playwright.config";
import { expect, partnerPage, test } from "./third-origin";

test("a partner page's inventory downloads one page, then the next on request, and a search finds a unit of a later page", async ({ page, thirdOrigin }) => {
  // Every request Chromium makes for the vehicle list, as it makes it.
  const asked: string[] = [];
  page.on("request", (r) => {
    if (new URL(r.url()).pathname === "/api/vehicles") asked.push(r.url());
  });
  const api = (params: Record<string, string>) => `${SITE}/api/vehicles?${new URLSearchParams(params)}`;

  await page.goto(thirdOrigin.page("/carts.html", partnerPage("<h1>Bayside Resort</h1><gc-inventory></gc-inventory>")));
  const inventory = page.locator("gc-inventory");
  const count = inventory.locator('[part="count"]');
  const cards = inventory.getByRole("list", { name: "Vehicles" }).getByRole("listitem");
  // The seed's catalogue is more than a page and less than two (staff tests may add a unit or two meanwhile).
  await expect(count).toHaveText(new RegExp(`^Showing ${INVENTORY_PAGE_SIZE} of \\d+ vehicles$`));
  await expect(cards).toHaveCount(INVENTORY_PAGE_SIZE);
  expect(asked).toEqual([api({ page: "1" })]);

  // The keyboard asks for more, and lands on the first card added.
  await inventory.getByRole("button", { name: "Show more vehicles" }).focus();
  await page.keyboard.press("Enter");
  await expect(count).toHaveText(/^Showing (\d+) of \1 vehicles$/);
  await expect(cards.nth(INVENTORY_PAGE_SIZE).getByRole("link")).toBeFocused();
  await expect(inventory.getByRole("button", { name: "Show more vehicles" })).toHaveCount(0);
  expect(asked).toEqual([api({ page: "1" }), api({ page: "2" })]);
  const later = (await cards.last().getByRole("heading").innerText()).trim();
  const whole = await count.innerText();

  // A search asks the server for the first page of its results: the unit from the last page is among them.
  const searched = page.waitForResponse(api({ page: "1", q: later }));
  await inventory.getByLabel("Search").fill(later);
  expect((await searched).status()).toBe(200);
  await expect(count).not.toHaveText(whole);
  await expect(count).toHaveText(/^Showing (\d+) of \1 vehicles$/);
  await expect(cards.getByRole("link", { name: later, exact: true })).toBeVisible();
  expect(asked.slice(2)).toEqual([api({ page: "1", q: later })]);
  expect(await cards.count()).toBeLessThan(INVENTORY_PAGE_SIZE);
  const href = await cards.getByRole("link", { name: later, exact: true }).getAttribute("href");
  expect(href).toMatch(new RegExp(`^${SITE}/vehicles/[\\w-]+\\?utm_source=localhost&utm_medium=widget$`));
});
