/**
 * One markup source: the content the site serves inside each widget element, which visitors without
 * JavaScript and search engines read, is the widget's own rendering, so its text is the text the running widget shows
 * (the interactive controls aside: buttons, selects and text boxes).
 */
import type { Browser, Page } from "@playwright/test";
import { WIDGETS } from "../../widgets/registry";
import { expect, test } from "./fixtures";
import { expectRunning } from "./widget-running";

const PAGES = [
  { path: "/inventory", tag: "gc-inventory" },
  { path: "/vehicle/denago-ev-city", tag: "gc-vehicle-detail" },
  { path: "/rentals", tag: "gc-rental-pricing" },
  { path: "/eco-impact", tag: "gc-eco-calculator" },
  { path: "/contact", tag: "gc-contact-form" },
  // The form naming a cart: the line the server wrote is the one the running form shows.
  { path: "/contact?vehicle=denago-ev-city", tag: "gc-contact-form" },
] as const;

/** The text a visitor sees inside the element (its shadow root when it has one), controls left out, spaces collapsed. */
function widgetText(page: Page, tag: string): Promise<string> {
  return page.locator(tag).evaluate((el) => {
    const root: Node = el.shadowRoot ?? el;
    const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
    let text = "";
    let last: Element | null = null;
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const parent = node.parentElement!;
      // The vehicle's "Schedule Test Drive" is a control too: a call link served, the picker's button once the script runs.
      if (parent.closest('button, select, textarea, script, style, [part="test-drive"]') || !parent.checkVisibility()) continue;
      // Text of one element may come in several nodes (a renderer's choice): only another element's text is apart.
      text += (parent === last ? "" : " ") + node.textContent;
      last = parent;
    }
    return text.replace(/\s+/g, " ").trim();
  });
}

async function servedText(browser: Browser, baseURL: string, path: string, tag: string): Promise<string> {
  const context = await browser.newContext({ javaScriptEnabled: false, baseURL });
  try {
    const page = await context.newPage();
    await page.goto(path);
    return await widgetText(page, tag);
  } finally {
    await context.close();
  }
}

for (const { path, tag } of PAGES) {
  test(`${path}: <${tag}> reads the same with JavaScript off as once it runs`, async ({ page, browser, baseURL }) => {
    const served = await servedText(browser, baseURL!, path, tag);
    expect(served.length, "the served content has text").toBeGreaterThan(40);

    await page.goto(path);
    const widget = page.locator(tag);
    // Running: defined, and rendering with its adopted stylesheets (the served root linked its stylesheet instead).
    await expectRunning(widget);
    expect(await widgetText(page, tag)).toBe(served);
  });
}

/**
 * Records in `window.gcLocale` each use of a locale formatter: a page's first starts ICU, 60-120 ms of a phone's main
 * thread under Lighthouse's CPU (docs/benchmarks.md §4), so the widgets format numbers and dates in plain code until
 * a visitor asks for more (a picker's days).
 */
const RECORD_LOCALE_FORMATTING = () => {
  const used: string[] = [];
  Object.assign(window, { gcLocale: used });
  const watch = <T extends object>(owner: T, key: keyof T & string, name: string) => {
    const real = owner[key] as (...args: unknown[]) => unknown;
    const record = () => void used.push(`${name}: ${new Error().stack?.split("\n")[3]?.trim() ?? ""}`);
    owner[key] = new Proxy(real, {
      apply: (target, self, args) => (record(), Reflect.apply(target, self, args)),
      construct: (target, args, newTarget) => (record(), Reflect.construct(target, args, newTarget)),
    }) as T[typeof key];
  };
  for (const key of ["NumberFormat", "DateTimeFormat", "Collator", "PluralRules", "RelativeTimeFormat", "ListFormat"] as const) watch(Intl, key, `Intl.${key}`);
  watch(Number.prototype, "toLocaleString", "Number#toLocaleString");
  for (const key of ["toLocaleString", "toLocaleDateString", "toLocaleTimeString"] as const) watch(Date.prototype, key, `Date#${key}`);
  watch(String.prototype, "localeCompare", "String#localeCompare");
};

for (const path of ["/", ...new Set(PAGES.map((p) => p.path))]) {
  test(`${path}: no widget starts a locale formatter as the page loads and its widgets take over`, async ({ page }) => {
    await page.addInitScript(RECORD_LOCALE_FORMATTING);
    const ready: string[] = [];
    await page.exposeFunction("gcReady", (tag: string) => ready.push(tag));
    await page.addInitScript(() =>
      document.addEventListener("gc-ready", (e) => (window as unknown as { gcReady(tag: string): void }).gcReady((e.target as Element).localName)),
    );
    await page.goto(path);
    const widgets = await page.locator(WIDGETS.map((w) => w.tag).join(", ")).count();
    await expect.poll(() => ready.length, "every widget of the page has taken over").toBe(widgets);
    expect(await page.evaluate(() => (window as unknown as { gcLocale: string[] }).gcLocale)).toEqual([]);
  });
}
