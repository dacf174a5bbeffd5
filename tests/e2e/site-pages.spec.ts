/**
 * Every route of the host site renders with its title and key content,
 * on desktop: the phone layout has tests of its own.
 */
import { BUSINESS } from "../../domain/business";
import { INVENTORY_PAGE_SIZE } from "../../domain/inventory-query";
import { TOWNS } from "../../domain/towns";
import { POLICY_DOCUMENTS } from "../../host-site/content/policies";
import { DEMO } from "../../playwright.config";
import { expect, test } from "./fixtures";
import { CORE_ROUTES } from "./site-routes";
import { expectRunning } from "./widget-running";

interface ApiVehicle {
  id: string;
  name: string;
  price: number;
  featured: boolean;
}

const usd = (n: number) => new Intl.NumberFormat("en-US", { style: "currency", currency: "USD", maximumFractionDigits: 0 }).format(n);

test.describe("core pages", () => {
  for (const route of CORE_ROUTES) {
    test(`${route.path} renders with its title, heading, header and footer`, async ({ page }) => {
      const res = await page.goto(route.path);
      expect(res?.status()).toBe(200);
      await expect(page).toHaveTitle(route.title);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(route.h1);
      await expect(page.locator("header.site-header")).toBeVisible();
      await expect(page.getByRole("contentinfo")).toContainText(BUSINESS.phones.main.display);
      // The global widget: a floating call button on every page.
      await expect(page.locator("a.floating-call")).toHaveAttribute("href", `tel:${BUSINESS.phones.main.e164}`);
    });
  }
});

test("home: featured carts from the catalogue, value blocks, brands, towns and contact", async ({ page, request }) => {
  const vehicles = (await (await request.get("/api/vehicles")).json()) as ApiVehicle[];
  const featured = vehicles.filter((v) => v.featured);
  expect(featured).toHaveLength(3);
  await page.goto("/");
  const section = page.locator("#featured");
  const cards = section.locator("article.vehicle-card");
  await expect(cards).toHaveCount(3);
  for (const [i, v] of featured.entries()) {
    const card = cards.nth(i);
    await expect(card).toContainText(v.name);
    await expect(card).toContainText(usd(v.price));
    await expect(card.locator(".badge")).toHaveText("NEW");
    await expect(card.getByRole("link", { name: /View Details/ })).toHaveAttribute("href", `/vehicle/${v.id}`);
  }
  await expect(section.getByRole("link", { name: "View Full Inventory" })).toHaveAttribute("href", "/inventory");
  for (const name of ["Premium Quality", "Expert Service", "0% Financing", "Eco-Friendly"]) {
    await expect(page.locator("#why-us").getByRole("heading", { name })).toBeVisible();
  }
  for (const id of ["denago", "evolution", "club-car", "ez-go", "tomberlin", "swift-ev"]) {
    await expect(page.locator(`#brands img[src="/images/brand/${id}.svg"]`)).toHaveCount(1);
  }
  await expect(page.locator("#service-area")).toContainText(`${TOWNS.length} municipalities`);
  await expect(page.locator("#service-area .town-grid a")).toHaveCount(TOWNS.length);
  await expect(page.locator('#service-area iframe[title="Map of Sussex County, Delaware"]')).toHaveAttribute("loading", "lazy");
  await expect(page.locator('#about-teaser a[href="/about"]')).toBeVisible();
  await expect(page.locator("#contact")).toContainText(BUSINESS.email);
});

test("inventory serves <gc-inventory sync-url> holding the widget's own card for every vehicle, a page at a time", async ({ page, request }) => {
  const vehicles = (await (await request.get("/api/vehicles")).json()) as ApiVehicle[];
  const inventory = page.locator("gc-inventory");
  for (let n = 1; n <= Math.ceil(vehicles.length / INVENTORY_PAGE_SIZE); n++) {
    await page.goto(n === 1 ? "/inventory" : `/inventory?page=${n}`);
    await expect(inventory).toHaveAttribute("sync-url", "");
    await expect(page.locator('script[src="/widgets/inventory.js"]')).toHaveCount(1);
    for (const v of vehicles.slice((n - 1) * INVENTORY_PAGE_SIZE, n * INVENTORY_PAGE_SIZE)) {
      await expect(inventory.locator(`li.card a[href="/vehicles/${v.id}"]`)).toHaveCount(1);
    }
  }
});

