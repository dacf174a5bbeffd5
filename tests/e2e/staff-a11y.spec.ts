/** axe-core finds no WCAG 2.1 A or AA violations on any staff console screen, at desktop and phone sizes. */
import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";
import { expect, test } from "./staff-fixtures";

// axe walks every row of a screen twice per test: give it room on a loaded 2-core machine.
test.describe.configure({ timeout: 60_000 });

const violations = async (page: Page) => {
  const results = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]).analyze();
  return results.violations.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(" ")).join("; ")})`);
};

test("sign-in, blank and with an error", { tag: "@layout" }, async ({ page, consoleGuard }) => {
  consoleGuard.allow(/status of 401/);
  await page.goto("/staff");
  await expect(page.getByRole("button", { name: "Sign in" })).toBeVisible();
  expect(await violations(page)).toEqual([]);
  await page.getByLabel("Email").fill("nobody@staff.example.test");
  await page.getByLabel("Password").fill("not-a-password");
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page.getByRole("alert")).toBeVisible();
  expect(await violations(page)).toEqual([]);
});

test("inventory, with a search and after a status change", { tag: "@layout" }, async ({ signedInPage: page, makeVehicle }) => {
  const vehicle = await makeVehicle({ status: "on-hold" });
  await page.reload();
  await expect(page.locator(`tr[data-vehicle-id="${vehicle.id}"]`)).toBeVisible();
  expect(await violations(page)).toEqual([]);
  await page.getByLabel("Search").fill(vehicle.id);
  await page.getByRole("button", { name: `Mark sold: ${vehicle.name}` }).click();
  expect(await violations(page)).toEqual([]);
  await page.getByRole("dialog").getByRole("button", { name: "Mark sold" }).click();
  await expect(page.getByRole("status").filter({ hasText: "is now sold" })).toBeVisible();
  expect(await violations(page)).toEqual([]);
});

test("the vehicle form: editing, with field errors, the delete dialog", { tag: "@layout" }, async ({ signedInPage: page, makeVehicle }) => {
  const vehicle = await makeVehicle();
  await page.goto(`/staff/vehicles/${vehicle.id}`);
  await expect(page.getByLabel("Name")).toHaveValue(vehicle.name);
  expect(await violations(page)).toEqual([]);
  await page.getByLabel("Name").fill("");
  await page.getByLabel("Price").fill("free");
  await page.getByRole("button", { name: "Save" }).click();
  await expect(page.locator("#v-price-error")).toBeVisible();
  expect(await violations(page)).toEqual([]);
  await page.getByRole("button", { name: "Delete vehicle" }).click();
  await expect(page.getByRole("dialog")).toBeVisible();
  expect(await violations(page)).toEqual([]);
});

test("the conflict message after a 412", { tag: "@layout" }, async ({ signedInPage: page, ownerApi, makeVehicle, consoleGuard }) => {
  consoleGuard.allow(/status of 412/);
  const vehicle = await makeVehicle();
  await page.goto(`/staff/vehicles/${vehicle.id}`);
  await expect(page.getByLabel("Name")).toHaveValue(vehicle.name);
  const current = await ownerApi.get(`/api/staff/vehicles/${vehicle.id}`);
  const put = await ownerApi.put(`/api/staff/vehicles/${vehicle.id}`, { data: { ...vehicle, price: 1 }, headers: { "If-Match": current.headers()["etag"]! } });
  expect(put.status()).toBe(200);
  await page.getByLabel("Price").fill("2");
  await page.getByRole("button", { name: "Save" }).click();
  await expect(page.getByRole("heading", { name: "Someone else saved this vehicle first" })).toBeVisible();
  expect(await violations(page)).toEqual([]);
});

const SCREENS = [
  { path: "/staff/vehicles/new", ready: (page: Page) => page.getByRole("heading", { level: 1, name: "Add a vehicle" }) },
  { path: "/staff/history", ready: (page: Page) => page.locator("table, main p:not([role])").first() },
  { path: "/staff/accounts", ready: (page: Page) => page.getByRole("list", { name: "Staff accounts" }) },
  { path: "/staff/origins", ready: (page: Page) => page.getByRole("heading", { name: "Set at start-up" }) },
];

for (const { path, ready } of SCREENS) {
  test(`${path}`, { tag: "@layout" }, async ({ signedInPage: page }) => {
    await page.goto(path);
    await expect(ready(page)).toBeVisible();
    expect(await violations(page)).toEqual([]);
  });
}

test("the sign-in-again dialog after the session ends", { tag: "@layout" }, async ({ signedInPage: page, consoleGuard }) => {
  consoleGuard.allow(/status of 401/);
  await page.goto("/staff/history");
  await expect(page.getByRole("heading", { level: 1, name: "History" })).toBeVisible();
  expect((await page.request.delete("/api/staff/session")).status()).toBe(204);
  // A request the console makes in the background may meet the 401 first and open the modal
  // dialog over the link: the click is dispatched, not waited for, so either request ends in the same dialog.
  await page.getByRole("navigation", { name: "Console" }).getByRole("link", { name: "Inventory", exact: true }).dispatchEvent("click");
  await expect(page.getByRole("dialog", { name: "Sign in again" })).toBeVisible();
  expect(await violations(page)).toEqual([]);
});
