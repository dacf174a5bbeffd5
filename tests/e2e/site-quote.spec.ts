/**
 * Leads that name the cart, as a visitor, a partner and a salesperson meet it: "Get Quote" on a lineup card
 * and on a vehicle page opens the contact form in view at once, naming the cart; the lead is a quote request for it, in
 * the inbox with the cart and in the ADF the dealer's CRM gets (a real SMTP sink); `<gc-contact-form vehicle-id>` on a
 * partner's page of another origin does the same; and `/contact?vehicle=…` names the cart without JavaScript. The
 * server is the real app with the built pages and widgets (`npm run build`), in this process, with mail on.
 */
import type { Locator, Page } from "@playwright/test";
import { randomBytes } from "node:crypto";
import { addAccount } from "../../api/testing/staff-client";
import { startSmtpSink, type SmtpSink } from "../../api/testing/smtp-sink";
import { startTestServer, type TestServer } from "../../api/testing/test-server";
import { storedLeads } from "../../api/testing/stored-leads";
import type { Lead } from "../../domain/lead";
import type { Vehicle } from "../../domain/vehicle";
import { leadInInbox } from "./inbox-as-sales";
import { expect, RECORD_EVENTS, test } from "./third-origin";

const SALES = { email: "quotes@staff.example.test", password: "quote password 1" };
const tagOf = () => randomBytes(3).toString("hex");

let s: TestServer;
let smtp: SmtpSink;

/** The server (started once per worker and project), with mail on and the partner's origin allowed to post leads. */
async function serve(partner: string): Promise<void> {
  if (s) return;
  smtp = await startSmtpSink();
  s = await startTestServer(
    { SMTP_URL: smtp.url, LEAD_TO: "sales@dealer.example", LEAD_FROM: "web@dealer.example", MAIL_RETRY_BASE_MS: "100", ALLOWED_ORIGINS: partner },
    undefined,
    { builtSite: true },
  );
  await addAccount(s.dataDir, SALES.email, "sales", SALES.password);
}

/** "Denago EV Rover XL6, stock #D-1001": how the form and the inbox name a cart. */
const labelOf = (v: Vehicle) => `${v.name}, stock #${v.stockNumber}`;
const cart = (id: string): Vehicle => {
  const v = s.vehicles.get(id);
  expect(v, id).toBeTruthy();
  expect(v!.stockNumber, id).toBeTruthy();
  return v!;
};

/** The form's own line naming the cart. */
const aboutLine = (page: Page) => page.locator("gc-contact-form").locator('[part="about"]');

/** The contact form is in view as the page opens, naming `v`: no scrolling needed, at this width. */
async function expectFormNaming(page: Page, v: Vehicle): Promise<void> {
  await expect(page).toHaveURL(new RegExp(`/contact\\?vehicle=${v.id}#send-a-message$`));
  await expect(aboutLine(page)).toContainText(`About: ${labelOf(v)}`);
  await expect(aboutLine(page)).toBeInViewport();
  await expect(page.locator("gc-contact-form").getByLabel("First Name")).toBeInViewport();
}

/** Fill and send the form as a visitor, once its script has taken it over (gc-ready). */
async function sendQuote(form: Locator, who: { firstName: string; email: string }): Promise<void> {
  await form.getByLabel("First Name").fill(who.firstName);
  await form.getByLabel("Last Name").fill("Quinn");
  await form.getByLabel("Email").fill(who.email);
  await form.getByLabel("Phone").fill("302-555-0142");
  await form.getByLabel("Message").fill("What is your best price on this one, delivered?");
  await form.getByRole("button", { name: "Send Message" }).click();
}

/** Record gc-ready on <html>, so a test waits for the form's script before typing. */
const markReady = (page: Page) =>
  page.addInitScript(() =>
    document.addEventListener(
      "gc-ready",
      (e) => (document.documentElement.dataset.gcReady = `${document.documentElement.dataset.gcReady ?? ""} ${(e.target as Element).localName}`),
    ),
  );
const formReady = (page: Page) => expect(page.locator("html")).toHaveAttribute("data-gc-ready", /\bgc-contact-form\b/);