/** Each page, the API read its widget would make, and what the widget shows (`part`s live in the shadow DOM only). */
for (const { path, tag, api, loaded } of [
  { path: "/inventory", tag: "gc-inventory", api: "/api/vehicles", loaded: { part: "count", text: /Showing \d+ of \d+ vehicles/ } },
  { path: "/vehicle/denago-ev-city", tag: "gc-vehicle-detail", api: "/api/vehicles/denago-ev-city", loaded: { part: "price", text: /^\$[\d,]+$/ } },
]) {
  test(`${path} carries the data its widget shows: the widget runs without reading ${api}`, async ({ page }) => {
    const reads: string[] = [];
    page.on("request", (req) => {
      if (new URL(req.url()).pathname === api) reads.push(req.method());
    });
    await page.goto(path);
    const widget = page.locator(tag);
    await expectRunning(widget);
    await expect(page.locator(`main [part="${loaded.part}"]`)).toHaveText(loaded.text);
    await page.waitForLoadState("networkidle");
    expect(reads).toEqual([]);
  });
}

test("rentals: benefits, three plans in <gc-rental-pricing>, RESERVE TODAY opens the booking with its plan, the phone beside it", async ({ page }) => {
  await page.goto("/rentals");
  for (const b of ["Street legal with seat belts", "Insurance included", "No hidden fees"]) await expect(page.locator("#benefits")).toContainText(b);
  const rentals = page.locator("gc-rental-pricing");
  await expect(rentals.locator('[part="plan"]')).toHaveCount(3);
  for (const plan of ["4-seater", "6-seater", "utility"]) await expect(rentals.locator(`a[part="reserve"][href="/rentals?plan=${plan}#book"]`)).toHaveCount(1);
  await expect(rentals.locator(`.gc-plan__call a[href="tel:${BUSINESS.phones.main.e164}"]`)).toHaveCount(3);
  await expect(rentals).toContainText("$245");
  await expect(page.locator(".footnote")).toContainText("24-hour increments");
});

test("evolution: 7 series cards and 6 featured models follow the link rules", async ({ page, request }) => {
  const vehicles = (await (await request.get("/api/vehicles")).json()) as ApiVehicle[];
  await page.goto("/evolution");
  const series = page.locator("#series article.series-card");
  await expect(series).toHaveCount(7);
  for (let i = 0; i < 7; i++) {
    const card = series.nth(i);
    await expect(card.locator(".price-text")).toHaveText(/^Starting at \$\d{1,3}(,\d{3})*$/);
    await expect(card.locator(".badge--count")).toHaveText(/^\d+ Models?$/);
    await expect(card.locator(".check-list li")).toHaveCount(3);
    const links = card.locator(".model-links a");
    const n = await links.count();
    expect(n).toBeGreaterThan(0);
    expect(n).toBeLessThanOrEqual(3);
    for (const href of await links.evaluateAll((as) => as.map((a) => a.getAttribute("href")!))) expect(href).toMatch(/^\/vehicles\/[a-z0-9+-]+$/);
    const total = Number((await card.locator(".badge--count").innerText()).split(" ")[0]);
    if (total > 3) await expect(card).toContainText(`+${total - 3} more model`);
  }
  await expect(series.first().locator(".model-links a").first()).toHaveAttribute("href", "/vehicles/d5-ranger-2+2");

  const featured = page.locator("#featured article.vehicle-card");
  await expect(featured).toHaveCount(6);
  for (let i = 0; i < 6; i++) {
    const card = featured.nth(i);
    await expect(card).toContainText("Drive: Rear-Wheel Drive");
    await expect(card.locator(".check-list li")).toHaveCount(4);
    const href = await card.getByRole("link", { name: /View Details/ }).getAttribute("href");
    expect(href).toMatch(/^\/vehicles\/(?!evolution-)/);
    const v = vehicles.find((x) => x.id === `evolution-${href!.slice("/vehicles/".length)}`);
    expect(v, `featured model ${href}`).toBeTruthy();
    await expect(card.locator(".badge--price")).toHaveText(usd(v!.price));
    await expect(card.getByRole("link", { name: /Get Quote/ })).toHaveAttribute("href", `/contact?vehicle=${v!.id}#send-a-message`);
  }
});

