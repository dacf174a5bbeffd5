/**
 * After a submit of each console form, its result (the success notice, or the error summary) is in view and has
 * focus, at 1280 and 390 px: the vehicle form, whose Save is far below its notice; accounts, partner origins, sites,
 * the rental desk's fleet, a lead's note and follow-up date, the CSV import and the inventory's bulk bar. The real
 * server (dist/, `npm run build`) and Chromium.
 */
import { randomBytes } from "node:crypto";
import type { Locator, Page } from "@playwright/test";
import { inventoryCsv } from "../../domain/inventory-csv";
import { sheetUnits } from "../../domain/testing/inventory-sheet";
import type { Vehicle } from "../../domain/vehicle";
import { postJson, validLead } from "../../api/testing/test-server";
import { SITE } from "../../playwright.config";
import { expect, test, TEST_BRAND } from "./staff-fixtures";

const WIDTHS = [
  { width: 1280, height: 800 },
  { width: 390, height: 844 },
];

/** The result a submit gave: focused, and within the screen (not above it, not under the fold). */
async function expectShown(result: Locator): Promise<void> {
  await expect(result).toBeVisible();
  await expect(result).toBeFocused();
  await expect(result).toBeInViewport({ ratio: 0.9 });
}

/** The notice (role status or alert) whose text matches. */
const notice = (scope: Page | Locator, text: string | RegExp) => scope.locator(".notice").filter({ hasText: text });

