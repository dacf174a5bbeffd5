/**
 * The console's Sites page (issue 26): an organisation owner adds a site, which
 * is served within a second, edits it, switches the console to it and removes it.
 * Until routing by host is merged, "served" is checked through the TLS proxy's
 * ask endpoint (GET /api/tls/allowed), which answers from the same sites in memory.
 */
import { randomBytes } from "node:crypto";
import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";
import { expect, signInWithForm, test } from "./staff-fixtures";

const violations = async (page: Page) => {
  const results = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]).analyze();
  return results.violations.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(" ")).join("; ")})`);
};

test(
  "the Sites page, the new-site form with its errors and the edit form have no WCAG 2.1 A or AA violation",
  { tag: "@layout" },
  async ({ signedInPage: page }) => {
    test.setTimeout(60_000);
    await page.goto("/staff/sites");
    await expect(page.getByRole("list", { name: "Sites" })).toBeVisible();
    expect(await violations(page)).toEqual([]);
    await page.getByRole("button", { name: "Add a site" }).click();
    await page.getByRole("button", { name: "Add a town" }).click();
    await page.getByRole("button", { name: "Add the site" }).click();
    await expect(page.getByText("The site's name is required")).toBeVisible();
    expect(await violations(page)).toEqual([]);
    await page.getByRole("button", { name: "Cancel" }).click();
    await page
      .getByRole("button", { name: /^Edit / })
      .first()
      .click();
    await expect(page.getByRole("heading", { level: 1, name: /^Edit / })).toBeVisible();
    expect(await violations(page)).toEqual([]);
  },
);

test("an owner adds a site in the console; it is served within a second, shows in the header's switcher, is edited and removed", async ({
  signedInPage: page,
  ownerApi,
  browser,
}) => {
  const tag = randomBytes(3).toString("hex");
  const id = `e2e-${tag}`;
  const domain = `${id}.localhost`;
  await expect(page.getByLabel("Site", { exact: true })).toHaveCount(0);

  await page.getByRole("link", { name: "Sites" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Sites" })).toBeVisible();
  await expect(page.getByRole("list", { name: "Sites" }).getByRole("listitem")).toHaveCount(1);
  await page.getByRole("button", { name: "Add a site" }).click();

  // Nothing filled in: the core schema's messages, under their fields.
  await page.getByRole("button", { name: "Add the site" }).click();
  await expect(page.getByText("The site's name is required")).toBeVisible();
  await expect(page.getByLabel("Primary domain")).toHaveAccessibleDescription(/must be a host name/);

  const form = page.getByRole("form", { name: "New site" });
  await form.getByLabel("Name").fill(`E2E Golf Carts ${tag}`);
  await form.getByLabel("ID").fill(id);
  await form.getByLabel("Region").fill("Test County");
  await form.getByLabel("E-mail").fill(`sales@${id}.example`);
  await form.getByLabel("Phone as shown").fill("(302) 555-0199");
  await form.getByLabel("Phone to dial").fill("+13025550199");
  await form.getByLabel("Founded in").fill("2024");
  await form.getByLabel("Primary domain").fill(domain);
  await form.getByLabel("Street").fill("1 Test Road");
  await form.getByLabel("City", { exact: true }).fill("Testville");
  await form.getByLabel("State", { exact: true }).fill("DE");
  await form.getByLabel("ZIP code").fill("19999");
  await form.getByLabel("County", { exact: true }).fill("Test");
  await form.getByLabel("Latitude").fill("38.7");
  await form.getByLabel("Longitude").fill("-75.1");
  await form.getByLabel("Governing law (state)").fill("Delaware");
  await form.getByLabel("County of venue").fill("Test County");
  await form.getByRole("button", { name: "Add a town" }).click();
  await form.getByLabel("Town", { exact: true }).fill("Testville");
  await form.getByLabel("Link").fill("testville");
  await form.getByLabel("Latitude").nth(1).fill("38.71");
  await form.getByLabel("Longitude").nth(1).fill("-75.11");

  await form.getByRole("button", { name: "Add the site" }).click();
  const saved = Date.now();
  await expect(page.getByRole("status").or(page.locator(".notice--success"))).toContainText(`it answers on ${domain} now`);
  await expect.poll(async () => (await ownerApi.get(`/api/tls/allowed?domain=${domain}`)).status(), { intervals: [50], timeout: 1_000 }).toBe(200);
  expect(Date.now() - saved).toBeLessThan(1_000);

  // Two sites now: the header offers the choice, and the inbox follows it.
  const switcher = page.getByLabel("Site", { exact: true });
  await expect(switcher).toBeVisible();
  await switcher.selectOption({ label: `E2E Golf Carts ${tag}` });
  await page.getByRole("link", { name: "Leads" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Leads" })).toBeVisible();
  await switcher.selectOption({ label: "All sites" });

  // An account of that site only: it sees no Sites, Accounts or switcher, and no lead of the first site.
  await page.getByRole("link", { name: "Accounts" }).click();
  const seller = { email: `seller-${tag}@staff.example.test`, password: `pw-${tag}-long-enough`, role: "sales" as const };
  await page.getByLabel("Email", { exact: true }).fill(seller.email);
  await page.getByLabel("Sites").selectOption({ label: `E2E Golf Carts ${tag} only` });
  await page.getByLabel("Password", { exact: true }).fill(seller.password);
  await page.getByRole("button", { name: "Add account" }).click();
  await expect(page.getByRole("list", { name: "Staff accounts" }).getByRole("listitem").filter({ hasText: seller.email })).toContainText(
    `Sales · E2E Golf Carts ${tag} · added`,
  );
  const theirs = await browser.newContext();
  const sellerPage = await theirs.newPage();
  await signInWithForm(sellerPage, seller);
  await expect(sellerPage.getByRole("navigation", { name: "Console" }).getByRole("link")).toHaveText([
    "Inventory",
    "Add a vehicle",
    "Leads",
    "Embed",
    "History",
  ]);
  await expect(sellerPage.getByLabel("Site", { exact: true })).toHaveCount(0);
  await theirs.close();

  // Edit its region.
  await page.getByRole("link", { name: "Sites" }).click();
  await page.getByRole("button", { name: `Edit E2E Golf Carts ${tag}` }).click();
  await page.getByLabel("Region").fill("Another County");
  await page.getByRole("button", { name: "Save" }).click();
  await expect(page.getByRole("list", { name: "Sites" })).toContainText("Another County");

  // Remove it, confirmed: its domain is served no more.
  await page.getByRole("button", { name: `Remove E2E Golf Carts ${tag}` }).click();
  await page.getByRole("dialog").getByRole("button", { name: "Remove the site" }).click();
  await expect(page.getByRole("list", { name: "Sites" }).getByRole("listitem")).toHaveCount(1);
  expect((await ownerApi.get(`/api/tls/allowed?domain=${domain}`)).status()).toBe(404);
  await expect(page.getByLabel("Site", { exact: true })).toHaveCount(0);
});
