/**
 * The vehicle page's test drive, as visitors and sales meet it: "Schedule Test Drive" opens a picker of the
 * days and times the dealership is open; a booked time is the visitor's, confirmed on the page and by a mail with a
 * calendar file a calendar reads (a real SMTP sink), and sales see its slot in the inbox. Two visitors racing for one
 * cart and time from two browsers: one booking, and one clear message offering the next free time. The server is the
 * real app with the built pages and widgets (`npm run build`), in this process, with mail on.
 */
import ICAL from "ical.js";
import type { Locator, Page } from "@playwright/test";
import { randomBytes } from "node:crypto";
import { addAccount } from "../../api/testing/staff-client";
import { startSmtpSink, type SmtpSink } from "../../api/testing/smtp-sink";
import { startTestServer, type TestServer } from "../../api/testing/test-server";
import { storedLeads } from "../../api/testing/stored-leads";
import { formatSlot, slotInstant } from "../../domain/test-drive";
import { siteTimeZone } from "../../domain/site";
import type { Vehicle } from "../../domain/vehicle";
import { expect, test } from "./fixtures";
import { leadInInbox } from "./inbox-as-sales";

const SALES = { email: "drives@staff.example.test", password: "drive password 1" };
const tagOf = () => randomBytes(3).toString("hex");

let s: TestServer;
let smtp: SmtpSink;

/** The server (started once per worker), with mail on. */
async function serve(): Promise<void> {
  if (s) return;
  smtp = await startSmtpSink();
  s = await startTestServer({ SMTP_URL: smtp.url, LEAD_TO: "sales@dealer.example", LEAD_FROM: "web@dealer.example", MAIL_RETRY_BASE_MS: "100" }, undefined, {
    builtSite: true,
  });
  await addAccount(s.dataDir, SALES.email, "sales", SALES.password);
}

/** A listed cart no other test of this file books: each test takes its own. */
const cartNo = (n: number): Vehicle => s.vehicles.all().filter((v) => v.status === "available")[n]!;

/** The vehicle page of `v` with its picker open, once the widget's script has taken it over. */
async function openPicker(page: Page, v: Vehicle): Promise<Locator> {
  await page.goto(`${s.url}/vehicle/${v.id}`);
  const detail = page.locator("gc-vehicle-detail");
  await detail.getByRole("button", { name: "Schedule Test Drive" }).click();
  const picker = detail.getByRole("region", { name: "Book a test drive" });
  await expect(picker.getByRole("group", { name: "Time" })).toBeVisible();
  return picker;
}

/** Picks the first day with a free time, and that time; the slot ("YYYY-MM-DDTHH:MM"). */
async function pickFirstFree(picker: Locator): Promise<string> {
  const days = picker.getByRole("group", { name: "Day" }).getByRole("radio");
  for (let i = 0; i < (await days.count()); i++) {
    await days.nth(i).check();
    const times = picker.getByRole("group", { name: "Time" });
    await expect(times.getByRole("radio").first()).toBeAttached();
    const free = times.getByRole("radio", { disabled: false });
    if ((await free.count()) > 0) {
      await free.first().check();
      return (await free.first().getAttribute("value"))!;
    }
  }
  throw new Error("no free time in any day offered");
}

async function fillVisitor(picker: Locator, who: { firstName: string; email: string }): Promise<void> {
  await picker.getByLabel("First Name").fill(who.firstName);
  await picker.getByLabel("Last Name").fill("Driver");
  await picker.getByLabel("Email").fill(who.email);
  await picker.getByLabel("Phone").fill("302-555-0177");
}

