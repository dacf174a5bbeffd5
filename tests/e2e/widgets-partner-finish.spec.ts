/**
 * Widgets on a partner's page of another origin, as its own code uses them: elements made by imperative
 * code, the page's or the element's right-to-left direction, the dark theme's box, the inventory's filters at phone
 * width, and a filter change that moves nothing the visitor did not ask to move.
 */
import type { Page } from "@playwright/test";
import { expect, partnerPage, RECORD_EVENTS, test } from "./third-origin";
import { frames } from "./widget-running";

interface Recorded {
  type: string;
  widget: string;
  detail: Record<string, unknown>;
}
const recorded = (page: Page) => page.evaluate(() => (window as unknown as { gcEvents: Recorded[] }).gcEvents);

test("an element added first and given its attributes one microtask later: no false gc-error, and gc-ready carries its source", async ({
  page,
  thirdOrigin,
}) => {
  await page.goto(thirdOrigin.page("/imperative.html", partnerPage(`<main></main>`, { head: RECORD_EVENTS })));
  // gc-widgets.js loads an element's code when the page asks for its definition (or adds one): decision 0060.
  await page.evaluate(() => Promise.all([customElements.whenDefined("gc-vehicle-detail"), customElements.whenDefined("gc-contact-form")]).then(() => true));
  await page.evaluate(async () => {
    const detail = document.createElement("gc-vehicle-detail");
    const form = document.createElement("gc-contact-form");
    document.querySelector("main")!.append(detail, form);
    await Promise.resolve();
    detail.setAttribute("vehicle-id", "denago-ev-city");
    detail.setAttribute("source", "imperative-partner");
    form.setAttribute("redirect", "");
  });
  await expect(page.locator("gc-vehicle-detail").getByRole("heading", { level: 2, name: "DENAGO EV CITY" })).toBeVisible();
  await expect.poll(async () => (await recorded(page)).filter((e) => e.type === "gc-ready").length).toBe(2);
  const events = await recorded(page);
  expect(events.filter((e) => e.type === "gc-error")).toEqual([]);
  expect(events.find((e) => e.widget === "gc-vehicle-detail")).toEqual({
    type: "gc-ready",
    widget: "gc-vehicle-detail",
    detail: { widget: "gc-vehicle-detail", source: "imperative-partner" },
  });

  // The form has said it is ready; the partner's script chooses its interest afterwards.
  await page.locator("gc-contact-form").evaluate((el) => el.setAttribute("interest", "parts"));
  await expect(page.locator("gc-contact-form").getByLabel("Interest")).toHaveValue("parts");
});

test('English text reads left to right whatever dir says, dir="rtl" on the widget included', async ({ page, thirdOrigin }) => {
  await page.goto(
    thirdOrigin.page("/rtl-widget.html", partnerPage(`<h1>مرحبا</h1><gc-rental-pricing plan="6-seater" dir="rtl"></gc-rental-pricing>`, { dir: "rtl" })),
  );
  const pricing = page.locator("gc-rental-pricing");
  const title = pricing.getByRole("heading", { name: "6 Seater" });
  await expect(title).toBeVisible();
  // Where each character of a text is drawn: "6 Seater" keeps the digit left of the word, "3-Day" the digit left of "Day".
  const lefts = (text: string) =>
    pricing.evaluate((el, wanted) => {
      const walker = document.createTreeWalker(el.shadowRoot!, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        if (node.textContent !== wanted) continue;
        const range = document.createRange();
        return [...wanted].map((_, i) => {
          range.setStart(node, i);
          range.setEnd(node, i + 1);
          return range.getBoundingClientRect().left;
        });
      }
      return [];
    }, text);
  for (const text of ["6 Seater", "3-Day"]) {
    const at = await lefts(text);
    expect(at, text).toHaveLength(text.length);
    expect(at, `${text} is drawn in reading order`).toEqual([...at].sort((a, b) => a - b));
  }
  expect(await title.evaluate((h) => getComputedStyle(h).direction)).toBe("ltr");
});