/** The stored lead sent from `email`: a quote request naming `v`, as it was listed. */
async function expectQuoteStored(email: string, v: Vehicle): Promise<Lead> {
  await expect.poll(async () => (await storedLeads(s.leads)).some((l) => l.email === email)).toBe(true);
  const lead = (await storedLeads(s.leads)).find((l) => l.email === email)!;
  expect(lead).toMatchObject({ kind: "quote", vehicleId: v.id, vehicle: { id: v.id, name: v.name, stockNumber: v.stockNumber } });
  return lead;
}

/** The lead's mail names the cart in its subject, and its ADF says the cart is what the customer wants to buy. */
async function expectAdf(lead: Lead, v: Vehicle): Promise<void> {
  const file = `lead-${lead.id}.adf.xml`;
  await expect.poll(() => smtp.messages.some((m) => m.attachments.some((a) => a.filename === file)), { timeout: 15_000 }).toBe(true);
  const mail = smtp.messages.find((m) => m.attachments.some((a) => a.filename === file))!;
  expect(mail.subject).toContain("Quote request");
  expect(mail.subject).toContain(labelOf(v));
  const adf = mail.attachments.find((a) => a.filename === file)!.content.toString("utf8");
  const vehicle = /<vehicle interest="buy" status="(new|used)">([\s\S]*?)<\/vehicle>/.exec(adf);
  expect(vehicle, adf).toBeTruthy();
  expect(vehicle![2]).toContain(`<stock>${v.stockNumber}</stock>`);
  expect(vehicle![2]).toContain(`<year>${v.year ?? ""}</year>`);
  expect(vehicle![2]).toMatch(/<make>[^<]+<\/make>/);
  expect(vehicle![2]).toMatch(/<model>[^<]+<\/model>/);
}

/** The lead of `firstName` in the console's inbox, with its cart beside it. */
async function expectInInbox(page: Page, firstName: string, v: Vehicle): Promise<void> {
  const card = await leadInInbox(page, s, SALES, `${firstName} Quinn`);
  await expect(card.locator("[data-lead-cart]")).toContainText("Quote request");
  await expect(card.locator("[data-lead-cart]")).toContainText(`About: ${labelOf(v)}`);
  // Left before the server stops: the inbox polls.
  await page.goto("about:blank");
}

