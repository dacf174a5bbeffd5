/** With JavaScript off every page still reads fully; only the widgets' live data needs it. */
import { BUSINESS } from "../../domain/business";
import { INVENTORY_PAGE_SIZE } from "../../domain/inventory-query";
import { expect, test } from "./fixtures";

test.use({ javaScriptEnabled: false });

test("the header menu is usable without its script", { tag: "@layout" }, async ({ page }) => {
  await page.goto("/");
  const nav = page.locator("#site-menu");
  await expect(nav).toBeVisible();
  for (const name of ["Home", "Inventory", "Rentals", "Services", "Showroom", "Contact"]) {
    await expect(nav.getByRole("link", { name, exact: true })).toBeVisible();
  }
  await expect(page.getByRole("button", { name: "Menu" })).toBeHidden();
});

test("widget pages show the content the server rendered in each widget", async ({ page }) => {
  await page.goto("/inventory");
  await expect(page.locator("gc-inventory li.card").first()).toBeVisible();
  await expect(page.locator("gc-inventory li.card")).toHaveCount(INVENTORY_PAGE_SIZE);

  await page.goto("/rentals");
  await expect(page.locator('gc-rental-pricing [part="plan"]')).toHaveCount(3);
  await expect(page.locator("gc-rental-pricing").getByText("$1,050").first()).toBeVisible();

  await page.goto("/vehicle/denago-ev-city");
  const detail = page.locator("gc-vehicle-detail");
  await expect(detail.getByRole("heading", { name: "Specifications" })).toBeVisible();
  await expect(detail.getByText("$15,000", { exact: true })).toBeVisible();
  await expect(detail.getByRole("link", { name: "Schedule Test Drive" })).toHaveAttribute("href", `tel:${BUSINESS.phones.tollFree.e164}`);

  await page.goto("/eco-impact");
  await expect(page.locator("gc-eco-calculator").getByLabel("Miles per week")).toHaveValue("25");

  await page.goto("/contact");
  await expect(page.locator("gc-contact-form").getByLabel("Email")).toBeVisible();
});

test("the calculator and the form say, without JavaScript, what they cannot do and how else to reach us", async ({ request }) => {
  // In <noscript>, which a browser with scripting off shows (Playwright turns scripts off but parses <noscript> as text).
  const noscript = (html: string) => [...html.matchAll(/<noscript>(.*?)<\/noscript>/gs)].map((m) => m[1]).join("\n");
  expect(noscript(await (await request.get("/eco-impact")).text())).toContain("The calculator needs JavaScript");
  const contact = noscript(await (await request.get("/contact")).text());
  expect(contact).toContain("The message form needs JavaScript");
  expect(contact).toContain(`href="tel:${BUSINESS.phones.main.e164}"`);
});

test("home, a town page and a policy page read fully", async ({ page }) => {
  await page.goto("/");
  await expect(page.locator("#featured article.vehicle-card")).toHaveCount(3);
  await expect(page.locator("#featured article.vehicle-card").first()).toBeVisible();
  await page.goto("/lewes-golf-carts");
  await expect(page.getByText("SERVING LEWES")).toBeVisible();
  await expect(page.locator("#services li")).toHaveCount(8);
  await page.goto("/policies/return-policy");
  await expect(page.getByText("Effective date: January 23, 2025")).toBeVisible();
  await expect(page.getByRole("table", { name: "Return windows and fees" })).toBeVisible();
});

test("the inventory's pages and filters work without JavaScript: page links, and the filter form as a GET form", async ({ page, request }) => {
  const total = ((await (await request.get("/api/vehicles")).json()) as unknown[]).length;
  const inventory = page.locator("gc-inventory");
  await page.goto("/inventory");
  await expect(inventory.getByRole("status")).toContainText(`Showing ${INVENTORY_PAGE_SIZE} of ${total} vehicles`);
  const firstCard = await inventory.locator("li.card a").first().getAttribute("href");

  await inventory.getByRole("link", { name: "Next page" }).click();
  await expect(page).toHaveURL(/\/inventory\?page=2$/);
  await expect(inventory.locator("li.card")).toHaveCount(Math.min(INVENTORY_PAGE_SIZE, total - INVENTORY_PAGE_SIZE));
  await expect(inventory.locator(`li.card a[href="${firstCard}"]`)).toHaveCount(0);
  await inventory.getByRole("link", { name: "Previous page" }).click();
  await expect(page).toHaveURL(/\/inventory$/);
  await expect(inventory.locator(`li.card a[href="${firstCard}"]`)).toHaveCount(1);

  const form = inventory.getByRole("search", { name: "Filter vehicles" });
  await form.getByLabel("Brand").selectOption("evolution");
  await form.getByLabel("Sort by").selectOption("price-asc");
  await form.getByRole("button", { name: "Show results" }).click();
  await expect(page).toHaveURL(/[?&]brand=evolution/);
  await expect(form.getByLabel("Brand")).toHaveValue("evolution");
  const brands = await inventory.locator("li.card .brand").allTextContents();
  expect(brands.length).toBeGreaterThan(0);
  expect(new Set(brands)).toEqual(new Set(["Evolution"]));
  const prices = (await inventory.locator("li.card [part=price]").allTextContents()).map((p) => Number(p.replace(/[$,]/g, "")));
  expect(prices).toEqual([...prices].sort((a, b) => a - b));

  await page.goto("/inventory?brand=tesla");
  await expect(inventory.getByRole("heading", { name: "No vehicles found" })).toBeVisible();
  await expect(inventory.getByRole("status")).toHaveText(`No vehicles match your current filters. Showing 0 of ${total} total vehicles`);
  await inventory.getByRole("link", { name: "Clear filters" }).click();
  await expect(page).toHaveURL(/\/inventory$/);
});
