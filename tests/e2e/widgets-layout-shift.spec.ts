/**
 * Widgets do not move the partner's page: a page built from the partner guide's snippet, and each widget
 * alone at the top of a page, stay under a CLS of 0.1 at 1280 and 390 px, on a third origin, when the widget's script
 * arrives after the page has painted and its data a moment later (the slow case a visitor on a phone sees).
 */
import { createHash } from "node:crypto";
import type { Page } from "@playwright/test";
import { BUSINESS } from "../../domain/business";
import { embedSnippet, reservedElement, reserveRule, type EmbedElement } from "../../widgets/embed-snippet";
import { ALL_IN_ONE } from "../../widgets/registry";
import { SITE } from "../../playwright.config";
import { expect, partnerPage, RECORD_EVENTS, test } from "./third-origin";
import { frames } from "./widget-running";

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

/** Each widget with its default attributes and with those that change its size: its reserve is measured against each. */
const SIZED: EmbedElement[] = [
  { tag: "gc-rental-pricing" },
  { tag: "gc-rental-pricing", attributes: { plan: "6-seater" } },
  { tag: "gc-inventory" },
  { tag: "gc-inventory", attributes: { limit: "3" } },
  { tag: "gc-inventory", attributes: { limit: "8" } },
  { tag: "gc-vehicle-detail", attributes: { "vehicle-id": "denago-ev-city" } },
  { tag: "gc-contact-form" },
  { tag: "gc-contact-form", attributes: { "vehicle-id": "denago-ev-city" } },
  { tag: "gc-eco-calculator" },
  { tag: "gc-rental-booking" },
];
/** How far a widget's reserve may be from its loaded height, as a share of that height. */
const RESERVE_TOLERANCE = 0.1;

/** The CSP hash of RECORD_EVENTS' inline script, which the strict page allows (and nothing else inline). */
const recordEventsHash = async () =>
  createHash("sha256")
    .update(RECORD_EVENTS.replace(/^<script>|<\/script>$/g, ""))
    .digest("base64");

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
async function openPainted(page: Page, url: string, widgets: number, beforeRelease?: () => Promise<void>): Promise<void> {
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
  await frames(page);
  await beforeRelease?.();
  release();
  await expect.poll(() => page.evaluate(() => window.gcEvents.filter((e) => e.type === "gc-ready").length)).toBe(widgets);
  // Images and late styles settle; two frames show the last of them.
  await page.waitForLoadState("load");
  await frames(page);
}

