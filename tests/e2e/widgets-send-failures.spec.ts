/**
 * A send that fails, as a partner's visitor meets it on a third origin: every widget that posts (the contact form,
 * the rental booking, the vehicle detail's test drive and trade-in) says so in the same plain words, offers the dealership's phone as a Call link, keeps what was
 * typed, and shows no server or developer text; the reason goes to gc-error. A refused origin against the shared
 * server; a 429 and a server that is down against a server process of the test's own. At 1280 and 390 px (@layout).
 */
import { rm } from "node:fs/promises";
import type { Locator, Page } from "@playwright/test";
import { BUSINESS } from "../../domain/business";
import { startServerProcess } from "../../api/testing/server-process";
import { tempDataDir } from "../../api/testing/test-server";
import { SITE } from "../../playwright.config";
import { RECORD_EVENTS, expect, test } from "./third-origin";

const CALL = `Call ${BUSINESS.phones.main.display}`;
/** What no visitor should read: the server's and the developer's words. */
const TECHNICAL = /Origin|may not post|HTTP|Internal|server error|restarting|Too many messages|127\.0\.0\.1|localhost/;

/** A partner's page on its own origin: the dealership's all-in-one script from `dealer`, a contact form and a booking. */
const resortPage = (dealer: string) =>
  `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Resort</title>${RECORD_EVENTS}<script src="${dealer}/widgets/gc-widgets.js" defer></script></head><body><h1>Sunny Dunes Resort</h1><gc-contact-form redirect="" source="resort-failures"></gc-contact-form><gc-rental-booking plan="4-seater"></gc-rental-booking></body></html>`;

async function fillMessage(form: Locator, lastName: string): Promise<void> {
  await form.getByLabel("First Name").fill("Robin");
  await form.getByLabel("Last Name").fill(lastName);
  await form.getByLabel("Email").fill("robin@example.com");
  await form.getByLabel("Phone").fill("(302) 555-0111");
  await form.getByLabel("Message").fill("Do you deliver a 6-seater to Bethany Beach?");
}

async function fillBooking(booking: Locator, lastName: string): Promise<void> {
  const year = new Date().getFullYear() + 1;
  await booking.getByLabel("Starts", { exact: true }).fill(`${year}-09-14T09:00`);
  await booking.getByLabel("Ends", { exact: true }).fill(`${year}-09-17T09:00`);
  await expect(booking.locator("[part=total]")).toHaveText(/^\$[\d,]+$/);
  await booking.getByLabel("First name", { exact: true }).fill("Dune");
  await booking.getByLabel("Last name", { exact: true }).fill(lastName);
  await booking.getByLabel("Email", { exact: true }).fill("dune@example.com");
  await booking.getByLabel("Phone", { exact: true }).fill("(302) 555-0142");
  await booking.getByLabel(/18 or older/).check();
  await booking.getByLabel(/I accept the/).check();
}

/** The widget's alert says `words` in plain words, with the Call link, nothing technical, and the typed text is still there. */
async function expectPlainFailure(alert: Locator, words: string | RegExp, kept: Locator, value: string): Promise<void> {
  await expect(alert).toContainText(words);
  await expect(alert).not.toContainText(TECHNICAL);
  await expect(alert.getByRole("link", { name: CALL })).toHaveAttribute("href", `tel:${BUSINESS.phones.main.e164}`);
  await expect(kept).toHaveValue(value);
}

const widgetErrors = (page: Page) =>
  page.evaluate(() =>
    (window as unknown as { gcEvents: { type: string; widget: string }[] }).gcEvents.filter((e) => e.type === "gc-error").map((e) => e.widget),
  );

