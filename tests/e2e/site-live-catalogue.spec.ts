/**
 * The public site follows the catalogue: every page that shows a
 * vehicle serves a staff change in its HTML straight after the write's 2xx,
 * with no rebuild and no restart. Each test changes only vehicles it made
 * (of a brand no brand page lists), so tests running beside it see nothing.
 * The home page's featured flag is covered by host-site/server/live-pages.test.ts,
 * since the home page's three featured carts are counted by other tests.
 */
import type { APIRequestContext } from "@playwright/test";
import { brandValue } from "../../domain/inventory-filter";
import type { Vehicle } from "../../domain/vehicle";
import { expect, test } from "./staff-fixtures";

/** Change a vehicle through the staff API, as the console does (ETag, then If-Match). */
async function change(api: APIRequestContext, id: string, patch: Partial<Vehicle>): Promise<void> {
  const current = await api.get(`/api/staff/vehicles/${id}`);
  const res = await api.put(`/api/staff/vehicles/${id}`, { data: { ...(await current.json()), ...patch }, headers: { "If-Match": current.headers().etag! } });
  expect(res.status(), await res.text()).toBe(200);
}

test("a new vehicle gets its page, a place in the inventory and the sitemap at once; a deleted one answers 404", async ({ request, ownerApi, makeVehicle }) => {
  const v = await makeVehicle({ price: 12_321 });
  const page = await request.get(`/vehicle/${v.id}`);
  expect(page.status()).toBe(200);
  expect(await page.text()).toContain("$12,321");
  // The inventory's page of results that holds it: a search for its name (the first page holds the first 24 units).
  const found = `/inventory?q=${encodeURIComponent(v.name)}`;
  expect(await (await request.get(found)).text()).toContain(`/vehicles/${v.id}"`);
  expect(await (await request.get("/sitemap.xml")).text()).toContain(`/vehicle/${v.id}</loc>`);
  // The HTML sitemap counts it in its brand's link: it lists the inventory by brand and series, not each unit (other
  // tests add units of the same test brand meanwhile, so the count is at least one).
  const ofBrand = new RegExp(`href="/inventory\\?brand=${brandValue(v.brand)}">Every ${v.brand} vehicle \\((\\d+)\\)</a>`).exec(
    await (await request.get("/sitemap")).text(),
  );
  expect(Number(ofBrand?.[1])).toBeGreaterThanOrEqual(1);

  expect((await ownerApi.delete(`/api/staff/vehicles/${v.id}`)).status()).toBe(204);
  expect((await request.get(`/vehicle/${v.id}`)).status()).toBe(404);
  expect(await (await request.get(found)).text()).not.toContain(`/vehicles/${v.id}"`);
  expect(await (await request.get("/sitemap.xml")).text()).not.toContain(`/vehicle/${v.id}<`);
});

test("a sold vehicle leaves the lists and the sitemap, and its page answers 410 with similar carts and the inventory", async ({
  page,
  request,
  ownerApi,
  makeVehicle,
  consoleGuard,
}) => {
  // Chromium logs the page's own 410 status; the page itself reports no error.
  consoleGuard.allow(/status of 410/);
  const [sold, similar] = [await makeVehicle({ category: "Live Test Fleet" }), await makeVehicle({ category: "Live Test Fleet" })];
  await change(ownerApi, sold.id, { status: "sold" });

  const list = (await (await request.get("/api/vehicles")).json()) as Vehicle[];
  expect(list.map((v) => v.id)).not.toContain(sold.id);
  expect(await (await request.get(`/inventory?q=${encodeURIComponent(sold.name)}`)).text()).not.toContain(`/vehicles/${sold.id}"`);
  expect(await (await request.get("/sitemap.xml")).text()).not.toContain(`/vehicle/${sold.id}<`);

  const answer = await page.goto(`/vehicle/${sold.id}`);
  expect(answer!.status()).toBe(410);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(`This ${sold.name} has been sold`);
  await expect(page.getByRole("link", { name: similar.name, exact: true })).toHaveAttribute("href", `/vehicle/${similar.id}`);
  await page.getByRole("link", { name: "Browse the inventory" }).click();
  await expect(page).toHaveURL(/\/inventory$/);

  // Back on sale: listed again, its page 200.
  await change(ownerApi, sold.id, { status: "available" });
  expect((await request.get(`/vehicle/${sold.id}`)).status()).toBe(200);
});

test("an on-hold vehicle stays listed, its page and card with an On Hold badge", async ({ request, ownerApi, makeVehicle }) => {
  const v = await makeVehicle();
  await change(ownerApi, v.id, { status: "on-hold" });
  const list = (await (await request.get("/api/vehicles")).json()) as Vehicle[];
  expect(list.find((x) => x.id === v.id)?.status).toBe("on-hold");
  const own = await request.get(`/vehicle/${v.id}`);
  expect(own.status()).toBe(200);
  expect(await own.text()).toContain("On Hold");
  const inventory = await (await request.get(`/inventory?q=${encodeURIComponent(v.name)}`)).text();
  // The inventory widget's card of that vehicle, as the server rendered it (the one that links to it).
  const card = inventory.split('<li class="card"').find((a) => a.includes(`/vehicles/${v.id}"`));
  expect(card).toContain("On Hold");
});
