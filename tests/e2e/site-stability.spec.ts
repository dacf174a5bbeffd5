/**
 * A widget taking over the content the server rendered for it shifts nothing
 * in view (CLS 0). The widget's script is held back until the page
 * has painted, which is when a visitor on a slow phone sees the takeover; the
 * browser's own layout-shift entries are the measure.
 */
import { expect, test } from "./fixtures";
import { expectRunning, frames } from "./widget-running";

const PAGES = [
  { path: "/eco-impact", tag: "gc-eco-calculator", script: "eco-calculator" },
  { path: "/rentals", tag: "gc-rental-pricing", script: "rental-pricing" },
  { path: "/contact", tag: "gc-contact-form", script: "contact-form" },
  { path: "/inventory", tag: "gc-inventory", script: "inventory" },
  { path: "/vehicle/denago-ev-city", tag: "gc-vehicle-detail", script: "vehicle-detail" },
] as const;

declare global {
  interface Window {
    layoutShifts: { value: number; nodes: string[] }[];
  }
}

for (const { path, tag, script } of PAGES) {
  test(`${path}: nothing in view moves when <${tag}> takes over`, { tag: "@layout" }, async ({ page, isMobile }) => {
    // Lighthouse's desktop screen: taller than Playwright's default, so more of the page is in view.
    if (!isMobile) await page.setViewportSize({ width: 1350, height: 940 });
    await page.addInitScript(() => {
      window.layoutShifts = [];
      new PerformanceObserver((list) => {
        for (const e of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean; sources: { node?: Node }[] })[]) {
          if (!e.hadRecentInput)
            window.layoutShifts.push({ value: e.value, nodes: e.sources.map((s) => (s.node as Element | undefined)?.outerHTML?.slice(0, 80) ?? "?") });
        }
      }).observe({ type: "layout-shift", buffered: true });
    });
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(`**/widgets/${script}.js`, async (route) => {
      await held;
      await route.continue();
    });
    await page.goto(path, { waitUntil: "commit" });
    const widget = page.locator(tag);
    // The served content (in the element's declarative shadow root) is on screen before the script runs.
    await expect(widget.locator("[part]").first()).toBeVisible();
    await frames(page);

    release();
    // Taken over: defined, and rendering with its adopted stylesheets.
    await expectRunning(widget);
    await frames(page);
    expect(await page.evaluate(() => window.layoutShifts)).toEqual([]);
  });
}
