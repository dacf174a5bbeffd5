/**
 * The console's Sites page: an organisation owner adds a site by
 * filling the form, and its home page is served by its host name within a
 * second of the save, with its name and phone and none of the first site's;
 * a phone edited in the console reaches that page within a second too; the
 * owner switches the console to it, and removes it.
 */
import { randomBytes } from "node:crypto";
import AxeBuilder from "@axe-core/playwright";
import type { BrowserContext, Page } from "@playwright/test";
import { firstSite } from "../../domain/site-seed";
import { E2E_PORT } from "../../playwright.config";
import { siteTraces, tracesIn } from "../fixtures/site-traces";
import { hostGet } from "./host-get";
import { expect, signInWithForm, test } from "./staff-fixtures";

/** Within this long of the console's save answering, the site's page shows the change. */
const SERVED_WITHIN_MS = 1_000;

/** Saves the console's form and resolves once the save has answered: the moment the clock starts. */
async function saveSite(page: Page, button: string, method: "POST" | "PUT"): Promise<number> {
  const answered = page.waitForResponse((r) => r.request().method() === method && new URL(r.url()).pathname.startsWith("/api/staff/sites"));
  await page.getByRole("button", { name: button, exact: true }).click();
  expect((await answered).ok()).toBe(true);
  return Date.now();
}

/**
 * The home page at `host`: how long after `since` the server answered it (timed from Node: a browser's new tab and
 * renderer process are not the server's time), then opened in a visitor's own tab, resolving when it has loaded.
 */
async function visitHome(context: BrowserContext, host: string, since: number) {
  const served = await hostGet(E2E_PORT, "/", `${host}:${E2E_PORT}`);
  const elapsed = Date.now() - since;
  const visitor = await context.newPage();
  const res = await visitor.goto(`http://${host}:${E2E_PORT}/`);
  expect(res?.status()).toBe(served.status);
  return { visitor, status: served.status, elapsed, html: served.body };
}

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

