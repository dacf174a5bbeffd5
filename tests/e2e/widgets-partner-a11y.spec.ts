/** Accessibility, analytics hooks and themes of the widgets on a partner's page (a third origin). */
import type { Locator, Page } from "@playwright/test";
import { BUSINESS } from "../../domain/business";
import { RECORD_EVENTS, expect, partnerPage, test } from "./third-origin";

type Recorded = { type: string; widget: string; detail: Record<string, unknown> };
const recorded = (page: Page, type: string) => page.evaluate((t) => (window as unknown as { gcEvents: Recorded[] }).gcEvents.filter((e) => e.type === t), type);

/** WCAG contrast of two sRGB colours given as [r, g, b]. */
function contrast(a: number[], b: number[]): number {
  const lum = (c: number[]) =>
    c
      .map((v) => v / 255)
      .map((v) => (v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4))
      .reduce((sum, v, i) => sum + v * [0.2126, 0.7152, 0.0722][i]!, 0);
  const [hi, lo] = [lum(a), lum(b)].sort((x, y) => y - x);
  return (hi! + 0.05) / (lo! + 0.05);
}
/** The colours in a computed value, each blended over `under` by its alpha. */
function colours(value: string, under = [255, 255, 255]): number[][] {
  return [...value.matchAll(/rgba?\(([^)]+)\)/g)].map((m) => {
    const [r, g, b, a = 1] = m[1]!.split(",").map(Number);
    return [r!, g!, b!].map((c, i) => c * a + under[i]! * (1 - a));
  });
}
/** The element focused inside a widget's shadow root, described by its text or label. */
const focusedIn = (host: Locator) =>
  host.evaluate((el) => {
    const active = el.shadowRoot!.activeElement as HTMLElement | null;
    return active ? active.textContent?.trim() || active.getAttribute("aria-label") || active.tagName : null;
  });

test.describe("focus", () => {
  test("the focus ring is at least 3:1 against the widget's surface, and shows in forced-colors mode", async ({ page, thirdOrigin }) => {
    await page.goto(thirdOrigin.page("/focus.html", partnerPage(`<gc-eco-calculator></gc-eco-calculator>`)));
    const calc = page.locator("gc-eco-calculator");
    await calc.getByLabel("Miles per week").focus();
    for (let i = 0; i < 3; i++) await page.keyboard.press("Tab");
    const button = calc.getByRole("button", { name: "Calculate Impact" });
    await expect(button).toBeFocused();
    const ring = await button.evaluate((el) => getComputedStyle(el).boxShadow);
    const outer = colours(ring).at(-1)!;
    expect(contrast(outer, [255, 255, 255])).toBeGreaterThanOrEqual(3);

    await page.emulateMedia({ forcedColors: "active" });
    const outline = await button.evaluate((el) => ({ style: getComputedStyle(el).outlineStyle, width: parseFloat(getComputedStyle(el).outlineWidth) }));
    expect(outline.style).not.toBe("none");
    expect(outline.width).toBeGreaterThanOrEqual(2);
  });

  test("focus stays on Calculate while it reads 'Calculating...', and on Send while sending; Escape closes the error toast", async ({
    page,
    thirdOrigin,
    consoleGuard,
  }) => {
    consoleGuard.allow(/status of 403/);
    const url = thirdOrigin.page("/forms.html", partnerPage(`<gc-eco-calculator></gc-eco-calculator><gc-contact-form redirect=""></gc-contact-form>`));
    // The 127.0.0.1 name: an origin that may not post leads, so the send ends in the error toast.
    await page.goto(url.replace(thirdOrigin.origin, thirdOrigin.otherOrigin));
    const calc = page.locator("gc-eco-calculator");
    const calculate = calc.getByRole("button", { name: "Calculate Impact" });
    await calculate.focus();
    await page.keyboard.press("Enter");
    await expect(calc.getByRole("button", { name: "Calculating..." })).toBeVisible();
    expect(await focusedIn(calc)).toBe("Calculating...");
    await expect(calc.getByRole("region", { name: "Your eco impact" })).toBeVisible();
    // Once calculated, the result takes the focus, so a screen reader reads it.
    expect(await focusedIn(calc)).toContain("Your impact over 1 year");

    const form = page.locator("gc-contact-form");
    await form.getByLabel("First Name").fill("Robin");
    await form.getByLabel("Last Name").fill("Keys");
    await form.getByLabel("Email").fill("robin@example.com");
    await form.getByLabel("Phone").fill("(302) 555-0111");
    await form.getByLabel("Message").fill("Keyboard only, please keep my focus.");
    // Hold the post until the button has been looked at while it sends.
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route("**/api/contact", async (route) => {
      await held;
      await route.continue();
    });
    await form.getByRole("button", { name: "Send Message" }).focus();
    await page.keyboard.press("Enter");
    await expect(form.getByRole("button", { name: "Sending..." })).toBeVisible();
    expect(await focusedIn(form)).toBe("Sending...");
    release();
    await expect(form.getByRole("alert")).toBeVisible();
    // The refusal takes the focus, with its phone, so a keyboard or screen-reader user meets it first.
    expect(await focusedIn(form)).toContain("This page cannot send your message to us.");
    await page.keyboard.press("Escape");
    await expect(form.getByRole("alert")).toHaveCount(0);
    await expect(form.getByLabel("Message")).toHaveValue("Keyboard only, please keep my focus.");
  });
});

