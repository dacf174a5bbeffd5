/**
 * Widgets do not move the partner's page (issue 25 item 9): a page built from the partner guide's snippet, and each widget
 * alone at the top of a page, stay under a CLS of 0.1 at 1280 and 390 px, on a third origin, when the widget's script
 * arrives after the page has painted and its data a moment later (the slow case a visitor on a phone sees).
 */
import type { Page } from "@playwright/test";
import { BUSINESS } from "../../domain/business";
import { embedSnippet, reservedElement, type EmbedElement } from "../../widgets/embed-snippet";
import { ALL_IN_ONE } from "../../widgets/registry";
import { SITE } from "../../playwright.config";
import { expect, partnerPage, RECORD_EVENTS, test } from "./third-origin";

/** The partner's own text below the widgets: enough to fill the screen, so that any shift is seen. */
const PAGE_TEXT = "<p>Opening hours, directions and a few words about the resort, long enough to wrap over several lines at any width.</p>".repeat(12);
/** How long the API takes to answer here: the widgets show their loading state first. */
const API_DELAY_MS = 300;

declare global {
  interface Window {
    pageShifts: { time: number; value: number }[];
    /** Shifts that moved one of the partner's own paragraphs (PAGE_TEXT, below the widget). */
    pageTextMoves: number;
    gcEvents: { type: string; widget: string }[];
  }
}

/** The partner guide's snippet, written for the test's dealership origin. */
const readmeElements: EmbedElement[] = [{ tag: "gc-eco-calculator", attributes: { miles: "30" } }, { tag: "gc-rental-pricing" }];
const ALONE: EmbedElement[] = [
  { tag: "gc-rental-pricing" },
  { tag: "gc-inventory" },
  { tag: "gc-vehicle-detail", attributes: { "vehicle-id": "denago-ev-city" } },
  { tag: "gc-contact-form" },
  { tag: "gc-eco-calculator" },
];

/** The page's CLS as Chrome counts it: the largest sum of shifts without recent input in a session window. */
const cls = (page: Page) =>
  page.evaluate(() => {
    let largest = 0;
    let sum = 0;
    let first = -Infinity;
    let last = -Infinity;
    for (const s of window.pageShifts) {
      if (s.time - last > 1000 || s.time - first > 5000) [sum, first] = [0, s.time];
      sum += s.value;
      last = s.time;
      largest = Math.max(largest, sum);
    }
    return largest;
  });

/** Open `html` with the widget scripts held until the page has painted, then wait for every widget's gc-ready. */
async function openPainted(page: Page, url: string, widgets: number): Promise<void> {
  await page.addInitScript(() => {
    window.pageShifts = [];
    window.pageTextMoves = 0;
    new PerformanceObserver((list) => {
      for (const e of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean; sources: { node: Node | null }[] })[]) {
        if (e.hadRecentInput) continue;
        window.pageShifts.push({ time: e.startTime, value: e.value });
        if (e.sources.some(({ node }) => node instanceof HTMLParagraphElement && node.parentElement === document.body)) window.pageTextMoves++;
      }
    }).observe({ type: "layout-shift", buffered: true });
  });
  let release!: () => void;
  const painted = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/widgets\/[\w-]+\.js$/, async (route) => {
    await painted;
    await route.continue();
  });
  await page.route(/\/api\//, async (route) => {
    await new Promise((resolve) => setTimeout(resolve, API_DELAY_MS));
    await route.continue();
  });
  await page.goto(url, { waitUntil: "commit" });
  await page.waitForFunction(() => performance.getEntriesByName("first-contentful-paint").length > 0);
  await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
  release();
  await expect.poll(() => page.evaluate(() => window.gcEvents.filter((e) => e.type === "gc-ready").length)).toBe(widgets);
  // Images and late styles settle; two frames show the last of them.
  await page.waitForLoadState("load");
  await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
}

for (const width of [1280, 390]) {
  test.describe(`at ${width} px`, { tag: "@layout" }, () => {
    test.beforeEach(async ({ page }) => page.setViewportSize({ width, height: width > 800 ? 720 : 844 }));

    test("a page built from the partner guide's snippet does not move (CLS under 0.1)", async ({ page, thirdOrigin }) => {
      const snippet = embedSnippet(SITE, ALL_IN_ONE.script, readmeElements, { phone: BUSINESS.phones.main });
      // The partner guide's own text, for the dealership's real origin.
      expect(embedSnippet(BUSINESS.siteUrl, ALL_IN_ONE.script, readmeElements, { phone: BUSINESS.phones.main })).toContain('style="display:block;min-height:');
      const body = `${RECORD_EVENTS}<h1>Sunny Dunes Resort</h1><p>Rent a cart for your stay.</p>${snippet.split("\n").slice(2).join("\n")}${PAGE_TEXT}`;
      await openPainted(page, thirdOrigin.page(`/readme-${width}.html`, partnerPage(body)), 2);
      await expect(page.locator("gc-rental-pricing").getByRole("heading", { name: "4 Seater" })).toBeVisible();
      expect(await cls(page)).toBeLessThan(0.1);
    });

    for (const element of ALONE) {
      test(`<${element.tag}> alone at the top of a page does not move it (CLS under 0.1)`, async ({ page, thirdOrigin }) => {
        const body = `${RECORD_EVENTS}${reservedElement(SITE, element, BUSINESS.phones.main)}${PAGE_TEXT}`;
        await openPainted(page, thirdOrigin.page(`/${element.tag}-${width}.html`, partnerPage(body)), 1);
        expect(await cls(page)).toBeLessThan(0.1);
        // The room kept is enough: the partner's text in view below the widget never moved (a CLS under 0.1 can hide that).
        expect(await page.evaluate(() => window.pageTextMoves)).toBe(0);
        if (element.tag !== "gc-eco-calculator") return;
        // The calculator's results take the room kept for them: nothing below moves when they appear.
        const shiftsBefore = await page.evaluate(() => window.pageShifts.length);
        await page.locator("gc-eco-calculator").getByRole("button", { name: "Calculate Impact" }).click();
        await expect(page.locator("gc-eco-calculator").getByRole("region", { name: "Your eco impact" })).toBeVisible();
        await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
        const added = await page.evaluate((n) => window.pageShifts.slice(n).reduce((sum, s) => sum + s.value, 0), shiftsBefore);
        expect(added).toBeLessThan(0.02);
      });
    }
  });
}
