/**
 * After a submit, every widget's result (its confirmation, or what to put right) is on the screen and has the focus:
 * on the dealership's own pages and on a partner's page of another origin, at 1280 and 390 px. A form that gives way
 * to a short confirmation would otherwise leave a phone's screen far below it. Each case logs how far the result's top
 * is from the screen ("px above" / "px below"): the figures of the issue. The real server (dist/, `npm run build`).
 */
import type { APIRequestContext, Locator, Page } from "@playwright/test";
import { addAccountWithCli, signedInApi } from "./staff-fixtures";
import { expect, partnerPage, test } from "./third-origin";
import { expectRunning } from "./widget-running";

/** Carts the shop rents in this test (it starts with none). */
const FLEET = { "4-seater": 4, "6-seater": 3, utility: 2 };

let api: APIRequestContext;
test.beforeAll(async () => {
  api = await signedInApi(addAccountWithCli("owner"));
  const got = await api.get("/api/staff/rentals/settings");
  const put = await api.put("/api/staff/rentals/settings", {
    headers: { "If-Match": got.headers()["etag"] ?? "" },
    data: { fleet: FLEET, turnaroundHours: 2 },
  });
  expect(put.status(), await put.text()).toBe(200);
});
test.afterAll(async () => api?.dispose());

/** Let `origin` send leads and requests, as an owner does on Partner origins. */
async function allow(origin: string): Promise<void> {
  const { added } = (await (await api.get("/api/staff/origins")).json()) as { added: string[] };
  if (added.includes(origin)) return;
  const put = await api.put("/api/staff/origins", { data: { added: [...added, origin] } });
  expect(put.status(), await put.text()).toBe(200);
}

/** A number of this run's own (project, width, place), so that no two cases book the same cart, day or time. */
let runs = 0;
const unique = () => `${Date.now().toString(36)}${(runs++).toString(36)}`;

/** How far `result`'s top is from the screen, in px: "0" when on it. */
const offScreen = (result: Locator) =>
  result.evaluate((el) => {
    const { top } = el.getBoundingClientRect();
    return top < 0
      ? `${Math.round(-top)} px above the screen`
      : top >= innerHeight
        ? `${Math.round(top - innerHeight + 1)} px below the screen`
        : "on the screen";
  });

/** `result` has appeared with its top on the screen, and the focus is on it or inside it. */
async function expectShown(result: Locator, what: string): Promise<void> {
  await expect(result).toBeVisible();
  const where = await offScreen(result);
  console.log(`${what}: ${where}`);
  test.info().annotations.push({ type: "result", description: `${what}: ${where}` });
  expect(where, `${what}: where its top is`).toBe("on the screen");
  const focused = await result.evaluate((el) => {
    let active = document.activeElement;
    while (active?.shadowRoot?.activeElement) active = active.shadowRoot.activeElement;
    return !!active && (el === active || el.contains(active));
  });
  expect(focused, `${what}: the focus is on it`).toBe(true);
}

/** Where each widget is tried: the dealership's page that shows it, and a partner's page of a third origin. */
type Place = "site" | "partner";

/** Opens the page of `place` that shows `html` (on a partner page) or `path` (on the site). */
async function open(page: Page, place: Place, path: string, html: string, thirdOrigin: { origin: string; page(p: string, h: string): string }): Promise<void> {
  if (place === "site") await page.goto(path);
  else {
    await allow(thirdOrigin.origin);
    await page.goto(thirdOrigin.page(`/submit-${unique()}.html`, partnerPage(html)));
  }
}

/** A day `n` days ahead, as a datetime-local's value at `time`. */
const dayAhead = (n: number, time: string) => `${new Date(Date.now() + n * 86_400_000).toISOString().slice(0, 10)}T${time}`;

/** Picks the first day with a free time, and that time. */
async function pickFirstFree(picker: Locator): Promise<void> {
  const days = picker.getByRole("group", { name: "Day" }).getByRole("radio");
  // The days come with the free times: counted once they are there.
  await expect(days.first()).toBeVisible();
  for (let i = 0; i < (await days.count()); i++) {
    await days.nth(i).check();
    const times = picker.getByRole("group", { name: "Time" });
    // The day's own times, once they have come (a time's value starts with its day).
    await expect(times.getByRole("radio").first()).toHaveAttribute("value", new RegExp(`^${await days.nth(i).getAttribute("value")}`));
    const free = times.getByRole("radio", { disabled: false });
    if ((await free.count()) > 0) return free.first().check();
  }
  throw new Error("no free time in any day offered");
}

