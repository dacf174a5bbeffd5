/**
 * Lot transfers: an owner moves a unit from the first site's lot to a second site's in the vehicle's form,
 * in one step; the result is in view and focused, the second site's API serves the unit at once and the first's no
 * longer, and the history names who moved it. Screens at 1280 and 390 px are kept as attachments.
 */
import { randomBytes } from "node:crypto";
import { readFileSync } from "node:fs";
import { fetchAsHost } from "../../api/testing/host-fetch";
import type { Site } from "../../domain/site";
import { sitesFromExample } from "../../domain/site-seed";
import { E2E_PORT } from "../../playwright.config";
import { expect, test } from "./staff-fixtures";
import { screens } from "./screens";

const [capeMayExample] = sitesFromExample(JSON.parse(readFileSync(new URL("../fixtures/example-sites.json", import.meta.url), "utf8")));

test.describe("moving a unit to another site's lot", () => {
  test.skip(({ isMobile }) => isMobile, "the screens are checked at both widths in the test");
  let site: Site;
  test.beforeAll(async ({ workerOwnerApi }) => {
    const tag = randomBytes(3).toString("hex");
    site = { ...capeMayExample!, id: `cape-may-${tag}`, name: `Cape May ${tag} Golf Carts`, domains: [`cape-may-${tag}.localhost`] };
    const made = await workerOwnerApi.post("/api/staff/sites", { data: site });
    expect(made.status(), await made.text()).toBe(201);
  });
  test.afterAll(async ({ workerOwnerApi }) => {
    await workerOwnerApi.delete(`/api/staff/sites/${site.id}?force=1`);
  });

  test("an owner moves a unit in the form, and the receiving site shows it at once", async ({ signedInPage: page, makeVehicle, ownerApi, owner }) => {
    const unit = await makeVehicle({ sites: ["sussex-coast"], location: "sussex-coast" });
    const onSite = async (host: string) => (await fetchAsHost(`http://127.0.0.1:${E2E_PORT}/api/vehicles/${unit.id}`, host)).status;
    expect(await onSite(site.domains[0]!)).toBe(404);

    await page.goto(`/staff/vehicles/${unit.id}`);
    const lot = page.getByRole("region", { name: "Lot" });
    await expect(lot).toContainText("On the lot of Sussex Coast Golf Carts.");
    await screens(page, "lot-section");
    await lot.getByRole("button", { name: "Move to another lot" }).click();
    const dialog = page.getByRole("dialog", { name: `Move ${unit.name} to another lot?` });
    await dialog.getByLabel("To the lot of").selectOption({ label: site.name });
    await screens(page, "lot-dialog");
    await dialog.getByRole("button", { name: "Move" }).click();

    const notice = page.getByText(`Moved ${unit.name} to the lot of ${site.name}: that site shows it now.`);
    await expect(notice).toBeVisible();
    await expect(notice).toBeInViewport();
    await expect(page.locator(".notice:focus")).toHaveCount(1);
    await expect(lot).toContainText(`On the lot of ${site.name}.`);
    expect(await onSite(site.domains[0]!)).toBe(200);
    expect(await onSite("localhost")).toBe(404);
    await page.setViewportSize({ width: 390, height: 844 });
    await expect(notice).toBeInViewport();
    await screens(page, "lot-moved");

    const history = (await (await ownerApi.get(`/api/staff/audit?vehicle=${unit.id}&limit=1`)).json()) as { entries: { email: string; fields: string[] }[] };
    expect(history.entries[0]).toMatchObject({ email: owner.email, fields: expect.arrayContaining(["location", "sites"]) });
  });
});
