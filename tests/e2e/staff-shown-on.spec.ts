/**
 * Shown on sites, in Chromium: an owner makes a cart on every site exclusive to one site in the
 * vehicle form, finds it by the inventory's Site filter (kept in the address) and its Sites column, and shows it on a
 * second site with a bulk change. The form's Shown on is looked at by a screenshot at 1280 and 390 px.
 */
import { randomBytes } from "node:crypto";
import { readFileSync } from "node:fs";
import { sitesFromExample } from "../../domain/site-seed";
import type { Vehicle } from "../../domain/vehicle";
import { expect, test } from "./staff-fixtures";

const [example] = sitesFromExample(JSON.parse(readFileSync(new URL("../fixtures/example-sites.json", import.meta.url), "utf8")));

test("an owner makes a cart exclusive to one site, finds it by site, and shows it on another by a bulk change", async ({
  signedInPage: page,
  ownerApi,
  makeVehicle,
}) => {
  const tag = randomBytes(3).toString("hex");
  const site = { ...example!, id: `e2e-shown-${tag}`, name: `E2E Shore ${tag}`, domains: [`e2e-shown-${tag}.localhost`] };
  const added = await ownerApi.post("/api/staff/sites", { data: site });
  expect(added.status(), await added.text()).toBe(201);
  try {
    const [first] = ((await (await ownerApi.get("/api/staff/sites")).json()) as { sites: { id: string; name: string }[] }).sites;
    const cart = await makeVehicle();

    await page.goto(`/staff/vehicles/${cart.id}`);
    const group = page.getByRole("group", { name: "Shown on" });
    await expect(group.getByLabel("Every site (and sites added later)")).toBeChecked();
    await group.getByLabel("Only the sites ticked").check();
    await expect(group.getByLabel(first!.name)).toBeChecked();
    await expect(group.getByLabel(site.name)).toBeChecked();
    await group.getByLabel(first!.name).uncheck();
    for (const width of [1280, 390]) {
      await page.setViewportSize({ width, height: 900 });
      await group.scrollIntoViewIfNeeded();
      await page.screenshot({ path: test.info().outputPath(`shown-on-${width}.png`), fullPage: false });
    }
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.getByRole("button", { name: "Save" }).click();
    await expect(page.getByRole("status").filter({ hasText: `Saved ${cart.name}.` })).toBeVisible();
    expect(((await (await ownerApi.get(`/api/staff/vehicles/${cart.id}`)).json()) as Vehicle).sites).toEqual([site.id]);

    await page.goto(`/staff?q=${encodeURIComponent(cart.name)}`);
    // The inventory's own Site filter (the header's site switcher is another "Site").
    const siteFilter = page.getByRole("group", { name: "Filter and sort" }).getByLabel("Site", { exact: true });
    await siteFilter.selectOption({ label: first!.name });
    await expect(page.getByText("No vehicle matches")).toBeVisible();
    expect(new URL(page.url()).searchParams.get("site")).toBe(first!.id);
    await siteFilter.selectOption({ label: site.name });
    const row = page.locator(`tr[data-vehicle-id="${cart.id}"]`);
    await expect(row.locator("td[data-label='Sites']")).toHaveText(site.name);
    await page.reload();
    await expect(siteFilter).toHaveValue(site.id);

    await page.getByLabel(`Select ${cart.name}`).check();
    await page.getByLabel("Action").selectOption({ label: "Show on site…" });
    await page.getByLabel("Show on", { exact: true }).selectOption({ label: first!.name });
    await page.getByRole("button", { name: "Apply to 1 cart" }).click();
    const dialog = page.getByRole("dialog", { name: `Show 1 cart on ${first!.name}?` });
    await expect(dialog).toContainText(`${cart.name}: shown on ${site.name}`);
    await dialog.getByRole("button", { name: `Show on ${first!.name}` }).click();
    await expect(page.getByRole("status").filter({ hasText: "1 cart was changed." })).toBeVisible();
    await expect(row.locator("td[data-label='Sites']")).toHaveText(`${site.name}, ${first!.name}`);
    expect(((await (await ownerApi.get(`/api/staff/vehicles/${cart.id}`)).json()) as Vehicle).sites).toEqual([site.id, first!.id]);
  } finally {
    await ownerApi.delete(`/api/staff/sites/${site.id}?force=1`);
  }
});