test("denago: 3 series cards and the 6-model lineup", async ({ page, request }) => {
  const vehicles = (await (await request.get("/api/vehicles")).json()) as ApiVehicle[];
  await page.goto("/denago");
  await expect(page.locator("#series article.series-card")).toHaveCount(3);
  await expect(page.locator("#series h3")).toHaveText(["EV CITY", "EV NOMAD", "EV ROVER"]);
  const lineup = page.locator("#lineup article.vehicle-card");
  await expect(lineup).toHaveCount(6);
  for (let i = 0; i < 6; i++) {
    const card = lineup.nth(i);
    const name = await card.locator("h3").innerText();
    const v = vehicles.find((x) => x.name === name)!;
    await expect(card.getByRole("link", { name: /View Details/ })).toHaveAttribute("href", `/vehicles/${name.toLowerCase().replace(/\s+/g, "-")}`);
    await expect(card.getByRole("link", { name: /Get Quote/ })).toHaveAttribute("href", `/contact?vehicle=${v.id}#send-a-message`);
    await expect(card.locator(".price")).toHaveText(usd(v.price));
  }
  await expect(page.getByRole("link", { name: "Compare All Models" })).toHaveAttribute("href", "/inventory");
});

test("contact, eco-impact, services, about, showroom and thank-you carry their key content", async ({ page }) => {
  await page.goto("/contact");
  await expect(page.locator('gc-contact-form[source="contact-page"][redirect="/thank-you"]')).toHaveCount(1);
  await expect(page.locator(".hero").getByRole("link", { name: /E-mail us/ })).toHaveAttribute("href", `mailto:${BUSINESS.email}`);
  await expect(page.getByRole("heading", { name: "Business hours" })).toBeVisible();

  await page.goto("/eco-impact");
  await expect(page.locator("gc-eco-calculator")).toHaveCount(1);
  for (const t of ["Zero Emissions", "Energy Efficient", "Forest Protection", "Sustainable Materials", "Climate Action", "Clean Air"]) {
    await expect(page.locator("#why-electric").getByRole("heading", { name: t })).toBeVisible();
  }
  await expect(page.locator("#facts dl > div")).toHaveCount(4);

  await page.goto("/services");
  await expect(page.locator("#offerings article")).toHaveCount(4);
  await expect(page.locator("#offerings")).toContainText("Starting at $155/hour");

  await page.goto("/about");
  await expect(page.locator("#area .town-grid a")).toHaveCount(TOWNS.length);
  await expect(page.locator("#story")).toContainText(String(BUSINESS.foundedYear));

  await page.goto("/showroom");
  await expect(page.locator("#locations article")).toHaveCount(2);
  await expect(page.locator("#towns .town-grid a")).toHaveCount(TOWNS.length);

  await page.goto("/thank-you");
  await expect(page.locator("main")).toContainText("24 hours");
  await expect(page.locator(".steps li")).toHaveCount(3);
  for (const href of ["/inventory", "/rentals", "/services", "/"]) await expect(page.locator(`#visit a[href="${href}"]`)).toHaveCount(1);
});

// One test per page: 25 pages in one test came within a second or two of the 30 s limit on a busy machine.
test.describe("every town page: badge, phone, inventory link, benefits, eight services, contact, service area, lazy map, CTA", () => {
  for (const town of TOWNS) {
    test(town.url, async ({ page }) => {
      const res = await page.goto(town.url);
      expect(res?.status(), town.url).toBe(200);
      await expect(page).toHaveTitle(new RegExp(`Golf Carts in ${town.name}, DE`));
      await expect(page.locator(".hero .badge")).toHaveText(`SERVING ${town.name.toUpperCase()}`);
      await expect(page.locator(`.hero a[href="tel:${BUSINESS.phones.main.e164}"]`)).toHaveCount(1);
      await expect(page.locator('.hero a[href="/inventory"]')).toHaveCount(1);
      await expect(page.locator("#benefits li.card")).toHaveCount(3);
      await expect(page.locator("#services .service-list li")).toHaveCount(8);
      await expect(page.locator("#town-area")).toBeVisible();
      const map = page.locator(`iframe[title="Map of ${town.name}, Delaware"]`);
      await expect(map).toHaveAttribute("loading", "lazy");
      await expect(map).toHaveAttribute("src", new RegExp(`marker=${town.coordinates.lat},${town.coordinates.lng}`));
      await expect(page.locator('.cta-band a[href="/contact#send-a-message"]')).toHaveCount(1);
    });
  }
});

