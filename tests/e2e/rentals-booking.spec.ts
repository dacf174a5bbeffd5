/**
 * Rentals booked online: a renter books a 6-seater on /rentals through its RESERVE TODAY, a resort's guest
 * books a 4-seater from the resort's page on another origin under a strict Content-Security-Policy (the reservation
 * tagged with the resort's source), and both requests reach the console's rental desk, where staff confirm one. The
 * real server (dist/, `npm run build`) and Chromium; at 1280 and 390 px (@layout), each on dates of its own.
 */
import type { APIRequestContext, Locator, Page } from "@playwright/test";
import { SITE } from "../../playwright.config";
import { addAccountWithCli, signedInApi, signInWithForm, type StaffAccount } from "./staff-fixtures";
import { expect, partnerPage, test } from "./third-origin";

/** The carts the test's shop rents. */
const FLEET = { "4-seater": 4, "6-seater": 3, utility: 2 };
/** A strict policy as a careful partner sets it: scripts, styles, calls and images from the dealership only, nothing inline. */
const STRICT_CSP = `default-src 'none'; script-src ${SITE}; style-src ${SITE}; connect-src ${SITE}; img-src ${SITE}; base-uri 'none'; form-action 'none'`;

/** The fleet the test needs (the shop starts with none), as an owner sets it in the console. */
async function setFleet(api: APIRequestContext): Promise<void> {
  const got = await api.get("/api/staff/rentals/settings");
  expect(got.status(), await got.text()).toBe(200);
  const put = await api.put("/api/staff/rentals/settings", {
    headers: { "If-Match": got.headers()["etag"] ?? "" },
    data: { fleet: FLEET, turnaroundHours: 2 },
  });
  expect(put.status(), await put.text()).toBe(200);
}

/** Let the partner's origin send reservations, as an owner does on the console's Partner origins page. */
async function allowOrigin(api: APIRequestContext, origin: string): Promise<void> {
  const { added } = (await (await api.get("/api/staff/origins")).json()) as { added: string[] };
  if (added.includes(origin)) return;
  const put = await api.put("/api/staff/origins", { data: { added: [...added, origin] } });
  expect(put.status(), await put.text()).toBe(200);
}

/** Fill the booking in `booking` (a <gc-rental-booking>) and send it; resolves to the reference it shows. */
async function book(booking: Locator, { start, end, name, email }: { start: string; end: string; name: string; email: string }): Promise<string> {
  await booking.getByLabel("Starts", { exact: true }).fill(start);
  await booking.getByLabel("Ends", { exact: true }).fill(end);
  await expect(booking.getByText(/carts free for those dates\./)).toBeVisible();
  await expect(booking.locator("[part=total]")).toHaveText(/^\$[\d,]+$/);
  await booking.getByLabel("First name", { exact: true }).fill(name);
  await booking.getByLabel("Last name", { exact: true }).fill("Shore");
  await booking.getByLabel("Email", { exact: true }).fill(email);
  await booking.getByLabel("Phone", { exact: true }).fill("(302) 555-0142");
  await booking.getByLabel(/18 or older/).check();
  await booking.getByLabel(/I accept the/).check();
  await booking.getByRole("button", { name: "Request this rental" }).click();
  const sent = booking.getByRole("heading", { name: /^Request sent: R-/ });
  await expect(sent).toBeVisible();
  return (await sent.textContent())!.replace("Request sent: ", "");
}

/** The page has no horizontal scroll. */
const noSideScroll = async (page: Page) => expect(await page.evaluate(() => document.documentElement.scrollWidth <= innerWidth)).toBe(true);

