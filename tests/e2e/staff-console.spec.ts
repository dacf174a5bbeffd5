/** The staff console: sign-in, inventory, the vehicle form, conflicts, history, accounts, origins. */
import type { Vehicle } from "../../domain/vehicle";
import { addAccountWithCli, expect, signedInApi, signInWithForm, test, TEST_BRAND } from "./staff-fixtures";

const staffVehicle = async (api: import("@playwright/test").APIRequestContext, id: string) => {
  const res = await api.get(`/api/staff/vehicles/${id}`);
  expect(res.status()).toBe(200);
  return { vehicle: (await res.json()) as Vehicle, etag: res.headers()["etag"]! };
};

test.describe("serving", () => {
  test("/staff is the console: noindex, never cached, a strict CSP without inline script; assets cached for good", async ({ request }) => {
    for (const path of ["/staff", "/staff/", "/staff/vehicles/some-cart", "/staff/history"]) {
      const res = await request.get(path);
      expect(res.status(), path).toBe(200);
      const h = res.headers();
      expect(h["x-robots-tag"], path).toContain("noindex");
      expect(h["cache-control"], path).toBe("no-store");
      expect(h["content-security-policy"], path).toMatch(/script-src 'self'(;|$)/);
      expect(h["content-security-policy"], path).not.toContain("unsafe-inline");
      const html = await res.text();
      expect(html).toContain('<meta name="robots" content="noindex"');
      expect(html).not.toMatch(/<script(?![^>]*\bsrc=)[^>]*>/);
    }
    const html = await (await request.get("/staff")).text();
    const assets = [...html.matchAll(/(?:src|href)="(\/staff\/assets\/[^"]+)"/g)].map((m) => m[1]!);
    expect(assets.length).toBeGreaterThanOrEqual(2);
    for (const asset of assets) {
      expect(asset).toMatch(/-[\w-]{8,}\.(js|css)$/);
      const res = await request.get(asset);
      expect(res.status()).toBe(200);
      expect(res.headers()["cache-control"]).toBe("public, max-age=31536000, immutable");
    }
    expect((await request.get("/staff/assets/no-such-file.js")).status()).toBe(404);
  });

  test("public pages load nothing of the console, and /staff is not in the sitemap", async ({ request }) => {
    const sitemap = await (await request.get("/sitemap.xml")).text();
    expect(sitemap).toContain("<loc>");
    // "/staff" itself or anything under it ("/policies/staffing-report" is a public page).
    const consolePath = /\/staff(?=[/"'<?#\s]|$)/;
    expect(sitemap).not.toMatch(consolePath);
    for (const path of ["/", "/inventory", "/vehicle/denago-ev-city"]) {
      expect(await (await request.get(path)).text(), path).not.toMatch(consolePath);
    }
  });
});

test("signs in, changes a price in the form, and the new price is in the API and the console's list", async ({ page, owner, makeVehicle }) => {
  const vehicle = await makeVehicle({ price: 11_111 });
  await signInWithForm(page, owner);
  await page.getByLabel("Search").fill(vehicle.name);
  await page.getByRole("link", { name: vehicle.name }).click();
  await expect(page.getByRole("heading", { level: 1, name: `Edit ${vehicle.name}` })).toBeVisible();
  await page.getByLabel("Price").fill("12345");
  await page.getByRole("button", { name: "Save" }).click();
  await expect(page.getByRole("status").filter({ hasText: `Saved ${vehicle.name}.` })).toBeVisible();

  const publicAnswer = await page.request.get(`/api/vehicles/${vehicle.id}`);
  expect(((await publicAnswer.json()) as Vehicle).price).toBe(12_345);

  await page.getByRole("link", { name: "Back to the inventory" }).click();
  await page.getByLabel("Search").fill(vehicle.name);
  const row = page.locator(`tr[data-vehicle-id="${vehicle.id}"]`);
  await expect(row).toContainText("$12,345");
});

test("a price changed in the console's form is served on /inventory and on the vehicle's page, with no rebuild", async ({ page, owner, makeVehicle }) => {
  const vehicle = await makeVehicle({ price: 11_111 });
  await page.goto(`/vehicle/${vehicle.id}`);
  await expect(page.locator("main")).toContainText("$11,111");
  await signInWithForm(page, owner);
  await page.goto(`/staff/vehicles/${vehicle.id}`);
  await page.getByLabel("Price").fill("12345");
  await page.getByRole("button", { name: "Save" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Saved" })).toBeVisible();
  await page.goto(`/vehicle/${vehicle.id}`);
  await expect(page).toHaveTitle(/\$12,345/);
  await expect(page.locator("main")).toContainText("$12,345");
  await expect(page.locator("main")).not.toContainText("$11,111");
  await page.goto(`/inventory?q=${encodeURIComponent(vehicle.name)}`);
  const card = page.locator("gc-inventory").getByRole("listitem").filter({ hasText: vehicle.name }).first();
  await expect(card).toContainText("$12,345");
});

test("412: someone else saved a field the user changed; the user is told which, by whom, and loses nothing typed", async ({
  signedInPage: page,
  owner,
  ownerApi,
  makeVehicle,
  consoleGuard,
}) => {
  // Chromium logs the refused PATCH's status; the page itself reports no error.
  consoleGuard.allow(/status of 412/);
  const vehicle = await makeVehicle({ price: 20_000 });
  await page.goto(`/staff/vehicles/${vehicle.id}`);
  await expect(page.getByLabel("Price")).toHaveValue("20000");

  // Meanwhile a colleague saves a new name and price.
  const { etag } = await staffVehicle(ownerApi, vehicle.id);
  const theirs = await ownerApi.put(`/api/staff/vehicles/${vehicle.id}`, {
    data: { ...vehicle, name: `${vehicle.name} Pro`, price: 21_000 },
    headers: { "If-Match": etag },
  });
  expect(theirs.status()).toBe(200);

  await page.getByLabel("Name").fill(`${vehicle.name} Deluxe`);
  await page.getByLabel("Description").fill("My own words.");
  await page.getByRole("button", { name: "Save" }).click();
  const conflict = page.getByRole("region", { name: "Someone else saved this vehicle first" });
  await expect(conflict).toBeFocused();
  await expect(conflict.getByRole("alert")).toContainText("Your changes were not saved");
  const name = conflict.getByRole("row", { name: /^Name/ });
  await expect(name).toContainText(`${vehicle.name} Deluxe`);
  await expect(name).toContainText(`${vehicle.name} Pro`);
  await expect(name).toContainText(owner.email);
  // What the user typed is still there.
  await expect(page.getByLabel("Name")).toHaveValue(`${vehicle.name} Deluxe`);
  await expect(page.getByLabel("Description")).toHaveValue("My own words.");
  expect((await staffVehicle(ownerApi, vehicle.id)).vehicle.name).toBe(`${vehicle.name} Pro`);

  // Having seen the newer name, saving again replaces it knowingly; the colleague's price stays.
  await page.getByRole("button", { name: "Save" }).click();
  await expect(page.getByRole("status").filter({ hasText: `Saved ${vehicle.name} Deluxe.` })).toBeVisible();
  const stored = (await staffVehicle(ownerApi, vehicle.id)).vehicle;
  expect(stored).toMatchObject({ name: `${vehicle.name} Deluxe`, description: "My own words.", price: 21_000 });
});

test("a vehicle name with markup is shown as text in the list, the form, the history and the dialog", async ({ signedInPage: page, makeVehicle }) => {
  const name = `Cart <img src=x onerror="window.__pwned=1"> <b>bold</b>`;
  const vehicle = await makeVehicle({ name });
  await page.goto("/staff");
  await page.getByLabel("Search").fill(vehicle.id);
  await expect(page.getByRole("link", { name })).toBeVisible();
  await page.getByRole("link", { name }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(`Edit ${name}`);
  await expect(page.getByLabel("Name")).toHaveValue(name);
  await page.getByRole("button", { name: "Delete vehicle" }).click();
  await expect(page.getByRole("dialog")).toContainText(`Delete ${name}?`);
  await page.getByRole("button", { name: "Cancel" }).click();
  await expect(page.locator('img[src="x"], b')).toHaveCount(0);
  expect(await page.evaluate(() => (window as { __pwned?: number }).__pwned)).toBeUndefined();
});

test("marks a cart on hold, sold and available again", async ({ signedInPage: page, ownerApi, makeVehicle }) => {
  const vehicle = await makeVehicle();
  await page.goto("/staff");
  await page.getByLabel("Search").fill(vehicle.id);
  const row = page.locator(`tr[data-vehicle-id="${vehicle.id}"]`);
  await expect(row.locator(".status")).toHaveText("Status: Available");
  for (const [button, label, status] of [
    ["Mark on hold", "On hold", "on-hold"],
    ["Mark sold", "Sold", "sold"],
    ["Mark available", "Available", "available"],
  ] as const) {
    await row.getByRole("button", { name: `${button}: ${vehicle.name}` }).press("Enter");
    // Sold takes the cart off the site: the console asks first.
    if (status === "sold")
      await page
        .getByRole("dialog", { name: `Mark ${vehicle.name} sold?` })
        .getByRole("button", { name: "Mark sold" })
        .press("Enter");
    await expect(page.getByRole("status").filter({ hasText: `${vehicle.name} is now ${label.toLowerCase()}` })).toBeVisible();
    // The pressed button is gone; the keyboard user stays in the row.
    await expect(row.getByRole("button").first()).toBeFocused();
    await expect(row.locator(".status")).toHaveText(`Status: ${label}`);
    expect((await staffVehicle(ownerApi, vehicle.id)).vehicle.status).toBe(status);
  }
});

test("adds a vehicle with every field of the form; bad input gets the core schema's words and loses nothing", async ({ signedInPage: page, ownerApi }) => {
  await page.goto("/staff");
  await page.getByRole("navigation", { name: "Console" }).getByRole("link", { name: "Add a vehicle" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Add a vehicle" })).toBeVisible();
  const name = `E2E Added ${Date.now().toString(36)}`;
  await page.getByLabel("Name").fill(name);
  await page.getByLabel("Price").fill("lots");
  await page.getByRole("button", { name: "Save" }).click();
  await expect(page.getByLabel("Price")).toHaveAttribute("aria-invalid", "true");
  await expect(page.locator("#v-price-error")).toHaveText("Enter the price in whole dollars, like 12995");
  await expect(page.locator("#v-brand-error")).toHaveText("Brand is required");
  await expect(page.getByLabel("Name")).toHaveValue(name);

  await page.getByLabel("Price").fill("8750");
  await page.getByLabel("Brand").fill(TEST_BRAND);
  await page.getByLabel("Category").fill("Test Fleet");
  await page.getByLabel("Description").fill("Added through the console.");
  await page.getByLabel("Images").fill("/images/placeholder-vehicle.svg\n/images/placeholder-vehicle.svg");
  await page.getByLabel("In stock").uncheck();
  await page.getByLabel("Condition").selectOption("used");
  await page.getByLabel("Featured").check();
  await page.getByLabel("Status").selectOption("on-hold");
  await page.getByLabel("Features").fill("Lift kit\nLED lights");
  await page.getByLabel("External URL").fill("https://example.com/cart");
  await page.getByLabel("Seating capacity").fill("6");
  await page.getByLabel("Range").fill("45 miles");
  await page.getByLabel("Top speed").fill("25 mph");
  await page.getByLabel("Battery type").fill("Lithium 72V");
  await page.getByLabel("Charging time").fill("6 hours");
  await page.getByLabel("Payload").fill("1100 lbs");
  // The unit: a mistyped VIN is refused under its field, in words, and nothing else is lost.
  const stockNumber = `E2E-${Date.now().toString(36).toUpperCase()}`;
  await page.getByLabel("Stock number").fill(stockNumber);
  await page.getByLabel("VIN").fill("1M8GDM9A1KP042788");
  await page.getByLabel("Year").fill("2024");
  await page.getByLabel("Colour").fill("Champagne");
  await page.getByLabel("Hours").fill("35");
  await page.getByLabel("Odometer").fill("120");
  await page.getByLabel("Cost (staff only)").fill("6100");
  await page.getByLabel("Received").fill("2026-09-01");
  await page.getByLabel("Location").selectOption("sussex-coast");
  await page.getByLabel("Street legal (LSV with title)").check();
  await page.getByRole("button", { name: "Save" }).click();
  await expect(page.getByLabel("VIN")).toHaveAttribute("aria-invalid", "true");
  await expect(page.locator("#v-unit-vin-error")).toHaveText(
    'This VIN\'s check digit (9th character) is "1" but its other characters give "X": a character is mistyped',
  );
  await expect(page.getByLabel("Colour")).toHaveValue("Champagne");
  await page.getByLabel("VIN").fill("1M8GDM9AXKP042788");
  await page.getByRole("button", { name: "Save" }).click();
  await expect(page.getByRole("heading", { level: 1, name: `Edit ${name}` })).toBeVisible();
  const id = decodeURIComponent(new URL(page.url()).pathname.split("/").pop()!);
  try {
    await expect(page.getByRole("status").filter({ hasText: `Created ${name} ` })).toHaveText(
      `Created ${name} as a draft: it is not on the site yet. Add its photos below, then untick Draft and save to publish it.`,
    );
    expect((await staffVehicle(ownerApi, id)).vehicle).toEqual({
      id,
      name,
      price: 8750,
      brand: TEST_BRAND,
      category: "Test Fleet",
      description: "Added through the console.",
      images: ["/images/placeholder-vehicle.svg", "/images/placeholder-vehicle.svg"],
      inStock: false,
      isNew: false,
      condition: "used",
      featured: true,
      status: "on-hold",
      features: ["Lift kit", "LED lights"],
      externalUrl: "https://example.com/cart",
      specifications: { seatingCapacity: 6, range: "45 miles", topSpeed: "25 mph", batteryType: "Lithium 72V", chargingTime: "6 hours", payload: "1100 lbs" },
      stockNumber,
      vin: "1M8GDM9AXKP042788",
      year: 2024,
      color: "Champagne",
      hours: 35,
      odometer: 120,
      streetLegal: true,
      cost: 6100,
      receivedAt: "2026-09-01",
      location: "sussex-coast",
      draft: true,
    });
  } finally {
    await ownerApi.delete(`/api/staff/vehicles/${id}`);
  }
});

test("deletes a vehicle only after confirming", async ({ signedInPage: page, ownerApi, makeVehicle }) => {
  const vehicle = await makeVehicle();
  await page.goto(`/staff/vehicles/${vehicle.id}`);
  await page.getByRole("button", { name: "Delete vehicle" }).click();
  const dialog = page.getByRole("dialog", { name: `Delete ${vehicle.name}?` });
  await expect(dialog).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(dialog).toBeHidden();
  expect((await ownerApi.get(`/api/staff/vehicles/${vehicle.id}`)).status()).toBe(200);

  await page.getByRole("button", { name: "Delete vehicle" }).click();
  await dialog.getByRole("button", { name: "Delete" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Inventory" })).toBeVisible();
  await expect(page.getByRole("status").filter({ hasText: `Deleted ${vehicle.name}.` })).toHaveText(
    `Deleted ${vehicle.name}. Its page on the site now answers “not found”.`,
  );
  expect((await ownerApi.get(`/api/staff/vehicles/${vehicle.id}`)).status()).toBe(404);
});

test("the history shows who changed what: the vehicle by its name, each field's old → new value, origins added or removed", async ({
  signedInPage: page,
  owner,
  makeVehicle,
}) => {
  const vehicle = await makeVehicle({ price: 9_999 });
  await page.goto(`/staff/vehicles/${vehicle.id}`);
  await page.getByLabel("Price").fill("7777");
  await page.getByLabel("Featured").check();
  await page.getByRole("button", { name: "Save" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Saved" })).toBeVisible();
  const partner = `https://h${Date.now().toString(36)}.example`;
  await page.goto("/staff/origins");
  await page.getByLabel("Origin", { exact: true }).fill(partner);
  await page.getByRole("button", { name: "Add origin" }).click();
  await expect(page.getByRole("status")).toHaveText(`${partner} may now send leads to Sussex Coast Golf Carts.`);
  await page.getByRole("button", { name: `Remove: ${partner}` }).click();
  await expect(page.getByRole("status")).toHaveText(`${partner} may no longer send leads to Sussex Coast Golf Carts.`);

  await page.getByRole("link", { name: "History" }).click();
  const row = page
    .getByRole("row")
    .filter({ has: page.getByRole("link", { name: vehicle.name, exact: true }) })
    .first();
  await expect(row).toContainText(owner.email);
  await expect(row).toContainText("Edited a vehicle");
  await expect(row.getByRole("listitem")).toHaveText(["Price: $9,999 → $7,777", "Featured: No → Yes"]);
  const origins = page.getByRole("row").filter({ hasText: partner });
  await expect(origins.nth(0)).toContainText(`Removed ${partner}`);
  await expect(origins.nth(1)).toContainText(`Added ${partner}`);
});

test("sign-out ends the session on the server, not only in the page", async ({ page }) => {
  const account = addAccountWithCli("sales");
  await signInWithForm(page, account);
  const cookie = (await page.context().cookies()).find((c) => c.name === "gc_staff");
  expect(cookie?.httpOnly).toBe(true);
  await page.getByRole("button", { name: "Sign out" }).click();
  await expect(page.getByRole("status").filter({ hasText: "You have signed out." })).toBeVisible();
  await expect(page.getByLabel("Email")).toBeVisible();
  // The old cookie, replayed, opens nothing.
  const replay = await page.request.get("/api/staff/session", { headers: { cookie: `gc_staff=${cookie!.value}` } });
  expect(replay.status()).toBe(401);
  await page.goto("/staff/history");
  await expect(page.getByRole("button", { name: "Sign in" })).toBeVisible();
});

test("signs in with the keyboard alone, with a visible focus", async ({ page }) => {
  const account = addAccountWithCli("sales");
  await page.goto("/staff");
  await expect(page.getByLabel("Email")).toBeVisible();
  const seen: string[] = [];
  for (let i = 0; i < 6 && seen.at(-1) !== "email"; i++) {
    await page.keyboard.press("Tab");
    seen.push(await page.evaluate(() => (document.activeElement as HTMLInputElement | null)?.name ?? document.activeElement?.tagName ?? ""));
  }
  expect(seen.at(-1)).toBe("email");
  const outline = await page.getByLabel("Email").evaluate((el) => getComputedStyle(el).outlineStyle);
  expect(outline).not.toBe("none");
  await page.keyboard.type(account.email);
  await page.keyboard.press("Tab");
  await page.keyboard.type(account.password);
  await page.keyboard.press("Enter");
  await expect(page.getByRole("heading", { level: 1, name: "Inventory" })).toBeFocused();
  // A sales account manages the inventory, the leads and the rental desk, not accounts.
  await expect(page.getByRole("navigation", { name: "Console" }).getByRole("link")).toHaveText([
    "Inventory",
    "Add a vehicle",
    "Leads",
    "Rentals",
    "Embed",
    "History",
  ]);
});

test("a wrong password says so; an e-mail held back after failures says how long to wait", async ({ page, consoleGuard }) => {
  // Chromium logs each refused sign-in's status.
  consoleGuard.allow(/status of 401|status of 429/);
  const account = addAccountWithCli("sales");
  await page.goto("/staff");
  await page.getByLabel("Email").fill(account.email);
  await page.getByLabel("Password").fill("not-the-password");
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page.getByRole("alert")).toHaveText("Wrong e-mail or password. Check both and try again.");

  for (let i = 0; i < 4; i++) {
    const res = await page.request.post("/api/staff/session", { data: { email: account.email, password: `wrong-${i}` } });
    expect(res.status()).toBe(401);
  }
  await page.getByLabel("Password").fill(account.password);
  await page.getByRole("button", { name: "Sign in" }).click();
  // A minute's wait, less the time the machine took since the 5th failure.
  await expect(page.getByRole("alert")).toHaveText(
    /^Too many failed sign-ins\. Try again in (1 minute|\d+ seconds?), or ask an owner to unlock your account\.$/,
  );
});

test("owners add and remove accounts, and the new account can sign in at once", async ({ signedInPage: page, ownerApi }) => {
  await page.goto("/staff/accounts");
  const email = `sales-${Date.now().toString(36)}@staff.example.test`;
  const form = page.getByRole("region", { name: "Add an account" });
  await form.getByLabel("Email").fill(email);
  await form.getByLabel("Role").selectOption("sales");
  await form.getByLabel("Password").fill("too-short");
  await form.getByRole("button", { name: "Add account" }).click();
  await expect(form.getByText("Password must be at least 12 characters")).toBeVisible();
  await expect(form.getByLabel("Email")).toHaveValue(email);
  await form.getByLabel("Password").fill("a-good-long-password");
  await form.getByRole("button", { name: "Add account" }).click();
  await expect(page.getByRole("status").filter({ hasText: `Added ${email} (Sales)` })).toBeVisible();
  await expect(page.getByRole("list", { name: "Staff accounts" })).toContainText(email);
  const api = await signedInApi({ email, password: "a-good-long-password", role: "sales" });
  await api.dispose();

  await page.getByRole("button", { name: `Remove: ${email}` }).click();
  await page.getByRole("dialog").getByRole("button", { name: "Remove" }).click();
  await expect(page.getByRole("status").filter({ hasText: `Removed ${email}.` })).toBeVisible();
  await expect(page.getByRole("list", { name: "Staff accounts" })).not.toContainText(email);
  const accounts = (await (await ownerApi.get("/api/staff/accounts")).json()) as { accounts: { email: string }[] };
  expect(accounts.accounts.map((a) => a.email)).not.toContain(email);
});

test("owners add a partner origin and its leads are accepted at once; removing it refuses them again", async ({ signedInPage: page, request }) => {
  const partner = `https://partner-${Date.now().toString(36)}.example.com`;
  const lead = () =>
    request.post("/api/contact", {
      headers: { Origin: partner },
      data: { firstName: "Pat", lastName: "Partner", email: "pat@example.com", phone: "302-555-0100", interest: "sales", message: "From a partner page." },
    });
  expect((await lead()).status()).toBe(403);
  await page.goto("/staff/origins");
  await page.getByLabel("Origin").fill(`${partner}/leads`);
  await page.getByRole("button", { name: "Add origin" }).click();
  await expect(
    page.getByText("The origin must be an origin such as https://partner.example (http or https, a host name without wildcards, an optional port, no path)"),
  ).toBeVisible();
  await page.getByLabel("Origin").fill(partner);
  await page.getByRole("button", { name: "Add origin" }).click();
  await expect(page.getByRole("status").filter({ hasText: `${partner} may now send leads to Sussex Coast Golf Carts.` })).toBeVisible();
  expect((await lead()).status()).toBe(201);
  await page.getByRole("button", { name: `Remove: ${partner}` }).click();
  await expect(page.getByRole("status").filter({ hasText: `${partner} may no longer send leads to Sussex Coast Golf Carts.` })).toBeVisible();
  expect((await lead()).status()).toBe(403);
});

test("when the session ends mid-edit, signing in again keeps what was typed, and Save then works", async ({
  signedInPage: page,
  owner,
  ownerApi,
  makeVehicle,
  consoleGuard,
}) => {
  // Chromium logs the refused PUT's status; the page itself reports no error.
  consoleGuard.allow(/status of 401/);
  const vehicle = await makeVehicle({ price: 5_000 });
  await page.goto(`/staff/vehicles/${vehicle.id}`);
  await page.getByLabel("Price").fill("5500");
  // The session ends elsewhere (signed out in another tab, or idle too long).
  expect((await page.request.delete("/api/staff/session")).status()).toBe(204);

  await page.getByRole("button", { name: "Save" }).click();
  const dialog = page.getByRole("dialog", { name: "Sign in again" });
  await expect(dialog).toBeVisible();
  await dialog.getByLabel("Email").fill(owner.email);
  await dialog.getByLabel("Password").fill(owner.password);
  await dialog.getByRole("button", { name: "Sign in" }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByLabel("Price")).toHaveValue("5500");
  await page.getByRole("button", { name: "Save" }).click();
  await expect(page.getByRole("status").filter({ hasText: `Saved ${vehicle.name}.` })).toBeVisible();
  expect((await staffVehicle(ownerApi, vehicle.id)).vehicle.price).toBe(5_500);
});

test("on a phone the Photos are on the first screen of a vehicle, not screens below Save", { tag: "@layout" }, async ({ signedInPage: page, makeVehicle }) => {
  const vehicle = await makeVehicle();
  await page.setViewportSize({ width: 390, height: 800 });
  await page.goto(`/staff/vehicles/${vehicle.id}`);
  await expect(page.getByLabel("Name")).toHaveValue(vehicle.name);
  // Where it sits on the page, whatever the scroll: within the first 800 px, and above the form's Save.
  const top = (name: string) => page.getByRole("button", { name, exact: true }).evaluate((el) => el.getBoundingClientRect().top + window.scrollY);
  expect(await top("Choose photos")).toBeLessThan(800);
  expect(await top("Choose photos")).toBeLessThan(await top("Save"));
});