test.describe("a send that fails, in plain words with the phone", { tag: "@layout" }, () => {
  test.describe.configure({ timeout: 120_000 });

  test("from a page whose origin may not post: the contact form and the booking say so plainly and offer the phone", async ({
    page,
    thirdOrigin,
    consoleGuard,
  }, testInfo) => {
    consoleGuard.allow(/status of 403/);
    const url = thirdOrigin.page("/refused.html", resortPage(SITE));
    // The 127.0.0.1 name of the partner's server: an origin no test allows.
    await page.goto(url.replace(thirdOrigin.origin, thirdOrigin.otherOrigin));
    const lastName = `Refused-${testInfo.project.name}`;

    const form = page.locator("gc-contact-form");
    await fillMessage(form, lastName);
    await form.getByRole("button", { name: "Send Message" }).click();
    await expectPlainFailure(form.getByRole("alert"), "This page cannot send your message to us.", form.getByLabel("Last Name"), lastName);

    const booking = page.locator("gc-rental-booking");
    await fillBooking(booking, lastName);
    await booking.getByRole("button", { name: "Request this rental" }).click();
    await expectPlainFailure(
      booking.getByRole("alert"),
      "This page cannot send your rental request to us.",
      booking.getByLabel("Last name", { exact: true }),
      lastName,
    );
    expect(await widgetErrors(page)).toEqual(["gc-contact-form", "gc-rental-booking"]);
  });

  test("from a page whose origin may not post: the vehicle detail's test drive and trade-in say so in the same words, with the phone", async ({
    page,
    thirdOrigin,
    consoleGuard,
  }) => {
    consoleGuard.allow(/status of 403/);
    const url = thirdOrigin.page(
      "/refused-detail.html",
      `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Resort</title>${RECORD_EVENTS}<script src="${SITE}/widgets/gc-widgets.js" defer></script></head><body><gc-vehicle-detail vehicle-id="denago-ev-city"></gc-vehicle-detail></body></html>`,
    );
    await page.goto(url.replace(thirdOrigin.origin, thirdOrigin.otherOrigin));
    const detail = page.locator("gc-vehicle-detail");
    const line = `Call ${(BUSINESS.phones.tollFree ?? BUSINESS.phones.main).display}`;

    await detail.getByRole("button", { name: "Schedule Test Drive" }).click();
    const picker = detail.getByRole("region", { name: "Book a test drive" });
    await picker.getByRole("group", { name: "Time" }).getByRole("radio", { disabled: false }).first().check();
    await picker.getByLabel(/^First Name/).fill("Tess");
    await picker.getByLabel(/^Last Name/).fill("Drive");
    await picker.getByLabel(/^Email/).fill("tess@example.com");
    await picker.getByLabel(/^Phone/).fill("(302) 555-0142");
    await picker.getByRole("button", { name: "Book test drive" }).click();
    const booking = picker.getByRole("alert");
    await expect(booking).toContainText("This page cannot send your test drive booking to us.");
    await expect(booking).not.toContainText(TECHNICAL);
    await expect(booking.getByRole("link", { name: line })).toHaveAttribute("href", /^tel:\+1\d{10}$/);
    await expect(picker.getByLabel(/^Last Name/)).toHaveValue("Drive");
    await picker.getByRole("button", { name: "Cancel" }).click();

    await detail.getByRole("button", { name: "Trade-in" }).click();
    const dialog = detail.getByRole("dialog", { name: "Trade in your cart" });
    await dialog.getByLabel("Year").fill("2019");
    await dialog.getByLabel("Make").fill("Club Car");
    await dialog.getByLabel("Model").fill("Onward");
    await dialog.getByLabel("Condition").selectOption("good");
    await dialog.getByLabel("Hours or miles").fill("1200");
    await dialog.getByLabel("First name").fill("Tess");
    await dialog.getByLabel("Last name").fill("Tradewell");
    await dialog.getByLabel("E-mail").fill("tess@example.com");
    await dialog.getByLabel("Phone").fill("302-555-0142");
    await dialog.getByRole("button", { name: "Send trade-in" }).click();
    const trade = dialog.getByRole("alert");
    await expect(trade).toContainText("This page cannot send your trade-in to us.");
    await expect(trade).not.toContainText(TECHNICAL);
    await expect(trade.getByRole("link", { name: CALL })).toHaveAttribute("href", `tel:${BUSINESS.phones.main.e164}`);
    await expect(dialog.getByLabel("Model")).toHaveValue("Onward");
    expect(await widgetErrors(page)).toEqual(["gc-vehicle-detail", "gc-vehicle-detail"]);
  });

  test("a 429, then the server down: the same plain words, the phone, and what was typed kept", async ({ page, thirdOrigin, consoleGuard }, testInfo) => {
    consoleGuard.allow(/status of 429|ERR_CONNECTION_REFUSED|Failed to load resource/);
    const dataDir = await tempDataDir();
    // A dealership of its own: one lead post a minute per address, the partner's origin allowed.
    const server = startServerProcess(dataDir, { CONTACT_RATE_LIMIT: "1", ALLOWED_ORIGINS: thirdOrigin.origin }, { built: true });
    try {
      const dealer = await server.url;
      await page.goto(thirdOrigin.page("/failures.html", resortPage(dealer)));
      const form = page.locator("gc-contact-form");
      const booking = page.locator("gc-rental-booking");
      const lastName = `Busy-${testInfo.project.name}`;
      await fillMessage(form, lastName);
      await fillBooking(booking, lastName);
      // This address's one post of the minute, for leads and for reservations, is spent (the browser's address is the same loopback one).
      for (const path of ["/api/contact", "/api/rentals/reservations"]) {
        const spent = await fetch(`${dealer}${path}`, {
          method: "POST",
          headers: { "content-type": "application/json", origin: thirdOrigin.origin },
          body: "{}",
        });
        expect(spent.status).toBe(400);
      }

      await form.getByRole("button", { name: "Send Message" }).click();
      await expectPlainFailure(
        form.getByRole("alert"),
        "please wait a minute and try again, or call us",
        form.getByLabel("Message"),
        "Do you deliver a 6-seater to Bethany Beach?",
      );
      await booking.getByRole("button", { name: "Request this rental" }).click();
      await expectPlainFailure(
        booking.getByRole("alert"),
        "please wait a minute and try again, or call us",
        booking.getByLabel("Last name", { exact: true }),
        lastName,
      );

      // The server stops: no answer at all.
      server.child.kill("SIGTERM");
      await server.exited;
      await form.getByRole("button", { name: "Send Message" }).click();
      await expectPlainFailure(form.getByRole("alert"), "Your message was not sent: we could not be reached.", form.getByLabel("Last Name"), lastName);
      await booking.getByRole("button", { name: "Request this rental" }).click();
      await expectPlainFailure(
        booking.getByRole("alert"),
        "Your rental request was not sent: we could not be reached.",
        booking.getByLabel("Last name", { exact: true }),
        lastName,
      );
      expect(await widgetErrors(page)).toEqual(["gc-contact-form", "gc-rental-booking", "gc-contact-form", "gc-rental-booking"]);
    } finally {
      server.child.kill("SIGKILL");
      await server.exited;
      await rm(dataDir, { recursive: true, force: true });
    }
  });
});
