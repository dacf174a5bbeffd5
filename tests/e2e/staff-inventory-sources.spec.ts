/**
 * The console's Inventory sources page, against the real server: a real HTTP server on loopback plays the
 * dealer system, serving a semicolon CSV with headers unlike ours. An owner adds a pull source for it, previews a
 * sample upload, confirms the mapping, syncs, and sees the run and the units in the inventory; a file with 40 % of the
 * units gone is held, shown with Apply and Discard, and discarded. A salesperson has no link and is refused.
 */
import { randomBytes } from "node:crypto";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import AxeBuilder from "@axe-core/playwright";
import type { Page, TestInfo } from "@playwright/test";
import type { SourceView } from "../../domain/inventory-source";
import type { Site } from "../../domain/site";
import type { Vehicle } from "../../domain/vehicle";
import { addAccountWithCli, expect, signedInApi, signInWithForm, test } from "./staff-fixtures";

const HEADER = "Stock #;Year;Make;Model;Internet Price;Color;Status";

/** A dealer system's export on loopback: the lines it serves, changed by the test between runs. */
async function dealerSystem() {
  const state = { lines: [] as string[] };
  const server: Server = createServer((_req, res) => {
    res.writeHead(200, { "content-type": "text/csv; charset=windows-1252" }).end(Buffer.from([HEADER, ...state.lines].join("\r\n") + "\r\n", "latin1"));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    state,
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/export/inventory.csv`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

const violations = async (page: Page) => {
  const results = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]).analyze();
  return results.violations.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(" ")).join("; ")})`);
};

/** No horizontal scrolling of the page, and a screenshot to look at. */
async function fits(page: Page, testInfo: TestInfo, name: string) {
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 900 });
    expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth), `${name} at ${width} px`).toBe(0);
    await page.screenshot({ path: testInfo.outputPath(`${name}-${width}.png`), fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

test("an owner adds a pull source, previews a sample, confirms the mapping, syncs it into the inventory, and discards a held run", async ({
  signedInPage: page,
  ownerApi,
  consoleGuard,
}, testInfo) => {
  test.setTimeout(120_000);
  const tag = randomBytes(3).toString("hex").toUpperCase();
  const { vehicles } = (await (await ownerApi.get("/api/staff/vehicles")).json()) as { vehicles: Vehicle[] };
  const model = vehicles.find((v) => v.brand && v.name)!;
  const { sites } = (await (await ownerApi.get("/api/staff/sites")).json()) as { sites: Site[] };
  const site = sites[0]!;
  const stock = [1, 2, 3, 4, 5].map((n) => `SRC-${tag}-${n}`);
  const dms = await dealerSystem();
  dms.state.lines = stock.map((s, i) => `${s};2025;${model.brand};${model.name};${12_000 + i * 100};White;In Stock`);
  let sourceId: string | undefined;
  try {
    await page.getByRole("navigation", { name: "Console" }).getByRole("link", { name: "Inventory sources" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Inventory sources" })).toBeVisible();
    await page.getByRole("button", { name: "Add a source" }).click();

    // A setting the server refuses is named beside its field (the 400 is the browser's to log).
    consoleGuard.allow(/status of 400 \(Bad Request\)/);
    await page.getByLabel("Name").fill(`DMS ${tag}`);
    await page.getByLabel("Lot").selectOption({ label: site.name });
    await page.getByLabel("Export address (URL)").fill("ftp://dms.example/inventory.csv");
    await page.getByRole("button", { name: "Add the source" }).click();
    const urlField = page.getByLabel("Export address (URL)");
    await expect(urlField).toHaveAccessibleDescription(/starting with https:\/\//);
    await expect(urlField).toBeFocused();
    expect(await violations(page)).toEqual([]);

    await urlField.fill(dms.url);
    await page.getByLabel("Fetch every (minutes)").fill("60");
    await page.getByLabel("Credentials").selectOption("bearer");
    await page.getByLabel("Token").fill("dms-token-wxyz9876");
    await expect(page.getByRole("checkbox", { name: "Price" })).toBeChecked();
    await page.getByRole("button", { name: "Add the source" }).click();
    await expect(page.getByRole("heading", { level: 1, name: `DMS ${tag}` })).toBeVisible();
    await expect(page.getByRole("status").filter({ hasText: `Added DMS ${tag}.` })).toBeFocused();
    const listed = ((await (await ownerApi.get("/api/staff/inventory-sources")).json()) as { sources: SourceView[] }).sources;
    const made = listed.find((s) => s.name === `DMS ${tag}`)!;
    sourceId = made.id;
    expect(made).toMatchObject({ kind: "pull", site: site.id, intervalMinutes: 60, auth: { type: "bearer", token: "••••9876" }, mapping: null });
    expect(JSON.stringify(listed)).not.toContain("dms-token-wxyz9876");

    // The sample: its mapping proposed from its headers, and the units as they would be saved.
    const sample = Buffer.from([HEADER, ...dms.state.lines, `;2025;${model.brand};${model.name};9000;Red;In Stock`].join("\r\n"), "latin1");
    await page.getByLabel("Sample file", { exact: true }).setInputFiles({ name: "export.csv", mimeType: "text/csv", buffer: sample });
    await page.getByRole("button", { name: "Preview", exact: true }).click();
    const mapping = page.getByRole("region", { name: "Column mapping" });
    await expect(mapping).toBeVisible();
    await expect(mapping.getByLabel("Stock number from")).toHaveValue("Stock #");
    await expect(mapping.getByLabel("Brand from")).toHaveValue("Make");
    await expect(mapping.getByLabel("Price from")).toHaveValue("Internet Price");
    await expect(mapping.getByLabel("Colour from")).toHaveValue("Color");
    // The owner changes one column: the colour is not read.
    await mapping.getByLabel("Colour from").selectOption("");
    const units = page.getByRole("region", { name: "Units as they would be saved" });
    for (const s of stock) await expect(units.getByRole("cell", { name: s, exact: true })).toBeVisible();
    await expect(page.getByText(/^Line 7.*stock number/i)).toBeVisible();
    await fits(page, testInfo, "preview");
    expect(await violations(page)).toEqual([]);

    await page.getByRole("button", { name: "Confirm the mapping" }).click();
    await expect(page.getByRole("status").filter({ hasText: "Mapping confirmed" })).toBeFocused();
    const confirmed = (await (await ownerApi.get(`/api/staff/inventory-sources/${sourceId}`)).json()) as SourceView;
    expect(confirmed.mapping).toMatchObject({ "Stock number": ["Stock #"], Brand: ["Make"], Price: ["Internet Price"] });
    expect(confirmed.mapping).not.toHaveProperty("Colour");
    // The stored token is kept by a save that did not type it again.
    expect(confirmed.auth).toEqual({ type: "bearer", token: "••••9876" });
    // Its settings edited: the token shown as its hint, kept by a save that leaves it blank.
    await page.getByRole("button", { name: "Edit settings" }).click();
    await expect(page.getByLabel("Token")).toHaveValue("");
    await expect(page.getByLabel("Token")).toHaveAccessibleDescription("Stored: ••••9876. Leave blank to keep it.");
    await page.getByLabel("Fetch every (minutes)").fill("90");
    await page.getByRole("button", { name: "Save the source" }).click();
    await expect(page.getByRole("status").filter({ hasText: `Saved DMS ${tag}.` })).toBeFocused();
    const edited = (await (await ownerApi.get(`/api/staff/inventory-sources/${sourceId}`)).json()) as SourceView;
    expect(edited).toMatchObject({ intervalMinutes: 90, auth: { type: "bearer", token: "••••9876" }, mapping: confirmed.mapping });

    await page.getByRole("button", { name: "Sync now" }).click();
    // The schedule (every INVENTORY_POLL_MS) may have run the source since its mapping was confirmed: then this run
    // finds the same file. Either way one run created the 5 units.
    await expect(page.getByRole("status").filter({ hasText: /^Sync (applied: 5 created, 0 changed, 0 sold|unchanged)/ })).toBeFocused();
    const runs = page.getByRole("region", { name: "Last runs" });
    await expect(runs.getByRole("cell", { name: /5 created, 0 changed, 0 sold, 0 unchanged, 0 skipped/ })).toBeVisible();
    await expect(runs.getByRole("cell", { name: "Applied" })).toBeVisible();
    await fits(page, testInfo, "synced");

    // The units are in the inventory, with the file's prices.
    await page.goto(`/staff?q=${encodeURIComponent(`SRC-${tag}`)}`);
    for (const s of stock) await expect(page.getByRole("cell", { name: s, exact: true })).toBeVisible();
    const synced = ((await (await ownerApi.get("/api/staff/vehicles")).json()) as { vehicles: Vehicle[] }).vehicles.filter((v) =>
      v.stockNumber?.startsWith(`SRC-${tag}-`),
    );
    expect(synced.map((v) => [v.stockNumber, v.price, v.location]).sort()).toEqual(stock.map((s, i) => [s, 12_000 + i * 100, site.id]));

    // 40 % of the units gone from the file: held, nothing changed, and discarded.
    dms.state.lines = dms.state.lines.slice(0, 3);
    await page.getByRole("navigation", { name: "Console" }).getByRole("link", { name: "Inventory sources" }).click();
    const row = page.getByRole("row").filter({ hasText: `DMS ${tag}` });
    await expect(row.getByRole("cell", { name: /^Applied, / })).toBeVisible();
    await fits(page, testInfo, "list");
    await row.getByRole("button", { name: `Open DMS ${tag}` }).click();
    await page.getByRole("button", { name: "Sync now" }).click();
    await expect(page.getByRole("status").filter({ hasText: /^Sync held/ })).toBeFocused();
    const hold = page.getByRole("region", { name: "A run is held" });
    await expect(hold).toContainText("2 of the 5 units this source keeps (40 %) are not in the file");
    await expect(hold.getByRole("button", { name: "Apply the held run" })).toBeVisible();
    await fits(page, testInfo, "held");
    expect(await violations(page)).toEqual([]);
    await hold.getByRole("button", { name: "Discard the held run" }).click();
    await expect(page.getByRole("status").filter({ hasText: "Discarded: nothing was changed." })).toBeFocused();
    await expect(hold).toHaveCount(0);
    await expect(runs.getByRole("cell", { name: /^Held, then discarded/ })).toBeVisible();
    const after = ((await (await ownerApi.get("/api/staff/vehicles")).json()) as { vehicles: Vehicle[] }).vehicles.filter((v) =>
      v.stockNumber?.startsWith(`SRC-${tag}-`),
    );
    expect(after.map((v) => v.status)).toEqual(["available", "available", "available", "available", "available"]);

    // Removed, after its confirmation.
    await page.getByRole("button", { name: "Remove the source" }).click();
    await page.getByRole("dialog").getByRole("button", { name: "Remove the source" }).click();
    await expect(page.getByRole("status").filter({ hasText: `Removed DMS ${tag}.` })).toBeFocused();
    await expect(page.getByRole("row").filter({ hasText: `DMS ${tag}` })).toHaveCount(0);
    sourceId = undefined;
    for (const v of after) await ownerApi.delete(`/api/staff/vehicles/${v.id}`);
  } finally {
    if (sourceId) await ownerApi.delete(`/api/staff/inventory-sources/${sourceId}`);
    await dms.close();
  }
});

test("a push source shows its push address and its secret once, after it is made and when a new one is made", async ({ signedInPage: page, ownerApi }) => {
  const tag = randomBytes(3).toString("hex");
  await page.goto("/staff/inventory-sources");
  await page.getByRole("button", { name: "Add a source" }).click();
  await page.getByLabel("Name").fill(`Pusher ${tag}`);
  await page.getByLabel("Kind").selectOption("push");
  await expect(page.getByLabel("Export address (URL)")).toHaveCount(0);
  await page.getByRole("button", { name: "Add the source" }).click();
  await expect(page.getByRole("heading", { level: 1, name: `Pusher ${tag}` })).toBeVisible();
  const secret = (await page.getByLabel("Push secret").textContent())!;
  expect(secret).toHaveLength(43);
  const made = ((await (await ownerApi.get("/api/staff/inventory-sources")).json()) as { sources: SourceView[] }).sources.find(
    (s) => s.name === `Pusher ${tag}`,
  )!;
  await expect(page.getByText(`/api/inventory-sources/${made.id}/push`)).toBeVisible();
  expect(made.pushSecret).toBe(`••••${secret.slice(-4)}`);
  // Gone once the page is left; a new one is shown once again.
  await page.getByRole("button", { name: "Back to the sources" }).click();
  await page.getByRole("button", { name: `Open Pusher ${tag}` }).click();
  await expect(page.getByLabel("Push secret")).toHaveCount(0);
  await expect(page.getByText(`Push secret: ••••${secret.slice(-4)}`)).toBeVisible();
  await page.getByRole("button", { name: "Make a new push secret" }).click();
  await expect(page.getByRole("status").filter({ hasText: "A new push secret is made" })).toBeFocused();
  const fresh = (await page.getByLabel("Push secret").textContent())!;
  expect(fresh).toHaveLength(43);
  expect(fresh).not.toBe(secret);
  await ownerApi.delete(`/api/staff/inventory-sources/${made.id}`);
});

test("a salesperson sees no Inventory sources link and is refused the page", async ({ page, consoleGuard }) => {
  const sales = addAccountWithCli("sales");
  await signInWithForm(page, sales);
  await expect(page.getByRole("navigation", { name: "Console" }).getByRole("link", { name: "Inventory" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Inventory sources" })).toHaveCount(0);
  await page.goto("/staff/inventory-sources");
  await expect(page.getByRole("heading", { level: 1, name: "Owners only" })).toBeVisible();
  await expect(page.getByRole("alert")).toHaveText("Only an owner can manage the inventory sources.");
  // The API refuses them too.
  consoleGuard.allow(/status of 403/);
  const api = await signedInApi(sales);
  const refused = await api.get("/api/staff/inventory-sources");
  expect(refused.status()).toBe(403);
  expect(await refused.json()).toHaveProperty("error");
  await api.dispose();
});