test("required fields carry a visible marker, and their names stay as they are", async ({ page, thirdOrigin }) => {
  await page.goto(thirdOrigin.page("/required.html", partnerPage(`<gc-contact-form></gc-contact-form>`)));
  const form = page.locator("gc-contact-form");
  for (const name of ["First Name", "Last Name", "Email", "Phone", "Message"]) {
    const field = form.getByRole("textbox", { name, exact: true });
    await expect(field).toHaveAttribute("aria-required", "true");
    const label = form.locator(`label[for="${await field.getAttribute("id")}"]`);
    await expect(label).toHaveText(`${name} *`);
  }
  await expect(form.locator('label[for="gc-cf-interest"]')).toHaveText("Interest");
});

test("two widgets of a kind have distinct region names, and heading-level sets their headings' levels", async ({ page, thirdOrigin }) => {
  await page.goto(
    thirdOrigin.page(
      "/twice.html",
      partnerPage(
        `<h1>Rentals</h1><gc-rental-pricing plan="4-seater" heading-level="2"></gc-rental-pricing><gc-rental-pricing plan="utility" heading-level="2"></gc-rental-pricing>` +
          `<gc-contact-form></gc-contact-form><gc-contact-form></gc-contact-form><gc-inventory limit="2" heading-level="4"></gc-inventory><gc-inventory limit="2"></gc-inventory>`,
      ),
    ),
  );
  await expect(page.getByRole("region", { name: "Golf cart rental rates", exact: true })).toHaveCount(1);
  await expect(page.getByRole("region", { name: "Golf cart rental rates 2", exact: true })).toHaveCount(1);
  await expect(page.getByRole("form", { name: "Contact us", exact: true })).toHaveCount(1);
  await expect(page.getByRole("form", { name: "Contact us 2", exact: true })).toHaveCount(1);
  await expect(page.getByRole("search", { name: "Filter vehicles", exact: true })).toHaveCount(1);
  await expect(page.getByRole("search", { name: "Filter vehicles 2", exact: true })).toHaveCount(1);
  await expect(page.getByRole("heading", { level: 2, name: "4 Seater" })).toBeVisible();
  await expect(page.getByRole("heading", { level: 3, name: "Daily" }).first()).toBeVisible();
  const first = page.locator("gc-inventory").first();
  await expect(first.getByRole("heading", { level: 4 })).toHaveCount(2);
  await expect(page.locator("gc-inventory").nth(1).getByRole("heading", { level: 3 })).toHaveCount(2);
});