for (const width of [1280, 390]) {
  test.describe(`at ${width} px`, { tag: "@layout" }, () => {
    test.beforeEach(async ({ page }) => page.setViewportSize({ width, height: width > 800 ? 720 : 844 }));

    test("a page built from the partner guide's snippet does not move (CLS under 0.1)", async ({ page, thirdOrigin }) => {
      const snippet = embedSnippet(SITE, ALL_IN_ONE.script, readmeElements, { phone: BUSINESS.phones.main });
      // The partner guide's own text, for the dealership's real origin.
      expect(embedSnippet(BUSINESS.siteUrl, ALL_IN_ONE.script, readmeElements, { phone: BUSINESS.phones.main })).toContain(
        'style="display:flow-root;min-height:',
      );
      const body = `${RECORD_EVENTS}<h1>Sunny Dunes Resort</h1><p>Rent a cart for your stay.</p>${snippet.split("\n").slice(2).join("\n")}${PAGE_TEXT}`;
      await openPainted(page, thirdOrigin.page(`/readme-${width}.html`, partnerPage(body)), 2);
      await expect(page.locator("gc-rental-pricing").getByRole("heading", { name: "4 Seater" })).toBeVisible();
      expect(await cls(page)).toBeLessThan(0.1);
    });

    test("under a strict Content-Security-Policy, the snippet's strict form and its stylesheet rule: no CSP error, and the text below does not move", async ({
      page,
      thirdOrigin,
    }) => {
      const violations: string[] = [];
      page.on("console", (m) => /Content Security Policy|Content-Security-Policy/i.test(m.text()) && violations.push(m.text()));
      const elements: EmbedElement[] = [{ tag: "gc-rental-pricing" }, { tag: "gc-eco-calculator", attributes: { miles: "30" } }];
      const css = thirdOrigin.page(`/partner-${width}.css`, elements.map(reserveRule).join("\n"), { "content-type": "text/css" });
      const snippet = embedSnippet(SITE, ALL_IN_ONE.script, elements, { phone: BUSINESS.phones.main, strictCsp: true });
      expect(snippet).not.toContain("style=");
      const csp = `default-src 'none'; script-src ${SITE} 'sha256-${await recordEventsHash()}'; style-src 'self'; connect-src ${SITE}; img-src ${SITE}`;
      const html = partnerPage(`${RECORD_EVENTS}<h1>Sunny Dunes Resort</h1>${snippet.split("\n").slice(2).join("\n")}${PAGE_TEXT}`, {
        head: `<link rel="stylesheet" href="${new URL(css).pathname}">`,
      });
      await openPainted(page, thirdOrigin.page(`/strict-${width}.html`, html, { "content-security-policy": csp }), 2);
      expect(violations).toEqual([]);
      expect(await page.evaluate(() => window.pageTextMoves)).toBe(0);
      expect(await cls(page)).toBeLessThan(0.1);
    });

    for (const element of SIZED) {
      const named = `<${element.tag}${Object.entries(element.attributes ?? {})
        .map(([k, v]) => ` ${k}="${v}"`)
        .join("")}>`;
      test(`${named} keeps room within ${RESERVE_TOLERANCE * 100}% of its loaded height, and the partner's text below it stays put`, async ({
        page,
        thirdOrigin,
      }) => {
        const body = `${RECORD_EVENTS}${reservedElement(SITE, element, BUSINESS.phones.main)}${PAGE_TEXT}`;
        /** The element's height, and the document top of the partner's first paragraph below it. */
        const measure = () =>
          page.evaluate((tag) => {
            const el = document.querySelector(tag)!;
            return { height: el.getBoundingClientRect().height, below: el.nextElementSibling!.getBoundingClientRect().top + scrollY };
          }, element.tag);
        let held!: { height: number; below: number };
        await openPainted(
          page,
          thirdOrigin.page(`/sized-${element.tag}-${width}-${Object.values(element.attributes ?? {}).join("-")}.html`, partnerPage(body)),
          1,
          async () => {
            held = await measure();
          },
        );
        // Everything the widget shows at first is in: images (their boxes are sized anyway) and the slices of a long list.
        await page.waitForFunction((tag) => document.querySelector(tag)?.shadowRoot?.querySelector("[aria-busy=true]") == null, element.tag);
        await frames(page);
        const shown = await measure();
        // Its own height, without the room kept for it.
        const loaded = await page.evaluate((tag) => {
          const el = document.querySelector<HTMLElement>(tag)!;
          el.style.minHeight = "0";
          return el.getBoundingClientRect().height;
        }, element.tag);
        const moved = Math.round(shown.below - held.below);
        const figures = `${named} at ${width} px: reserve ${Math.round(held.height)} px, loaded ${Math.round(loaded)} px, text below moved ${moved} px`;
        console.log(figures);
        test.info().annotations.push({ type: "reserve", description: figures });
        expect(Math.abs(held.height - loaded), figures).toBeLessThanOrEqual(loaded * RESERVE_TOLERANCE);
        // A reserve a little over the loaded height keeps the text below still; one under it moves that text by the rest.
        expect(Math.abs(moved), figures).toBeLessThanOrEqual(Math.max(0, loaded - held.height) + 1);
      });
    }

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
        await frames(page);
        const added = await page.evaluate((n) => window.pageShifts.slice(n).reduce((sum, s) => sum + s.value, 0), shiftsBefore);
        expect(added).toBeLessThan(0.02);
      });
    }
  });
}