test.describe("Get Quote names the cart", () => {
  test.describe.configure({ mode: "serial", timeout: 120_000 });
  test.afterAll(async () => {
    await s?.close();
    await smtp?.close();
  });

  for (const [width, height] of [
    [1280, 900],
    [390, 844],
  ] as const) {
    test(
      `at ${width} px, Get Quote on a lineup card and on a vehicle page opens the form in view naming the cart; the quote reaches the inbox and the ADF`,
      { tag: width === 390 ? "@layout" : [] },
      async ({ page, thirdOrigin }) => {
        await serve(thirdOrigin.origin);
        await page.setViewportSize({ width, height });
        await markReady(page);

        // From the Denago lineup.
        await page.goto(`${s.url}/denago`);
        const fromCard = page
          .locator("#lineup article.vehicle-card")
          .first()
          .getByRole("link", { name: /^Get Quote/ });
        const id = new URL((await fromCard.getAttribute("href"))!, s.url).searchParams.get("vehicle")!;
        const v = cart(id);
        await expect(page.locator("#lineup article.vehicle-card").first()).toContainText(v.name);
        await fromCard.click();
        await expectFormNaming(page, v);
        await formReady(page);
        const first = `Lineup${tagOf()}`;
        const email = `${first.toLowerCase()}@example.com`;
        await sendQuote(page.locator("gc-contact-form"), { firstName: first, email });
        await expect(page).toHaveURL(/\/thank-you$/);
        const lead = await expectQuoteStored(email, v);
        await expectAdf(lead, v);

        // From a vehicle page.
        const other = s.vehicles.all().find((x) => x.status === "available" && x.stockNumber && x.brand !== v.brand)!;
        await page.goto(`${s.url}/vehicle/${other.id}`);
        await page.getByRole("link", { name: /^Get Quote/ }).click();
        await expectFormNaming(page, other);
        await formReady(page);
        const second = `Detail${tagOf()}`;
        const email2 = `${second.toLowerCase()}@example.com`;
        await sendQuote(page.locator("gc-contact-form"), { firstName: second, email: email2 });
        await expect(page).toHaveURL(/\/thank-you$/);
        const lead2 = await expectQuoteStored(email2, other);
        await expectAdf(lead2, other);

        await expectInInbox(page, first, v);
        await expectInInbox(page, second, other);
      },
    );
  }

  test("a partner page on another origin: <gc-contact-form vehicle-id> names the cart and sends a quote; an unknown id shows the plain form", async ({
    page,
    thirdOrigin,
    consoleGuard,
    isMobile,
  }) => {
    test.skip(isMobile, "the widget's behaviour, not a screen size");
    await serve(thirdOrigin.origin);
    const v = cart(s.vehicles.all().find((x) => x.status === "available" && x.stockNumber)!.id);
    // The unknown id's GET answers 404, which Chromium logs as a failed resource.
    consoleGuard.allow(/Failed to load resource.*404/);
    const html =
      `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Resort</title>${RECORD_EVENTS}` +
      `<script src="${s.url}/widgets/contact-form.js" defer></script></head><body><h1>Sunny Dunes Resort</h1>` +
      `<gc-contact-form id="about" vehicle-id="${v.id}" source="resort-quotes" redirect=""></gc-contact-form>` +
      `<gc-contact-form id="unknown" vehicle-id="no-such-cart" redirect=""></gc-contact-form></body></html>`;
    await page.goto(thirdOrigin.page("/quotes.html", html));

    const form = page.locator("#about");
    await expect(form.locator('[part="about"]')).toContainText(`About: ${labelOf(v)}`);
    // The unknown id: the plain form, and the page's developer is told why.
    await expect
      .poll(() => page.evaluate(() => (window as unknown as { gcEvents: { type: string; widget: string; detail: { message: string } }[] }).gcEvents))
      .toContainEqual(expect.objectContaining({ type: "gc-error", detail: expect.objectContaining({ message: expect.stringContaining("no such cart") }) }));
    await expect(page.locator("#unknown").getByLabel("First Name")).toBeVisible();
    await expect(page.locator("#unknown").locator('[part="about"]')).toHaveCount(0);

    const first = `Partner${tagOf()}`;
    const email = `${first.toLowerCase()}@example.com`;
    await sendQuote(form, { firstName: first, email });
    await expect(form.getByText("Message sent")).toBeVisible();
    const lead = await expectQuoteStored(email, v);
    expect(lead).toMatchObject({ source: "resort-quotes", origin: thirdOrigin.origin });
    await expectAdf(lead, v);
    await expectInInbox(page, first, v);
  });

  test("/contact?vehicle=… names the cart without JavaScript; a sold cart is said to be sold; an unknown id is the plain page", async ({
    browser,
    thirdOrigin,
    isMobile,
  }) => {
    test.skip(isMobile, "server rendering, not a screen size");
    await serve(thirdOrigin.origin);
    const v = cart(s.vehicles.all().find((x) => x.status === "available" && x.stockNumber)!.id);
    const tag = tagOf();
    const sold = await s.vehicles.create({ ...v, id: `quote-sold-${tag}`, name: `Sold Cart ${tag}`, stockNumber: `QS-${tag}`, vin: undefined, status: "sold" });
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    try {
      await page.goto(`${s.url}/contact?vehicle=${v.id}#send-a-message`);
      await expect(aboutLine(page)).toContainText(`About: ${labelOf(v)}`);
      await expect(aboutLine(page)).not.toContainText("sold");
      await expect(page.locator('link[rel="canonical"]')).toHaveAttribute("href", /\/contact$/);

      await page.goto(`${s.url}/contact?vehicle=${sold.id}`);
      await expect(aboutLine(page)).toContainText(`About: Sold Cart ${tag}, stock #QS-${tag}`);
      await expect(aboutLine(page)).toContainText("This cart has been sold. Your message is still welcome");

      for (const id of ["no-such-cart", "<script>"]) {
        const res = await page.goto(`${s.url}/contact?vehicle=${encodeURIComponent(id)}`);
        expect(res?.status()).toBe(200);
        await expect(page.getByRole("heading", { name: "Send us a message" })).toBeVisible();
        await expect(aboutLine(page)).toHaveCount(0);
      }
    } finally {
      await context.close();
    }
  });
});
