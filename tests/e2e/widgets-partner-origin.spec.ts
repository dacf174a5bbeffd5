/**
 * The widgets as a partner embeds them: on a page of a third origin (neither the dealership's nor the demo origin),
 * served by the test's own static server (tests/e2e/third-origin.ts).
 */
import { readStoredLeads } from "../../api/store/lead-files";
import { BUSINESS } from "../../domain/business";
import { E2E_DATA_DIR } from "../../playwright.config";
import { addAccountWithCli, signedInApi } from "./staff-fixtures";
import { RECORD_EVENTS, expect, partnerPage, test } from "./third-origin";

type Recorded = { type: string; widget: string; detail: Record<string, unknown> };
const events = (page: import("@playwright/test").Page, type: string) =>
  page.evaluate((t) => (window as unknown as { gcEvents: Recorded[] }).gcEvents.filter((e) => e.type === t), type);

/** A port nothing listens on: the API "unreachable". */
const DEAD_API = "http://127.0.0.1:9";

test.describe("a page that may not post leads", () => {
  test("the form says it cannot send from this page, gives the phone, keeps what was typed and emits gc-error; once the owner allows the origin, the same form sends", async ({
    page,
    thirdOrigin,
    consoleGuard,
  }, testInfo) => {
    consoleGuard.allow(/status of 403/);
    // The 127.0.0.1 name of the partner's server: an origin no other test allows.
    const url = thirdOrigin.page(
      "/contact.html",
      partnerPage(`<h1>Book a cart</h1><gc-contact-form source="resort-test" redirect=""></gc-contact-form>`, { head: RECORD_EVENTS }),
    );
    await page.goto(url.replace(thirdOrigin.origin, thirdOrigin.otherOrigin));
    const form = page.locator("gc-contact-form");
    const lastName = `Refused-${testInfo.project.name}-${Date.now()}`;
    await form.getByLabel("First Name").fill("Robin");
    await form.getByLabel("Last Name").fill(lastName);
    await form.getByLabel("Email").fill("robin@example.com");
    await form.getByLabel("Phone").fill("(302) 555-0111");
    await form.getByLabel("Message").fill("Do you deliver a 6-seater to Bethany Beach?");
    await form.getByRole("button", { name: "Send Message" }).click();

    const toast = form.getByRole("alert");
    await expect(toast).toContainText("This page cannot send your message to us.");
    await expect(toast).not.toContainText("Please try again");
    await expect(toast.getByRole("link", { name: `Call ${BUSINESS.phones.main.display}` })).toHaveAttribute("href", `tel:${BUSINESS.phones.main.e164}`);
    await expect(form.getByLabel("Last Name")).toHaveValue(lastName);
    await expect(form.getByLabel("Message")).toHaveValue("Do you deliver a 6-seater to Bethany Beach?");
    const errors = await events(page, "gc-error");
    expect(errors).toHaveLength(1);
    expect(String(errors[0]!.detail.message)).toContain(`${thirdOrigin.otherOrigin}) may not post leads`);
    expect((await readStoredLeads(E2E_DATA_DIR)).filter((l) => l.lastName === lastName)).toEqual([]);

    // The owner allows the origin in the staff console's API, while the server runs: the same form now sends.
    // (The list is replaced whole, and the other project's worker edits it too: add ours again if a write crossed it.)
    const owner = await signedInApi(addAccountWithCli("owner"));
    try {
      await expect(async () => {
        const before = ((await (await owner.get("/api/staff/origins")).json()) as { added: string[] }).added;
        if (!before.includes(thirdOrigin.otherOrigin)) {
          expect((await owner.put("/api/staff/origins", { data: { added: [...before, thirdOrigin.otherOrigin] } })).status()).toBe(200);
        }
        await form.getByRole("button", { name: "Send Message" }).click();
        await expect(form.getByText("Message sent")).toBeVisible({ timeout: 3000 });
      }).toPass();
    } finally {
      const now = ((await (await owner.get("/api/staff/origins")).json()) as { added: string[] }).added;
      await owner.put("/api/staff/origins", { data: { added: now.filter((o) => o !== thirdOrigin.otherOrigin) } });
      await owner.dispose();
    }
    expect((await readStoredLeads(E2E_DATA_DIR)).filter((l) => l.lastName === lastName)).toHaveLength(1);
  });
});