/** A listed cart of its own for each case that books one (the catalogue's available units, in turn). */
let cartsTaken = 0;
async function freeCart(): Promise<string> {
  const { vehicles } = (await (await api.get("/api/vehicles?pageSize=100")).json()) as { vehicles: { id: string; inStock: boolean }[] };
  const inStock = vehicles.filter((v) => v.inStock);
  return inStock[(cartsTaken++ + Math.floor(Math.random() * inStock.length)) % inStock.length]!.id;
}

for (const width of [1280, 390]) {
  test.describe(`at ${width} px`, { tag: "@layout" }, () => {
    test.describe.configure({ timeout: 90_000 });
    test.beforeEach(async ({ page }) => page.setViewportSize({ width, height: width > 800 ? 720 : 844 }));

    for (const place of ["site", "partner"] as const) {
      const at = `${place === "site" ? "the site" : "a partner page"} at ${width} px`;

      test(`on ${at}: a rental request's "Request sent" is on the screen and focused`, async ({ page, thirdOrigin }) => {
        await open(page, place, "/rentals", `<h1>Resort</h1><p>Rent a cart.</p><gc-rental-booking plan="4-seater"></gc-rental-booking>`, thirdOrigin);
        const booking = page.locator("gc-rental-booking");
        // A day of its own for each case: phone or desktop project, width and place.
        const day = 15 + (test.info().project.name === "phone" ? 4 : 0) + (width > 800 ? 0 : 2) + (place === "site" ? 0 : 1);
        await booking.getByLabel("Starts", { exact: true }).fill(dayAhead(day, "10:00"));
        await booking.getByLabel("Ends", { exact: true }).fill(dayAhead(day + 1, "10:00"));
        await expect(booking.getByText(/carts? free for those dates\./)).toBeVisible();
        await booking.getByLabel("First name", { exact: true }).fill("Sandy");
        await booking.getByLabel("Last name", { exact: true }).fill("Shore");
        await booking.getByLabel("Email", { exact: true }).fill(`rent-${unique()}@example.com`);
        await booking.getByLabel("Phone", { exact: true }).fill("(302) 555-0142");
        await booking.getByLabel(/18 or older/).check();
        await booking.getByLabel(/I accept the/).check();
        await booking.getByRole("button", { name: "Request this rental" }).click();
        await expect(booking.getByRole("heading", { name: /^Request sent: R-/ })).toBeVisible();
        await expectShown(booking.locator("[part=success]"), `rental booking, ${at}`);
      });

      test(`on ${at}: a test drive's "Test drive booked" is on the screen and focused`, async ({ page, thirdOrigin }) => {
        const id = await freeCart();
        await open(page, place, `/vehicle/${id}`, `<h1>Resort</h1><gc-vehicle-detail vehicle-id="${id}"></gc-vehicle-detail>`, thirdOrigin);
        const detail = page.locator("gc-vehicle-detail");
        await detail.getByRole("button", { name: "Schedule Test Drive" }).click();
        const picker = detail.getByRole("region", { name: "Book a test drive" });
        await pickFirstFree(picker);
        await picker.getByLabel("First Name").fill("Tess");
        await picker.getByLabel("Last Name").fill("Driver");
        await picker.getByLabel("Email").fill(`drive-${unique()}@example.com`);
        await picker.getByLabel("Phone").fill("302-555-0177");
        await picker.getByRole("button", { name: "Book test drive" }).click();
        await expectShown(detail.getByRole("region", { name: "Test drive booked" }), `test drive, ${at}`);
      });

      test(`on ${at}: a test drive sent without a time focuses the times, its message on the screen`, async ({ page, thirdOrigin }) => {
        const id = await freeCart();
        await open(page, place, `/vehicle/${id}`, `<h1>Resort</h1><gc-vehicle-detail vehicle-id="${id}"></gc-vehicle-detail>`, thirdOrigin);
        const detail = page.locator("gc-vehicle-detail");
        await detail.getByRole("button", { name: "Schedule Test Drive" }).click();
        const picker = detail.getByRole("region", { name: "Book a test drive" });
        await expect(picker.getByRole("group", { name: "Time" })).toBeVisible();
        await picker.getByRole("button", { name: "Book test drive" }).click();
        await expect(picker.getByText("Pick a time for the test drive")).toBeInViewport();
        await expectShown(picker.getByRole("group", { name: "Time" }), `test drive without a time, ${at}`);
      });

      test(`on ${at}: a trade-in's thank-you is on the screen and focused`, async ({ page, thirdOrigin }) => {
        const id = await freeCart();
        await open(page, place, `/vehicle/${id}`, `<h1>Resort</h1><gc-vehicle-detail vehicle-id="${id}"></gc-vehicle-detail>`, thirdOrigin);
        const detail = page.locator("gc-vehicle-detail");
        await detail.getByRole("button", { name: "Trade-in" }).click();
        const dialog = detail.getByRole("dialog", { name: "Trade in your cart" });
        await dialog.getByLabel("Year").fill("2019");
        await dialog.getByLabel("Make").fill("Club Car");
        await dialog.getByLabel("Model").fill("Onward");
        await dialog.getByLabel("Condition").selectOption("good");
        await dialog.getByLabel("Hours or miles").fill("1200");
        await dialog.getByLabel("First name").fill("Tess");
        await dialog.getByLabel("Last name").fill("Tradewell");
        await dialog.getByLabel("E-mail").fill(`trade-${unique()}@example.com`);
        await dialog.getByLabel("Phone").fill("302-555-0142");
        await dialog.getByRole("button", { name: "Send trade-in" }).click();
        await expectShown(dialog.getByRole("status"), `trade-in, ${at}`);
      });

      test(`on ${at}: the payment estimate's figures are on the screen and focused after Calculate`, async ({ page, thirdOrigin }) => {
        const id = await freeCart();
        await open(page, place, `/vehicle/${id}`, `<h1>Resort</h1><gc-vehicle-detail vehicle-id="${id}"></gc-vehicle-detail>`, thirdOrigin);
        const estimate = page.locator("gc-vehicle-detail").getByRole("region", { name: "Estimate your payment" });
        await estimate.getByLabel("Down payment ($)").fill("1000");
        await estimate.getByRole("button", { name: "Calculate" }).click();
        await expectShown(estimate.locator("[part=estimate-result]"), `payment estimate, ${at}`);
      });

      test(`on ${at}: the eco calculator's results are on the screen and focused`, async ({ page, thirdOrigin }) => {
        await open(page, place, "/eco-impact", `<h1>Resort</h1><gc-eco-calculator></gc-eco-calculator>`, thirdOrigin);
        const calculator = page.locator("gc-eco-calculator");
        await calculator.getByLabel("Miles per week").fill("40");
        await calculator.getByRole("button", { name: "Calculate Impact" }).click();
        await expectShown(calculator.getByRole("region", { name: "Your eco impact" }), `eco calculator, ${at}`);
      });
    }

    test(`on a partner page at ${width} px: the contact form's "Message sent" is on the screen and focused`, async ({ page, thirdOrigin }) => {
      await open(page, "partner", "", `<h1>Resort</h1><p>Write to the dealer.</p><gc-contact-form redirect=""></gc-contact-form>`, thirdOrigin);
      const form = page.locator("gc-contact-form");
      await form.getByLabel("First Name").fill("Mira");
      await form.getByLabel("Last Name").fill("Quinn");
      await form.getByLabel("Email").fill(`contact-${unique()}@example.com`);
      await form.getByLabel("Phone").fill("302-555-0190");
      await form.getByLabel("Message").fill("Do you have a six-seater in blue?");
      await form.getByRole("button", { name: "Send Message" }).click();
      await expectShown(form.locator("[part=success]"), `contact form, a partner page at ${width} px`);
    });

    test(`on a partner page the dealer has not allowed, at ${width} px: the contact form's error is on the screen and focused`, async ({
      page,
      thirdOrigin,
      consoleGuard,
    }) => {
      // The widget tells the page's developer why (gc-error and the console), and the browser logs the 403.
      consoleGuard.allow(/may not post leads|403|Forbidden/);
      await page.goto(
        thirdOrigin
          .page(`/not-allowed-${unique()}.html`, partnerPage(`<h1>Resort</h1><gc-contact-form redirect=""></gc-contact-form>`))
          .replace(thirdOrigin.origin, thirdOrigin.otherOrigin),
      );
      const form = page.locator("gc-contact-form");
      await form.getByLabel("First Name").fill("Mira");
      await form.getByLabel("Last Name").fill("Quinn");
      await form.getByLabel("Email").fill(`refused-${unique()}@example.com`);
      await form.getByLabel("Phone").fill("302-555-0190");
      await form.getByLabel("Message").fill("Do you have a six-seater in blue?");
      await form.getByRole("button", { name: "Send Message" }).click();
      await expectShown(form.locator("[part=toast]"), `contact form's refusal, a partner page at ${width} px`);
    });

    test(`on the site at ${width} px: the contact form sent empty focuses its first field, on the screen`, async ({ page }) => {
      await page.goto("/contact");
      const form = page.locator("gc-contact-form");
      await expectRunning(form);
      await form.getByRole("button", { name: "Send Message" }).click();
      await expectShown(form.getByLabel("First Name"), `contact form sent empty, the site at ${width} px`);
    });
  });
}