test("an owner adds a site in the console: its home page is served by its host within a second, with its name and phone; a phone edited shows there within a second; it is switched to and removed", async ({
  signedInPage: page,
  ownerApi,
  browser,
  consoleGuard,
}) => {
  // The removed site's host is refused at the end, on purpose.
  consoleGuard.allow(/status of 421 \(Misdirected Request\)/);
  const tag = randomBytes(3).toString("hex");
  const id = `e2e-${tag}`;
  const domain = `${id}.localhost`;
  await expect(page.locator("header.top").getByLabel("Site", { exact: true })).toHaveCount(0);

  await page.getByRole("link", { name: "Sites" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Sites" })).toBeVisible();
  await expect(page.getByRole("list", { name: "Sites" }).getByRole("listitem")).toHaveCount(1);
  await page.getByRole("button", { name: "Add a site" }).click();

  // Nothing filled in: the core schema's messages, under their fields.
  await page.getByRole("button", { name: "Add the site" }).click();
  await expect(page.getByText("The site's name is required")).toBeVisible();
  await expect(page.getByLabel("Primary domain")).toHaveAccessibleDescription(/must be a host name/);

  const form = page.getByRole("form", { name: "New site" });
  const name = `E2E Golf Carts ${tag}`;
  await form.getByLabel("Name", { exact: true }).fill(name);
  await form.getByLabel("ID", { exact: true }).fill(id);
  await form.getByLabel("Region").fill("Test County");
  await form.getByLabel("E-mail").fill(`sales@${id}.example`);
  await form.getByLabel("Phone as shown").fill("(609) 555-0199");
  await form.getByLabel("Phone to dial").fill("+16095550199");
  await form.getByLabel("Founded in").fill("2024");
  await form.getByLabel("Primary domain").fill(domain);
  await form.getByLabel("Street").fill("1 Test Road");
  await form.getByLabel("City", { exact: true }).fill("Testville");
  await form.getByLabel("State", { exact: true }).fill("NJ");
  await form.getByLabel("ZIP code").fill("08204");
  await form.getByLabel("County", { exact: true }).fill("Test");
  await form.getByLabel("Latitude").fill("38.9");
  await form.getByLabel("Longitude").fill("-74.9");
  await form.getByLabel("Governing law (state)").fill("New Jersey");
  await form.getByLabel("County of venue").fill("Test County");
  await form.getByRole("button", { name: "Add a town" }).click();
  await form.getByLabel("Town", { exact: true }).fill("Testville");
  await form.getByLabel("Link").fill("testville");
  await form.getByLabel("Latitude").nth(1).fill("38.91");
  await form.getByLabel("Longitude").nth(1).fill("-74.91");
  // Open on Sundays too, from noon: the hours are the site's own.
  await form.getByLabel("Open on Sunday").check();
  await form.getByLabel("Sunday opens").fill("12:00");
  await form.getByLabel("Sunday closes").fill("16:00");

  const saved = await saveSite(page, "Add the site", "POST");
  const home = await visitHome(page.context(), domain, saved);
  expect(home.status).toBe(200);
  expect(home.elapsed, `served ${home.elapsed} ms after the save`).toBeLessThan(SERVED_WITHIN_MS);
  await expect(home.visitor.locator(".site-header .brand__name")).toHaveText(name);
  await expect(home.visitor.locator(".floating-call")).toContainText("(609) 555-0199");
  await expect(home.visitor.locator("footer .hours__line").filter({ hasText: "Sun" })).toHaveText("Sun12 PM-4 PM");
  expect(tracesIn(home.html, siteTraces(firstSite()))).toEqual([]);
  await home.visitor.close();
  await expect(page.locator(".notice--success")).toContainText(`it answers on ${domain} now`);

  // Two sites now: the header offers the choice, and the inbox follows it.
  const switcher = page.locator("header.top").getByLabel("Site", { exact: true });
  await expect(switcher).toBeVisible();
  await switcher.selectOption({ label: name });
  await page.getByRole("link", { name: "Leads" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Leads" })).toBeVisible();
  await switcher.selectOption({ label: "All sites" });

  // An account of that site only: it sees no Sites, Accounts or switcher, and no lead of the first site.
  await page.getByRole("link", { name: "Accounts" }).click();
  const seller = { email: `seller-${tag}@staff.example.test`, password: `pw-${tag}-long-enough`, role: "sales" as const };
  await page.getByLabel("Email", { exact: true }).fill(seller.email);
  await page.getByLabel("Sites").selectOption({ label: `${name} only` });
  await page.getByLabel("Password", { exact: true }).fill(seller.password);
  await page.getByRole("button", { name: "Add account" }).click();
  await expect(page.getByRole("list", { name: "Staff accounts" }).getByRole("listitem").filter({ hasText: seller.email })).toContainText(
    `Sales · ${name} · added`,
  );
  const theirs = await browser.newContext();
  const sellerPage = await theirs.newPage();
  await signInWithForm(sellerPage, seller);
  await expect(sellerPage.getByRole("navigation", { name: "Console" }).getByRole("link")).toHaveText([
    "Inventory",
    "Add a vehicle",
    "Leads",
    "Rentals",
    "Embed",
    "History",
  ]);
  await expect(sellerPage.locator("header.top").getByLabel("Site", { exact: true })).toHaveCount(0);
  await theirs.close();

  // Edit its region and phone: the site's page shows the new phone within a second of the save.
  await page.getByRole("link", { name: "Sites" }).click();
  await page.getByRole("button", { name: `Edit ${name}` }).click();
  await page.getByLabel("Region").fill("Another County");
  await page.getByLabel("Phone as shown").fill("(609) 555-0123");
  await page.getByLabel("Phone to dial").fill("+16095550123");
  const edited = await saveSite(page, "Save", "PUT");
  const after = await visitHome(page.context(), domain, edited);
  expect(after.elapsed, `served ${after.elapsed} ms after the save`).toBeLessThan(SERVED_WITHIN_MS);
  await expect(after.visitor.locator(".floating-call")).toContainText("(609) 555-0123");
  expect(after.html).not.toContain("555-0199");
  await after.visitor.close();
  await expect(page.getByRole("list", { name: "Sites" })).toContainText("Another County");

  // Remove it, confirmed: its domain is served no more.
  await page.getByRole("button", { name: `Remove ${name}` }).click();
  await page.getByRole("dialog").getByRole("button", { name: "Remove the site" }).click();
  await expect(page.getByRole("list", { name: "Sites" }).getByRole("listitem")).toHaveCount(1);
  expect((await ownerApi.get(`/api/tls/allowed?domain=${domain}`)).status()).toBe(404);
  const gone = await visitHome(page.context(), domain, Date.now());
  expect(gone.status).toBe(421);
  await gone.visitor.close();
  await expect(page.locator("header.top").getByLabel("Site", { exact: true })).toHaveCount(0);
});
