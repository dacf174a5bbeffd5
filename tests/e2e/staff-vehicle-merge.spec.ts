/**
 * Two colleagues, each in their own browser, edit one vehicle. A save after a photo change
 * (an upload, or a move) must keep the colleague's price, and the history must credit each with their own field.
 */
import type { Browser, Page } from "@playwright/test";
import sharp from "sharp";
import type { Vehicle } from "../../domain/vehicle";
import { SITE } from "../../playwright.config";
import { addAccountWithCli, expect, signInWithForm, test, type StaffAccount } from "./staff-fixtures";

const png = (background: string) =>
  sharp({ create: { width: 800, height: 500, channels: 3, background } })
    .png()
    .toBuffer();

/** A colleague's page in a browser context of its own, signed in as another account; its console errors fail the test. */
async function colleague(browser: Browser, account: StaffAccount) {
  const context = await browser.newContext({ baseURL: SITE });
  const page = await context.newPage();
  const problems: string[] = [];
  page.on("pageerror", (err) => problems.push(err.message));
  page.on("console", (m) => m.type() === "error" && problems.push(m.text()));
  await signInWithForm(page, account);
  return { page, problems, close: () => context.close() };
}

const saveForm = async (page: Page, name: string) => {
  await page.getByRole("button", { name: "Save" }).click();
  await expect(page.getByRole("status").filter({ hasText: `Saved ${name}.` })).toBeVisible();
};

for (const route of ["upload", "move"] as const) {
  test(`A saves after ${route === "upload" ? "uploading" : "moving"} a photo: B's new price stays, and the history credits each with their own field`, async ({
    signedInPage: a,
    owner,
    browser,
    makeVehicle,
    ownerApi,
  }) => {
    test.setTimeout(90_000);
    const vehicle = await makeVehicle({ price: 10_000, description: "As it came." });
    if (route === "move") {
      for (const colour of ["#c0392b", "#2e86c1"]) {
        const res = await ownerApi.post(`/api/staff/vehicles/${vehicle.id}/photos`, {
          multipart: { photo: { name: `${colour}.png`, mimeType: "image/png", buffer: await png(colour) } },
        });
        expect(res.status()).toBe(201);
      }
    }
    const b = await colleague(browser, addAccountWithCli("sales"));
    for (const page of [a, b.page]) {
      await page.goto(`/staff/vehicles/${vehicle.id}`);
      await expect(page.getByLabel("Price")).toHaveValue("10000");
    }

    // B changes the price and saves.
    await b.page.getByLabel("Price").fill("12500");
    await saveForm(b.page, vehicle.name);

    // A changes the photos, then the description, and saves.
    const photos = a.getByRole("region", { name: "Photos" });
    if (route === "upload") {
      await photos.getByLabel("Choose photos").setInputFiles({ name: "new.png", mimeType: "image/png", buffer: await png("#27ae60") });
      await expect(photos.getByText("Added", { exact: true })).toBeVisible({ timeout: 30_000 });
    } else {
      await photos.getByRole("button", { name: "Move photo 2 earlier" }).click();
      await expect(photos.getByRole("status")).toHaveText("Photo 2 is now the main photo.");
    }
    await a.getByLabel("Description").fill("Written by A.");
    await saveForm(a, vehicle.name);
    // The form now shows what is stored, B's price included.
    await expect(a.getByLabel("Price")).toHaveValue("12500");

    const stored = (await (await ownerApi.get(`/api/staff/vehicles/${vehicle.id}`)).json()) as Vehicle;
    expect(stored).toMatchObject({ price: 12_500, description: "Written by A." });
    expect(stored.images.filter((src) => src.startsWith("/photos/"))).toHaveLength(route === "upload" ? 1 : 2);

    await a.goto("/staff/history");
    const rows = a.getByRole("row").filter({ has: a.getByRole("link", { name: vehicle.name, exact: true }) });
    const byA = rows.filter({ hasText: owner.email }).filter({ hasText: "Written by A." });
    await expect(byA).toHaveCount(1);
    await expect(byA).toContainText("Description: As it came. → Written by A.");
    await expect(byA).not.toContainText("Price");
    await expect(rows.filter({ hasText: "sales-" })).toContainText("Price: $10,000 → $12,500");
    expect(b.problems).toEqual([]);
    await b.close();
  });
}

test("both change the price: A is shown the conflict with B's value and name, and saving again keeps B's other change", async ({
  signedInPage: a,
  browser,
  makeVehicle,
  ownerApi,
  consoleGuard,
}) => {
  // Chromium logs the refused PATCH's status; the page itself reports no error.
  consoleGuard.allow(/status of 412/);
  const vehicle = await makeVehicle({ price: 10_000 });
  const account = addAccountWithCli("sales");
  const b = await colleague(browser, account);
  for (const page of [a, b.page]) {
    await page.goto(`/staff/vehicles/${vehicle.id}`);
    await expect(page.getByLabel("Price")).toHaveValue("10000");
  }
  await b.page.getByLabel("Price").fill("12500");
  await b.page.getByLabel("Category").fill("Changed by B");
  await saveForm(b.page, vehicle.name);

  await a.getByLabel("Price").fill("11000");
  await a.getByRole("button", { name: "Save" }).click();
  const conflict = a.getByRole("region", { name: "Someone else saved this vehicle first" });
  await expect(conflict).toBeFocused();
  const row = conflict.getByRole("row", { name: /Price/ });
  await expect(row).toContainText("$11,000");
  await expect(row).toContainText("$12,500");
  await expect(row).toContainText(account.email);
  await expect(conflict.getByRole("row")).toHaveCount(2);
  await expect(a.getByLabel("Price")).toHaveValue("11000");

  await saveForm(a, vehicle.name);
  const stored = (await (await ownerApi.get(`/api/staff/vehicles/${vehicle.id}`)).json()) as Vehicle;
  expect(stored).toMatchObject({ price: 11_000, category: "Changed by B" });
  expect(b.problems).toEqual([]);
  await b.close();
});