test("the dark theme keeps its content clear of its box's edge, with rounded corners", async ({ page, thirdOrigin }) => {
  await page.goto(
    thirdOrigin.page(
      "/dark-box.html",
      partnerPage(
        `<gc-contact-form id="dark" theme="dark" redirect=""></gc-contact-form><gc-eco-calculator id="dark-eco" theme="dark"></gc-eco-calculator><gc-contact-form id="light" redirect=""></gc-contact-form>`,
      ),
    ),
  );
  const box = (id: string, label: string) =>
    page.locator(`#${id}`).evaluate((el, text) => {
      const top = [...el.shadowRoot!.children].find((child) => child.localName !== "link")!;
      const style = getComputedStyle(top);
      const found = [...el.shadowRoot!.querySelectorAll("label")].find((l) => l.textContent?.startsWith(text))!;
      return {
        background: style.backgroundColor,
        padding: parseFloat(style.paddingLeft),
        radius: parseFloat(style.borderTopLeftRadius),
        labelInset: found.getBoundingClientRect().left - top.getBoundingClientRect().left,
      };
    }, label);
  await expect(page.locator("#dark").getByLabel(/^First Name/)).toBeVisible();
  await expect(page.locator("#dark-eco").getByLabel("Miles per week")).toBeVisible();
  for (const [id, label] of [
    ["dark", "First Name"],
    ["dark-eco", "Miles per week"],
  ] as const) {
    const dark = await box(id, label);
    expect(dark.background, id).not.toBe("rgba(0, 0, 0, 0)");
    expect(dark.padding, id).toBeGreaterThanOrEqual(12);
    expect(dark.radius, id).toBeGreaterThan(0);
    expect(dark.labelInset, id).toBeGreaterThanOrEqual(12);
  }
  // The light theme draws no box: the widget lines up with the page's own content.
  const light = await box("light", "First Name");
  expect([light.background, light.padding, light.labelInset]).toEqual(["rgba(0, 0, 0, 0)", 0, 0]);
});

test("at 390 px the inventory's selects are wide enough for every choice they offer", { tag: "@layout" }, async ({ page, thirdOrigin }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(thirdOrigin.page("/narrow.html", partnerPage(`<gc-inventory limit="3"></gc-inventory>`)));
  const inventory = page.locator("gc-inventory");
  await expect(inventory.locator('[part="count"]')).toHaveText(/^Showing 3 of/);
  for (const name of ["Brand", "Category", "Price", "Sort by"]) {
    const select = inventory.getByLabel(name, { exact: true });
    // A copy left to size itself fits its longest choice and its arrow: the select must be at least as wide.
    const widths = await select.evaluate((el) => {
      const copy = el.cloneNode(true) as HTMLSelectElement;
      copy.style.cssText = "position:absolute;visibility:hidden;width:auto;min-width:0;max-width:none";
      el.after(copy);
      const natural = copy.getBoundingClientRect().width;
      copy.remove();
      return { natural, actual: el.getBoundingClientRect().width };
    });
    expect(widths.actual, `${name}: ${JSON.stringify(widths)}`).toBeGreaterThanOrEqual(widths.natural - 0.5);
  }
  const page_ = await page.evaluate(() => ({ scroll: document.documentElement.scrollWidth, client: document.documentElement.clientWidth }));
  expect(page_.scroll).toBeLessThanOrEqual(page_.client);
});

declare global {
  interface Window {
    gcShifts: { value: number; nodes: string[] }[];
  }
}

// The dealership's own /inventory filters by a GET form (a new page per choice, decision 0027); on a partner's page the widget filters in place.
test("a partner page's inventory: a Price filter change moves nothing else on the page (CLS < 0.1 at 4x CPU)", async ({ page, thirdOrigin }) => {
  await page.addInitScript(() => {
    window.gcShifts = [];
    new PerformanceObserver((list) => {
      for (const e of list.getEntries() as (PerformanceEntry & {
        value: number;
        hadRecentInput: boolean;
        sources: { node?: Node; previousRect: DOMRectReadOnly; currentRect: DOMRectReadOnly }[];
      })[]) {
        if (!e.hadRecentInput) {
          // A node in a shadow tree is not named (null): its rectangles before and after say what moved.
          const name = (s: { node?: Node; previousRect: DOMRectReadOnly; currentRect: DOMRectReadOnly }) =>
            s.node instanceof Element ? s.node.localName : `${JSON.stringify(s.previousRect)} → ${JSON.stringify(s.currentRect)}`;
          window.gcShifts.push({ value: e.value, nodes: e.sources.map(name) });
        }
      }
    }).observe({ type: "layout-shift", buffered: true });
  });
  await page.goto(thirdOrigin.page("/carts.html", partnerPage("<h1>Bayside Resort</h1><gc-inventory></gc-inventory><p>Ask the front desk.</p>")));
  const inventory = page.locator("gc-inventory");
  const count = inventory.locator('[part="count"]');
  await expect(count).toHaveText(/^Showing \d+ of \d+ vehicles$/);
  const unfiltered = (await count.textContent())!;
  await frames(page);
  await page.evaluate(() => (window.gcShifts = []));
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("Emulation.setCPUThrottlingRate", { rate: 4 });
  try {
    // As the select's own pop-up sets it: the page hears no pointer or key input of its own, so every shift counts.
    await inventory.getByLabel("Price").selectOption({ label: "Under $15,000" });
    await expect(count).not.toHaveText(unfiltered);
    await expect(count).toHaveText(/^Showing \d+ of \d+ vehicles$/);
    await frames(page);
  } finally {
    await cdp.send("Emulation.setCPUThrottlingRate", { rate: 1 });
  }
  const shifts = await page.evaluate(() => window.gcShifts);
  const total = shifts.reduce((sum, s) => sum + s.value, 0);
  expect(total, JSON.stringify(shifts, null, 1)).toBeLessThan(0.1);
});
