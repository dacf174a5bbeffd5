/**
 * The console's History a page at a time, filtered by person and kind, and one cart's history reached from the cart;
 * "Back to the inventory" returns to the list as it was searched. The real server (dist/) and Chromium.
 */
import { expect, test } from "./staff-fixtures";

test("one cart's history, from its editor, a page at a time; filters by person and kind kept in the address", async ({
  signedInPage: page,
  makeVehicle,
  ownerApi,
  owner,
}) => {
  test.setTimeout(120_000);
  const cart = await makeVehicle();
  const other = await makeVehicle();
  // 105 price changes: more than a page (100) of this cart's history.
  for (let i = 1; i <= 105; i++) {
    const got = await ownerApi.get(`/api/staff/vehicles/${cart.id}`);
    const res = await ownerApi.patch(`/api/staff/vehicles/${cart.id}`, {
      headers: { "If-Match": got.headers()["etag"]! },
      data: { changes: { price: 10_000 + i }, base: { price: i === 1 ? cart.price : 10_000 + i - 1 } },
    });
    expect(res.status(), await res.text()).toBe(200);
  }

  // From the inventory, searched; to the cart; back to the same search.
  await page.goto("/staff");
  await page.getByLabel("Search").fill(cart.name);
  await page.getByRole("link", { name: cart.name, exact: true }).click();
  await page.getByRole("link", { name: "History of this cart" }).click();
  await expect(page.getByRole("heading", { level: 1, name: `History of ${cart.name}` })).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`/staff/history\\?vehicle=${cart.id}$`));
  const rows = page.getByRole("region", { name: "Changes, newest first" }).locator("tbody tr");
  await expect(rows).toHaveCount(100);
  await expect(rows.first()).toContainText("$10,104 → $10,105");
  await expect(page.getByRole("region", { name: "Changes, newest first" })).not.toContainText(other.name);
  await page.getByRole("button", { name: "Show older changes" }).click();
  await expect(rows).toHaveCount(106);
  await expect(rows.last()).toContainText("Added a vehicle");
  await expect(page.getByRole("button", { name: "Show older changes" })).toHaveCount(0);

  // Every cart, by this owner, vehicles only: kept across a reload.
  await page.getByRole("link", { name: "Every cart's history" }).click();
  const filters = page.getByRole("search", { name: "Filter the history" });
  await filters.getByLabel("Who").fill(owner.email);
  await filters.getByLabel("Kind").selectOption("vehicles");
  await filters.getByRole("button", { name: "Show" }).click();
  await expect(page).toHaveURL(/\/staff\/history\?who=.+&kind=vehicles$/);
  await page.reload();
  await expect(page.getByRole("search", { name: "Filter the history" }).getByLabel("Kind")).toHaveValue("vehicles");
  await expect(rows.first()).toContainText(owner.email);
  await expect(rows.first()).toContainText(`Edited a vehicle${cart.name}`);

  await page.goto(`/staff/vehicles/${cart.id}`);
  await page.getByRole("link", { name: "Back to the inventory" }).click();
  await expect(page).toHaveURL(new RegExp(`/staff\\?q=`));
  await expect(page.getByLabel("Search")).toHaveValue(cart.name);
});