test("gc-ready when rendered, gc-action on calls, quotes and details, and utm tags on links to the dealership", async ({ page, thirdOrigin }) => {
  // The page's own handler keeps the links from leaving it, after the widgets have heard the click.
  const stay = `<script>document.addEventListener("click", (e) => e.preventDefault());</script>`;
  await page.goto(
    thirdOrigin.page(
      "/analytics.html",
      partnerPage(
        `<gc-inventory limit="1" source="bayside"></gc-inventory><gc-inventory limit="1"></gc-inventory><gc-rental-pricing plan="4-seater"></gc-rental-pricing><gc-vehicle-detail vehicle-id="d5-ranger-4" source="bayside"></gc-vehicle-detail>`,
        { head: RECORD_EVENTS + stay },
      ),
    ),
  );
  const [tagged, plain] = [page.locator("gc-inventory").first(), page.locator("gc-inventory").nth(1)];
  await expect(tagged.locator("li.card a")).toHaveAttribute("href", /\/vehicles\/[^?]+\?utm_source=bayside&utm_medium=widget$/);
  await expect(plain.locator("li.card a")).toHaveAttribute("href", /\?utm_source=localhost&utm_medium=widget$/);
  await expect(tagged.getByRole("link", { name: /View all/ })).toHaveAttribute("href", /utm_source=bayside&utm_medium=widget/);
  const detail = page.locator("gc-vehicle-detail");
  await expect(detail.getByRole("link", { name: "Back to Inventory" })).toHaveAttribute("href", /\/inventory\?utm_source=bayside&utm_medium=widget$/);
  await expect(detail.getByRole("link", { name: "Get Financing Quote" })).toHaveAttribute("href", BUSINESS.financingUrl);

  await expect
    .poll(async () => (await recorded(page, "gc-ready")).map((e) => e.widget).sort())
    .toEqual(["gc-inventory", "gc-inventory", "gc-rental-pricing", "gc-vehicle-detail"]);
  expect((await recorded(page, "gc-ready")).find((e) => e.widget === "gc-vehicle-detail")?.detail).toEqual({ widget: "gc-vehicle-detail", source: "bayside" });

  await page
    .locator("gc-rental-pricing")
    .getByRole("link", { name: /Reserve a 4 Seater today/ })
    .click();
  await detail.getByRole("link", { name: "Get Financing Quote" }).click();
  await tagged.locator("li.card a").click();
  const actions = (await recorded(page, "gc-action")).map((e) => ({ ...e.detail, href: undefined }));
  expect(actions).toEqual([
    { widget: "gc-rental-pricing", action: "call", source: null, href: undefined },
    { widget: "gc-vehicle-detail", action: "quote", source: "bayside", href: undefined },
    { widget: "gc-inventory", action: "details", source: "bayside", href: undefined },
  ]);
  expect((await recorded(page, "gc-action"))[0]!.detail.href).toBe(`tel:${BUSINESS.phones.main.e164}`);
});

test("theme: dark tokens meet WCAG AA, and auto follows the device's colour scheme", async ({ page, thirdOrigin }) => {
  await page.emulateMedia({ colorScheme: "dark" });
  await page.goto(
    thirdOrigin.page(
      "/dark.html",
      partnerPage(
        `<gc-rental-pricing id="dark" theme="dark" plan="4-seater"></gc-rental-pricing><gc-rental-pricing id="auto" theme="auto" plan="4-seater"></gc-rental-pricing><gc-rental-pricing id="light" plan="4-seater"></gc-rental-pricing>`,
      ),
    ),
  );
  const look = (id: string) =>
    page.locator(`#${id}`).evaluate((el) => {
      const root = el.shadowRoot!;
      const style = (q: string) => getComputedStyle(root.querySelector(q)!);
      return {
        surface: style(".gc-plan").backgroundColor,
        title: style(".gc-plan__title").color,
        muted: style(".gc-plan__desc").color,
        button: style(".gc-plan__reserve").backgroundColor,
        buttonText: style(".gc-plan__reserve").color,
      };
    });
  const dark = await look("dark");
  const [surface] = colours(dark.surface);
  expect(contrast(surface!, [255, 255, 255])).toBeGreaterThan(10);
  for (const text of [dark.title, dark.muted]) expect(contrast(colours(text)[0]!, surface!)).toBeGreaterThanOrEqual(4.5);
  expect(contrast(colours(dark.buttonText)[0]!, colours(dark.button)[0]!)).toBeGreaterThanOrEqual(4.5);
  expect(await look("auto")).toEqual(dark);
  expect((await look("light")).surface).toBe("rgb(255, 255, 255)");
  await page.emulateMedia({ colorScheme: "light" });
  expect((await look("auto")).surface).toBe("rgb(255, 255, 255)");
});