test.describe("rentals booked online reach the desk", { tag: "@layout" }, () => {
  test.describe.configure({ timeout: 180_000 });
  let owner: StaffAccount;
  let api: APIRequestContext;
  test.beforeAll(async () => {
    owner = addAccountWithCli("owner");
    api = await signedInApi(owner);
    await setFleet(api);
  });
  test.afterAll(async () => api?.dispose());

  test("a booking on /rentals and one from a resort's page on another origin both reach the desk, where staff confirm one", async ({
    page,
    thirdOrigin,
  }, testInfo) => {
    // Dates of its own per screen size (both run against one server), next year.
    const year = new Date().getFullYear() + 1;
    const month = testInfo.project.name === "phone" ? "08" : "06";
    const tag = `${testInfo.project.name}-${Date.now()}`;
    await allowOrigin(api, thirdOrigin.origin);

    // 1. On /rentals: the 6 Seater's RESERVE TODAY opens the booking with that plan; its phone stays beside it.
    await page.goto("/rentals");
    const pricing = page.locator("gc-rental-pricing");
    const sixSeater = pricing.locator("article", { has: page.getByRole("heading", { name: "6 Seater", exact: true }) });
    await expect(sixSeater.getByRole("link", { name: /^Call|\d{3}/ }).first()).toHaveAttribute("href", /^tel:/);
    await sixSeater.getByRole("link", { name: "Reserve a 6 Seater today online" }).click();
    await expect(page).toHaveURL(/\/rentals\?plan=6-seater#book$/);
    const booking = page.locator("gc-rental-booking");
    await expect(booking.getByLabel("Cart", { exact: true })).toHaveValue("6-seater");
    await expect(booking.getByLabel("Starts", { exact: true })).toBeFocused();
    const siteEmail = `site-${tag}@example.com`;
    const siteRef = await book(booking, { start: `${year}-${month}-10T10:00`, end: `${year}-${month}-17T10:00`, name: "Sandy", email: siteEmail });
    await noSideScroll(page);

    // 2. A resort's page on a third origin, strict CSP, the booking's own script, tagged with the resort's source.
    const resort = thirdOrigin.page(
      `/resort-${tag}.html`,
      partnerPage(`<h1>Sunny Dunes Resort</h1><gc-rental-booking plan="4-seater" source="sunny-dunes"></gc-rental-booking>`, {
        script: "rental-booking",
      }),
      { "content-security-policy": STRICT_CSP },
    );
    await page.goto(resort);
    const partner = page.locator("gc-rental-booking");
    await expect(partner.getByLabel("Cart", { exact: true })).toHaveValue("4-seater");
    // The page hears the request (a listener from the test: the page's CSP allows no inline script of its own).
    await page.evaluate(() => {
      const w = window as unknown as { requested: unknown[] };
      w.requested = [];
      document.addEventListener("gc-rental-requested", (e) => w.requested.push((e as CustomEvent).detail));
    });
    const resortEmail = `resort-${tag}@example.com`;
    const resortRef = await book(partner, { start: `${year}-${month}-20T09:00`, end: `${year}-${month}-23T09:00`, name: "Dune", email: resortEmail });
    expect(await page.evaluate(() => (window as unknown as { requested: unknown[] }).requested)).toEqual([
      expect.objectContaining({ reference: resortRef, plan: "4-seater", source: "sunny-dunes" }),
    ]);
    await noSideScroll(page);

    // 3. The desk: both requests, the resort's with its source; staff confirm it.
    await signInWithForm(page, owner);
    await page.getByRole("navigation", { name: "Console" }).getByRole("link", { name: "Rentals" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Rentals" })).toBeVisible();
    const requests = page.getByRole("region", { name: /^Requests to decide/ });
    await expect(requests.getByRole("button", { name: `Open ${siteRef}` })).toBeVisible();
    await expect(requests.getByRole("listitem").filter({ hasText: resortRef })).toContainText("from sunny-dunes");
    await requests.getByRole("button", { name: `Open ${resortRef}` }).click();
    const detail = page.getByRole("article", { name: new RegExp(resortRef) });
    await expect(detail.getByText(resortEmail)).toBeVisible();
    await expect(detail.getByText("sunny-dunes", { exact: true })).toBeVisible();
    await detail.getByRole("button", { name: "Confirm" }).click();
    await expect(detail.getByRole("status")).toContainText(`${resortRef} confirmed`);
    await expect(detail.getByRole("heading", { name: new RegExp(resortRef) })).toContainText("confirmed");
    await expect(requests.getByRole("button", { name: `Open ${resortRef}` })).toHaveCount(0);
    await expect(requests.getByRole("button", { name: `Open ${siteRef}` })).toBeVisible();
    await noSideScroll(page);
  });
});