test.describe("a test drive booked from the vehicle page", () => {
  test.describe.configure({ mode: "serial", timeout: 120_000 });
  test.beforeAll(serve);
  test.afterAll(async () => {
    await s?.close();
    await smtp?.close();
  });

  test("is confirmed on the page and by mail with a calendar file, and sales see its slot in the inbox", async ({ page }) => {
    const v = cartNo(0);
    const first = `Tess${tagOf()}`;
    const email = `${first.toLowerCase()}@example.com`;
    const picker = await openPicker(page, v);
    const slot = await pickFirstFree(picker);
    await fillVisitor(picker, { firstName: first, email });
    await picker.getByRole("button", { name: "Book test drive" }).click();
    await expect(page.locator("gc-vehicle-detail").getByRole("status").filter({ hasText: "is booked for" })).toContainText(
      `Your test drive of the ${v.name} is booked for ${formatSlot(slot)}.`,
    );

    // Stored as a test drive of this cart at that time.
    await expect.poll(async () => (await storedLeads(s.leads)).some((l) => l.email === email)).toBe(true);
    const lead = (await storedLeads(s.leads)).find((l) => l.email === email)!;
    expect(lead).toMatchObject({ kind: "test-drive", vehicleId: v.id, slot });

    // The visitor's mail, with a calendar event at that time, an hour long, at the showroom.
    await expect.poll(() => smtp.messages.some((m) => m.to && JSON.stringify(m.to).includes(email)), { timeout: 15_000 }).toBe(true);
    const mail = smtp.messages.find((m) => m.to && JSON.stringify(m.to).includes(email))!;
    expect(mail.subject).toContain(v.name);
    const ics = mail.attachments.find((a) => a.filename === "test-drive.ics");
    expect(ics, "the calendar file").toBeTruthy();
    const event = new ICAL.Event(new ICAL.Component(ICAL.parse(ics!.content.toString("utf8"))).getFirstSubcomponent("vevent")!);
    const site = s.sites.list()[0]!;
    expect(event.startDate.toJSDate().toISOString()).toBe(slotInstant(slot, siteTimeZone(site)).toISOString());
    expect(+event.endDate.toJSDate() - +event.startDate.toJSDate()).toBe(60 * 60_000);
    expect(event.location).toContain(site.address.street);

    // Sales see the slot beside the lead.
    const card = await leadInInbox(page, s, SALES, `${first} Driver`);
    await expect(card.locator("[data-lead-cart]")).toContainText(`Test drive: ${formatSlot(slot)}`);
    await page.goto("about:blank");
  });

  test("two visitors racing for one cart and time: one booking, and the other told in words with the next free time", async ({ browser }) => {
    const v = cartNo(1);
    const [a, b] = [await browser.newContext(), await browser.newContext()];
    try {
      const [pageA, pageB] = [await a.newPage(), await b.newPage()];
      const [pickerA, pickerB] = [await openPicker(pageA, v), await openPicker(pageB, v)];
      const slot = await pickFirstFree(pickerA);
      expect(await pickFirstFree(pickerB)).toBe(slot);
      const [ann, bea] = [`Ann${tagOf()}`, `Bea${tagOf()}`];
      await fillVisitor(pickerA, { firstName: ann, email: `${ann.toLowerCase()}@example.com` });
      await fillVisitor(pickerB, { firstName: bea, email: `${bea.toLowerCase()}@example.com` });

      await pickerA.getByRole("button", { name: "Book test drive" }).click();
      await expect(pageA.locator("gc-vehicle-detail").getByRole("status").filter({ hasText: "is booked for" })).toBeVisible();
      await pickerB.getByRole("button", { name: "Book test drive" }).click();

      // The second is told, the next free time is chosen for them (on its own day, which is the next open day when
      // the taken time was the last of its day), and the taken time is greyed on its day.
      const problem = pageB.locator("gc-vehicle-detail").getByRole("alert");
      await expect(problem).toContainText("someone has just booked that time");
      const times = pickerB.getByRole("group", { name: "Time" });
      const chosen = times.getByRole("radio", { checked: true });
      await expect(chosen).toHaveCount(1);
      const next = (await chosen.getAttribute("value"))!;
      expect(next).not.toBe(slot);
      expect(next > slot, "the next free time comes after the taken one").toBe(true);
      await expect(problem).toContainText(`The next free time is ${formatSlot(next)}`);
      const takenDay = slot.slice(0, 10);
      if (next.slice(0, 10) !== takenDay) await pickerB.getByRole("group", { name: "Day" }).locator(`input[value="${takenDay}"]`).check();
      await expect(times.locator(`input[value="${slot}"]`)).toBeDisabled();

      // One booking of that cart and time.
      const booked = (await storedLeads(s.leads)).filter((l) => l.vehicleId === v.id && l.slot === slot);
      expect(booked.map((l) => l.firstName)).toEqual([ann]);
    } finally {
      await a.close();
      await b.close();
    }
  });

  test("on a phone the picker fits the screen and books", { tag: "@layout" }, async ({ browser }) => {
    const phone = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
    try {
      const page = await phone.newPage();
      const v = cartNo(2);
      const picker = await openPicker(page, v);
      const slot = await pickFirstFree(picker);
      const first = `Pia${tagOf()}`;
      await fillVisitor(picker, { firstName: first, email: `${first.toLowerCase()}@example.com` });
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
      expect(overflow, "px the page is wider than the phone").toBe(0);
      await picker.getByRole("button", { name: "Book test drive" }).click();
      await expect(page.locator("gc-vehicle-detail").getByRole("status").filter({ hasText: "is booked for" })).toContainText(formatSlot(slot));
    } finally {
      await phone.close();
    }
  });
});
