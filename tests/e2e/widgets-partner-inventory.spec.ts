/** The inventory widget on a partner's page asks for one page of the catalogue at a time (issue 27). */
import { INVENTORY_PAGE_SIZE } from "../../domain/inventory-query";
import type { Vehicle } from "../../domain/vehicle";
import { SITE } from "../../playwright.config";
import { expect, partnerPage, test } from "./third-origin";

test("a partner page's inventory downloads one page, then the next on request, and a search finds a unit of a later page", async ({
  page,
  request,
  thirdOrigin,
}) => {
  const all = (await (await request.get(`${SITE}/api/vehicles`)).json()) as Vehicle[];
  expect(all.length).toBeGreaterThan(INVENTORY_PAGE_SIZE);
  const later = all.at(-1)!;
  // Every request Chromium makes to the vehicle list, as it makes it.
  const asked: string[] = [];
  page.on("request", (r) => {
    if (new URL(r.url()).pathname === "/api/vehicles") asked.push(r.url());
  });
  const api = (params: Record<string, string>) => `${SITE}/api/vehicles?${new URLSearchParams(params)}`;

  await page.goto(thirdOrigin.page("/carts.html", partnerPage("<h1>Bayside Resort</h1><gc-inventory></gc-inventory>")));
  const inventory = page.locator("gc-inventory");
  const count = inventory.locator('[part="count"]');
  const cards = inventory.getByRole("list", { name: "Vehicles" }).getByRole("listitem");
  await expect(count).toHaveText(`Showing ${INVENTORY_PAGE_SIZE} of ${all.length} vehicles`);
  await expect(cards).toHaveCount(INVENTORY_PAGE_SIZE);
  expect(asked).toEqual([api({ page: "1" })]);
  await expect(inventory.getByRole("link", { name: later.name, exact: true })).toHaveCount(0);

  // The keyboard asks for more, and lands on the first card added.
  await inventory.getByRole("button", { name: "Show more vehicles" }).focus();
  await page.keyboard.press("Enter");
  await expect(count).toHaveText(`Showing ${all.length} of ${all.length} vehicles`);
  await expect(cards).toHaveCount(all.length);
  await expect(inventory.getByRole("link", { name: all[INVENTORY_PAGE_SIZE]!.name, exact: true })).toBeFocused();
  await expect(inventory.getByRole("link", { name: later.name, exact: true })).toBeVisible();
  await expect(inventory.getByRole("button", { name: "Show more vehicles" })).toHaveCount(0);
  expect(asked).toEqual([api({ page: "1" }), api({ page: "2" })]);

  // A search asks the server for the first page of its results: the unit from the last page is among them.
  const found = ((await (await request.get(`${SITE}/api/vehicles?${new URLSearchParams({ q: later.name })}`)).json()) as Vehicle[]).length;
  expect(found).toBeLessThan(all.length);
  await inventory.getByLabel("Search").fill(later.name);
  await expect(count).toHaveText(`Showing ${found} of ${found} vehicles`);
  await expect(cards).toHaveCount(found);
  await expect(inventory.getByRole("link", { name: later.name, exact: true })).toBeVisible();
  expect(asked.slice(2)).toEqual([api({ page: "1", q: later.name })]);
  await inventory.getByRole("link", { name: later.name, exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`^${SITE}/vehicles/${later.id}\\?utm_source=`));
});