for (const size of WIDTHS) {
  test.describe(`at ${size.width} px, each form's result is in view and focused`, () => {
    test.use({ viewport: size });

    test("the vehicle form: Saved, and a field refused", async ({ signedInPage: page, makeVehicle }) => {
      const cart = await makeVehicle();
      await page.goto(`/staff/vehicles/${cart.id}`);
      const form = page.getByRole("form", { name: "Edit vehicle" });
      await form.getByLabel("Price", { exact: true }).fill("10450");
      await form.getByRole("button", { name: "Save" }).click();
      await expectShown(notice(page, `Saved ${cart.name}.`));
      // The notice is far above Save: the page moved to it.
      expect(await page.evaluate(() => scrollY)).toBeLessThan(1000);

      // Refused in the browser: the first field in error takes focus, its message beside it.
      await form.getByLabel("Name").fill("");
      await form.getByRole("button", { name: "Save" }).click();
      await expectShown(form.getByLabel("Name"));
      await expect(form.getByText("Name is required")).toBeInViewport();
    });

    test("accounts: added, and the temporary password of a reset", async ({ signedInPage: page }) => {
      await page.goto("/staff/accounts");
      const email = `result-${randomBytes(3).toString("hex")}@staff.example.test`;
      await page.getByLabel("Email").fill(email);
      await page.getByRole("textbox", { name: "Password" }).fill("lighthouse pelican dune");
      await page.getByRole("button", { name: "Add account" }).click();
      await expectShown(notice(page, `Added ${email}`));
      await page.getByRole("button", { name: `Reset password: ${email}` }).click();
      await page.getByRole("dialog").getByRole("button", { name: "Reset password" }).click();
      await expectShown(notice(page, `Temporary password for ${email}`));
      await page.getByRole("button", { name: `Remove: ${email}` }).click();
      await page.getByRole("dialog").getByRole("button", { name: "Remove" }).click();
      await expectShown(notice(page, `Removed ${email}`));
    });

    test("partner origins: added, removed, and a bad origin's error", async ({ signedInPage: page }) => {
      await page.goto("/staff/origins");
      const origin = `https://result-${randomBytes(3).toString("hex")}.example`;
      await page.getByLabel("Origin", { exact: true }).fill("not an origin");
      await page.getByRole("button", { name: "Add origin" }).click();
      await expectShown(page.getByLabel("Origin", { exact: true }));
      await expect(page.locator(".field-error")).toBeInViewport();
      await page.getByLabel("Origin", { exact: true }).fill(origin);
      await page.getByRole("button", { name: "Add origin" }).click();
      await expectShown(notice(page, `${origin} may now send leads to Sussex Coast Golf Carts.`));
      await page.getByRole("button", { name: `Remove: ${origin}` }).click();
      await expectShown(notice(page, `${origin} may no longer send leads to Sussex Coast Golf Carts.`));
    });

    test("sites: a site saved", async ({ signedInPage: page }) => {
      await page.goto("/staff/sites");
      await page
        .getByRole("button", { name: /^Edit / })
        .first()
        .click();
      const form = page.getByRole("form", { name: /^Edit / });
      await form.getByRole("button", { name: /^Save/ }).click();
      await expectShown(notice(page, /^Saved /));
    });

    test("the rental desk: fleet and turnaround saved", async ({ signedInPage: page }) => {
      await page.goto("/staff/rentals");
      const panel = page.getByRole("region", { name: "Fleet and turnaround" });
      await panel.getByRole("button", { name: /^Save/ }).click();
      await expectShown(notice(page, /^Fleet, turnaround and booking horizon of Sussex Coast Golf Carts saved/));
    });

    test("a lead: a note added and a follow-up date set", async ({ signedInPage: page }) => {
      const tag = randomBytes(3).toString("hex");
      const res = await postJson(`${SITE}/api/contact`, validLead({ firstName: "Result", lastName: `Lead ${tag}` }), { origin: SITE });
      expect(res.status).toBe(201);
      await page.goto("/staff/leads");
      await page.getByRole("search", { name: "Filter leads" }).getByLabel("Search").fill(tag);
      const lead = page.getByRole("listitem").filter({ has: page.getByRole("heading", { level: 2, name: `Result Lead ${tag}` }) });
      await lead.getByText("Follow up").click();
      await lead.getByLabel("Add a note").fill("Called back.");
      await lead.getByRole("button", { name: "Add note" }).click();
      await expectShown(notice(lead, "Note added."));
      await lead.getByLabel("Follow-up date").fill("2031-05-04T10:30");
      await lead.getByRole("button", { name: "Set date" }).click();
      await expectShown(notice(lead, /^Due /));
    });

    test("the CSV import: the preview, then Imported", async ({ signedInPage: page, ownerApi }) => {
      const tag = `r${randomBytes(3).toString("hex")}`;
      const units = sheetUnits(1, { prefix: tag.toUpperCase() }).map((u) => ({ ...u, brand: TEST_BRAND }));
      await page.goto("/staff");
      const tools = page.locator(".csv-tools");
      await tools.getByLabel("CSV file to import").setInputFiles({ name: "one.csv", mimeType: "text/csv", buffer: Buffer.from(inventoryCsv(units)) });
      const preview = page.getByRole("region", { name: /Import preview: one\.csv/ });
      await expect(preview).toBeFocused();
      await preview.getByRole("button", { name: "Import 1 cart" }).click();
      try {
        await expectShown(notice(page, /^Imported one\.csv/));
      } finally {
        const { vehicles: all } = (await (await ownerApi.get("/api/staff/vehicles")).json()) as { vehicles: Vehicle[] };
        for (const v of all.filter((x) => x.stockNumber === units[0]!.stockNumber)) await ownerApi.delete(`/api/staff/vehicles/${v.id}`);
      }
    });

    test("the bulk bar: a refused change, then the carts changed", async ({ signedInPage: page, makeVehicle }) => {
      const cart = await makeVehicle();
      await page.goto("/staff");
      await page.getByLabel("Search").fill(cart.name);
      await page.getByRole("checkbox", { name: new RegExp(cart.name) }).check();
      await page.getByLabel("Action").selectOption("price-percent");
      await page.getByLabel("Percentage (%)").fill("lots");
      await page.getByRole("button", { name: /^Apply to 1 cart/ }).click();
      await expectShown(page.locator(".bulk-bar__problem"));
      await page.getByLabel("Action").selectOption("on-hold");
      await page.getByRole("button", { name: /^Apply to 1 cart/ }).click();
      await page.getByRole("dialog").getByRole("button", { name: /^Mark/ }).click();
      await expectShown(page.locator(".notice"));
    });
  });
}
