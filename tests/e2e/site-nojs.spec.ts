/** With JavaScript off every page still reads fully; only the widgets' live data needs it (issue 4 §5). */
import { BUSINESS } from "../../domain/business";
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
  expect(await page.locator("gc-inventory li.card").count()).toBeGreaterThan(30);

  await page.goto("/rentals");
  await expect(page.locator('gc-rental-pricing [part="plan"]')).toHaveCount(3);
  await expect(page.locator("gc-rental-pricing").getByText("$1,050").first()).toBeVisible();

  await page.goto("/vehicle/denago-ev-city");
  const detail = page.locator("gc-vehicle-detail");
  await expect(detail.getByRole("heading", { name: "Specifications" })).toBeVisible();
  await expect(detail.getByText("$15,000")).toBeVisible();
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
