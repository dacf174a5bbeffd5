/**
 * A partner page's font rules stop at the widget: "* { font: 30px serif !important }", WordPress's
 * and Bootstrap's "html { font-size: 62.5% }" and a rule on the element itself leave the widgets' text in their own
 * family and sizes, with inputs of 16px (under that, iOS zooms on focus) and labels of 14px at least.
 */
import type { Page } from "@playwright/test";
import { expect, partnerPage, RECORD_EVENTS, test } from "./third-origin";

const WIDGETS = `<gc-rental-pricing></gc-rental-pricing><gc-eco-calculator></gc-eco-calculator><gc-contact-form></gc-contact-form><gc-inventory limit="2"></gc-inventory><gc-vehicle-detail vehicle-id="denago-ev-city"></gc-vehicle-detail>`;
const TAGS = ["gc-rental-pricing", "gc-eco-calculator", "gc-contact-form", "gc-inventory", "gc-vehicle-detail"];

/** Every element inside the widgets that holds text of its own, with its computed size (px) and family. */
async function textStyles(page: Page) {
  await expect.poll(() => page.evaluate(() => window.gcEvents.filter((e) => e.type === "gc-ready").length)).toBe(TAGS.length);
  return page.evaluate((tags) => {
    const found: { widget: string; element: string; size: number; family: string }[] = [];
    for (const tag of tags) {
      for (const el of document.querySelector(tag)!.shadowRoot!.querySelectorAll("*")) {
        const own = [...el.childNodes].some((n) => n.nodeType === Node.TEXT_NODE && n.textContent!.trim());
        if (!own && !["INPUT", "SELECT", "TEXTAREA"].includes(el.tagName)) continue;
        const style = getComputedStyle(el);
        if (style.display === "none" || el.closest(".gc-visually-hidden")) continue;
        found.push({ widget: tag, element: `${el.tagName.toLowerCase()}.${el.className}`, size: parseFloat(style.fontSize), family: style.fontFamily });
      }
    }
    return found;
  }, TAGS);
}

const distinct = (styles: Awaited<ReturnType<typeof textStyles>>) => [...new Set(styles.map((t) => JSON.stringify(t)))].sort();

declare global {
  interface Window {
    gcEvents: { type: string; widget: string }[];
  }
}

const HOST_PAGES = {
  "* { font: 30px serif !important }": "* { font: 30px serif !important }",
  "html { font-size: 62.5% }": "html { font-size: 62.5% } body { font-size: 1.4rem }",
  "gc-… { font: … !important }": TAGS.map((t) => `${t} { font: italic 9px/1 serif !important }`).join(" "),
};

test("a page's font rules leave the widgets' text in the widgets' own family and sizes", async ({ page, thirdOrigin }) => {
  await page.goto(thirdOrigin.page("/fonts-plain.html", partnerPage(RECORD_EVENTS + WIDGETS)));
  const plain = await textStyles(page);
  expect(plain.length).toBeGreaterThan(50);
  for (const t of plain) expect(t.family, t.element).toMatch(/^system-ui,/);
  const controls = plain.filter((t) => /^(input|select|textarea)\./.test(t.element));
  expect(controls.length).toBeGreaterThan(5);
  for (const t of controls) expect(t.size, `${t.widget} ${t.element}`).toBeGreaterThanOrEqual(16);
  for (const t of plain.filter((t) => t.element.startsWith("label."))) expect(t.size, `${t.widget} ${t.element}`).toBeGreaterThanOrEqual(14);

  for (const [name, css] of Object.entries(HOST_PAGES)) {
    await page.goto(
      thirdOrigin.page(`/fonts-${Object.keys(HOST_PAGES).indexOf(name)}.html`, partnerPage(RECORD_EVENTS + WIDGETS, { head: `<style>${css}</style>` })),
    );
    // Compared as the set of (widget, element, size, family): a select's options may still be filling in when the
    // widget is ready, so how many of an element there are is no part of this check.
    expect(distinct(await textStyles(page)), name).toEqual(distinct(plain));
  }
});

test("--gc-font-size is the partner's choice: every size follows it, even under html { font-size: 62.5% }", async ({ page, thirdOrigin }) => {
  const head = `<style>html { font-size: 62.5% } gc-contact-form { --gc-font-size: 20px }</style>`;
  await page.goto(thirdOrigin.page("/fonts-sized.html", partnerPage(RECORD_EVENTS + `<gc-contact-form></gc-contact-form>`, { head })));
  const form = page.locator("gc-contact-form");
  await expect(form.getByLabel("First Name")).toBeVisible();
  const size = (locator: ReturnType<typeof form.getByLabel>) => locator.evaluate((el) => getComputedStyle(el).fontSize);
  expect(await size(form.getByLabel("First Name"))).toBe("20px");
  // Labels are 0.875 of the base size: 14px by default, 17.5px here.
  expect(await size(form.locator("label", { hasText: "First Name" }))).toBe("17.5px");
});