test.describe("outages in plain words", () => {
  test("vehicle detail with the API unreachable: could not be loaded, try again or call, the partner's own content kept; the reason only in gc-error", async ({
    page,
    thirdOrigin,
    consoleGuard,
  }) => {
    consoleGuard.allow(/ERR_CONNECTION_REFUSED|Failed to load resource/);
    const url = thirdOrigin.page(
      "/cart.html",
      partnerPage(
        `<gc-vehicle-detail vehicle-id="d5-ranger-4-plus" api-base="${DEAD_API}"><p id="own">Ask our front desk about the D5 Ranger.</p></gc-vehicle-detail>`,
        {
          head: RECORD_EVENTS,
        },
      ),
    );
    await page.goto(url);
    const detail = page.locator("gc-vehicle-detail");
    const alert = detail.getByRole("alert");
    await expect(alert).toContainText("This vehicle could not be loaded just now. Please try again, or call us.", { timeout: 15_000 });
    await expect(alert.getByRole("button", { name: "Try again" })).toBeVisible();
    await expect(alert.getByRole("link", { name: `Call ${BUSINESS.phones.main.display}` })).toHaveAttribute("href", `tel:${BUSINESS.phones.main.e164}`);
    await expect(page.locator("#own")).toBeVisible();
    await expect(detail).not.toContainText(/Not Found|removed|fetch/i);
    const errors = await events(page, "gc-error");
    expect(errors.map((e) => e.detail.widget)).toEqual(["gc-vehicle-detail"]);
    expect(String(errors[0]!.detail.message)).toMatch(/Failed to load vehicle/);
  });

  test("an api-base that answers HTML: the detail and the grid say they could not load, never 'Not Found' nor a JSON parser's words", async ({
    page,
    thirdOrigin,
    consoleGuard,
  }) => {
    consoleGuard.allow(/Failed to load resource/);
    // The partner's own server answers HTML: a 200 page for the list, its 404 page for a vehicle.
    thirdOrigin.page("/api/vehicles", "<!doctype html><title>Resort</title><p>Welcome</p>");
    const url = thirdOrigin.page(
      "/wrong-api.html",
      partnerPage(
        `<gc-inventory api-base="${thirdOrigin.origin}"></gc-inventory><gc-vehicle-detail vehicle-id="d5-ranger-4-plus" api-base="${thirdOrigin.origin}"></gc-vehicle-detail>`,
        {
          head: RECORD_EVENTS,
        },
      ),
    );
    await page.goto(url);
    const grid = page.locator("gc-inventory").getByRole("alert");
    await expect(grid).toContainText("Our vehicles could not be loaded just now. Please try again, or call us.", { timeout: 15_000 });
    await expect(grid).not.toContainText(/JSON|token|fetch/i);
    const detail = page.locator("gc-vehicle-detail");
    await expect(detail.getByRole("alert")).toContainText("This vehicle could not be loaded just now", { timeout: 15_000 });
    await expect(detail).not.toContainText(/Not Found/i);
    const errors = await events(page, "gc-error");
    expect(errors.find((e) => e.widget === "gc-inventory")?.detail.message).toMatch(/JSON/);
    expect(errors.find((e) => e.widget === "gc-vehicle-detail")?.detail.message).toMatch(/404/);
  });
});

test("the calculator refuses miles out of 1 to 500 with a field message and no result", async ({ page, thirdOrigin }) => {
  await page.goto(thirdOrigin.page("/eco.html", partnerPage(`<gc-eco-calculator></gc-eco-calculator>`, { head: RECORD_EVENTS })));
  const calc = page.locator("gc-eco-calculator");
  const miles = calc.getByLabel("Miles per week");
  for (const value of ["-5", "0", "", "9999"]) {
    await miles.fill(value);
    await calc.getByRole("button", { name: "Calculate Impact" }).click();
    await expect(calc.getByRole("alert")).toHaveText("Enter the miles you drive per week as a number from 1 to 500, for example 25.");
    await expect(miles).toHaveAttribute("aria-invalid", "true");
    await expect(calc.getByRole("region", { name: "Your eco impact" })).toHaveCount(0);
  }
  expect(await events(page, "gc-calculated")).toEqual([]);
  await miles.fill("40");
  await calc.getByRole("button", { name: "Calculate Impact" }).click();
  await expect(calc.getByRole("region", { name: "Your eco impact" })).toBeVisible();
});
