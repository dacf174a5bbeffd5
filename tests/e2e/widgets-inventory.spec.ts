import { INVENTORY_PAGE_SIZE } from "../../domain/inventory-query";
import { DEMO } from "../../playwright.config";
import { expect, test } from "./fixtures";

test.describe("inventory on the resort page (brand=evolution)", () => {
  test("the filters narrow the grid, and clearing them brings it back", async ({ page }) => {
    await page.goto(`${DEMO}/resort.html`);
    const inventory = page.locator("gc-inventory");
    const count = inventory.locator('[part="count"]');
    const cards = inventory.getByRole("list", { name: "Vehicles" }).getByRole("listitem");
    // limit="6": six cards of all the Evolution carts.
    await expect(count).toHaveText(/^Showing 6 of \d+ vehicles$/);
    const total = Number(/of (\d+)/.exec(await count.innerText())![1]);
    expect(total).toBeGreaterThan(6);
    await expect(cards).toHaveCount(6);

    await inventory.getByLabel("Category").selectOption({ label: "Turfman" });
    await expect(count).not.toHaveText(`Showing 6 of ${total} vehicles`);
    // "Loading vehicles…" while the choice's page is on its way.
    await expect(count).toHaveText(/^Showing \d+/);
    const shown = Number(/^Showing (\d+)/.exec(await count.innerText())![1]);
    expect(shown).toBeGreaterThan(0);
    expect(shown).toBeLessThan(6);
    await expect(cards).toHaveCount(shown);
    for (const name of await inventory.getByRole("list", { name: "Vehicles" }).getByRole("heading").allInnerTexts()) {
      expect(name.toLowerCase()).toContain("turfman");
    }

    await inventory.getByLabel("Price").selectOption({ label: "Over $25,000" });
    await expect(cards).toHaveCount(0);

    await inventory.getByLabel("Search").fill("no such cart anywhere");
    await expect(inventory.getByText("No vehicles match your current filters.")).toBeVisible();
    await expect(inventory.getByText(`Showing 0 of ${total} total vehicles`)).toBeVisible();
    await inventory.getByRole("button", { name: /clear/i }).click();
    await expect(count).toHaveText(`Showing 6 of ${total} vehicles`);
  });
});

test.describe("inventory on the dealership's /inventory page", { tag: "@layout" }, () => {
  test("downloads the photos of the cards in view, and the others as they are scrolled to", async ({ page, request }) => {
    const total = ((await (await request.get("/api/vehicles")).json()) as unknown[]).length;
    // The first page of results (the site serves them 24 at a time).
    const onPage = Math.min(total, INVENTORY_PAGE_SIZE);
    const photos = new Set<string>();
    page.on("request", (req) => {
      if (new URL(req.url()).pathname.startsWith("/images/vehicles/")) photos.add(req.url());
    });
    await page.goto("/inventory");
    const inventory = page.locator("gc-inventory");
    await expect(inventory.locator('[part="count"]')).toContainText(`Showing ${onPage} of ${total} vehicles`);
    const cards = inventory.getByRole("list", { name: "Vehicles" }).getByRole("listitem");
    await expect(cards).toHaveCount(onPage);
    await page.waitForLoadState("networkidle");
    // A screen or two of cards, not the whole page.
    expect(photos.size).toBeGreaterThan(0);
    expect(photos.size).toBeLessThan(onPage);

    const last = cards.last().locator("img");
    expect(photos.has(await last.evaluate((img: HTMLImageElement) => img.src))).toBe(false);
    await last.scrollIntoViewIfNeeded();
    await expect.poll(() => last.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
  });
});