test.describe("every policy page: hero keyed by policy, white card with its date line", () => {
  for (const doc of POLICY_DOCUMENTS) {
    test(doc.path, async ({ page }) => {
      const res = await page.goto(doc.path);
      expect(res?.status(), doc.path).toBe(200);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(doc.title);
      await expect(page.locator(".hero img.hero__bg")).toHaveAttribute("src", `/images/hero/policy-${doc.hero}.svg`);
      const expected = doc.slug === "staffing-report" ? "Reporting period: Jan 1 2024 to Dec 31 2024" : "Effective date: January 23, 2025";
      await expect(page.locator(".policy-card__date")).toHaveText(expected);
    });
  }

  test("ten of them are policies", () => {
    expect(POLICY_DOCUMENTS.filter((d) => d.group === "policy")).toHaveLength(10);
  });
});

test("privacy and both sets of terms: children under 13, Delaware law and Sussex County courts", async ({ page }) => {
  await page.goto("/privacy-policy");
  await expect(page.locator("main")).toContainText("children under 13");
  for (const path of ["/terms-of-service", "/policies/terms-conditions"]) {
    await page.goto(path);
    const main = page.locator("main");
    await expect(main).toContainText("laws of the State of Delaware");
    await expect(main).toContainText("Sussex County, Delaware");
    await expect(main).not.toContainText(/Pennsylvania|Lackawanna/);
  }
});

test("a vehicle page serves <gc-vehicle-detail> holding the full details", async ({ page }) => {
  await page.goto("/vehicle/denago-ev-city");
  await expect(page).toHaveTitle(/Denago EV City/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Denago EV City");
  const detail = page.locator('gc-vehicle-detail[vehicle-id="denago-ev-city"]');
  await expect(detail).toHaveCount(1);
  await expect(detail.locator('article[part="detail"]')).toContainText("Specifications");
  await expect(page.locator('script[src="/widgets/vehicle-detail.js"]')).toHaveCount(1);
});

test("a vehicle whose data fails to load says so and retries, instead of Vehicle Not Found", async ({ page, consoleGuard }) => {
  consoleGuard.allow(/Failed to load resource: the server responded with a status of 503/);
  let failing = true;
  await page.route("**/api/vehicles/denago-ev-city", (route) =>
    failing ? route.fulfill({ status: 503, contentType: "application/json", body: '{"error":"Service unavailable"}' }) : route.continue(),
  );
  // A partner's page: the site's own pages carry their vehicle's data and read nothing.
  await page.goto(`${DEMO}/strict-csp.html`);
  const detail = page.locator('gc-vehicle-detail[vehicle-id="denago-ev-city"]');
  // ky retries a 503 three times (about 2 s) before the widget gives up.
  await expect(detail.getByRole("alert")).toHaveText(/This vehicle could not be loaded/, { timeout: 10_000 });
  await expect(page.getByRole("heading", { name: "Vehicle Not Found" })).toHaveCount(0);

  failing = false;
  await detail.getByRole("button", { name: "Try again" }).click();
  await expect(detail.getByRole("heading", { level: 2, name: /ev city/i })).toBeVisible();
  await expect(detail.getByRole("alert")).toHaveCount(0);
});

test("unknown paths get the 404 page with status 404", async ({ page, consoleGuard }) => {
  consoleGuard.allow(/status of 404/);
  for (const path of ["/no-such-page", "/policies/no-such-policy", "/atlantis-golf-carts"]) {
    const res = await page.goto(path);
    expect(res?.status(), path).toBe(404);
    await expect(page).toHaveTitle("404 Page Not Found");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("404 Page Not Found");
  }
  const res = await page.goto("/vehicle/no-such-cart");
  expect(res?.status()).toBe(404);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Vehicle Not Found");
  await expect(page.getByRole("link", { name: "Back to Inventory" })).toHaveAttribute("href", "/inventory");
});
