/**
 * Every attribute counts whatever the order it was written in, and whether it was set before or after the script ran
 * (issue 14, first item): on a partner's page with the script loaded before the elements (with defer, async or
 * neither), and with elements made the way a framework makes them (created, attributes set one by one, then added;
 * or added, then given their attributes).
 */
import type { Page } from "@playwright/test";
import { DEMO, SITE } from "../../playwright.config";
import { expect, test } from "./fixtures";

/** Put `body` in a page of the partner demo origin (its headers and policy stay: only the document is replaced). */
async function partnerPage(page: Page, body: string): Promise<void> {
  await page.goto(`${DEMO}/`);
  await page.setContent(
    `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Attribute order</title></head><body><main>${body}</main></body></html>`,
  );
}

/** The gc-error events that reach the page from now on. */
async function widgetErrors(page: Page): Promise<() => Promise<unknown[]>> {
  await page.evaluate(() => {
    const seen: unknown[] = [];
    (window as unknown as { gcErrors: unknown[] }).gcErrors = seen;
    document.addEventListener("gc-error", (e) => seen.push((e as CustomEvent).detail));
  });
  return () => page.evaluate(() => (window as unknown as { gcErrors: unknown[] }).gcErrors);
}

for (const loading of ["", "defer", "async"]) {
  test(`script ${loading || "without defer or async"} before the elements: an interest written after source counts`, async ({ page }) => {
    await partnerPage(
      page,
      `<script src="${SITE}/widgets/gc-widgets.js" ${loading}></script>` +
        `<gc-contact-form source="order-test" api-base="${SITE}" redirect="" interest="parts"></gc-contact-form>` +
        `<gc-vehicle-detail vehicle-id="denago-ev-city" api-base="${SITE}"></gc-vehicle-detail>`,
    );
    await expect(page.locator("gc-contact-form").getByLabel("Interest")).toHaveValue("parts");
    await expect(page.locator("gc-vehicle-detail").getByRole("heading", { level: 2, name: "Denago EV City" })).toBeVisible();
  });
}

test("elements made as a framework makes them: attributes set one by one, before or right after the element is added", async ({ page }) => {
  await partnerPage(page, `<script src="${SITE}/widgets/gc-widgets.js"></script>`);
  const errors = await widgetErrors(page);
  await page.evaluate((api) => {
    const main = document.querySelector("main")!;
    const form = document.createElement("gc-contact-form");
    form.setAttribute("source", "order-test");
    form.setAttribute("api-base", api);
    form.setAttribute("redirect", "");
    form.setAttribute("interest", "parts");
    main.append(form);
    const detail = document.createElement("gc-vehicle-detail");
    main.append(detail);
    detail.setAttribute("vehicle-id", "denago-ev-city");
    detail.setAttribute("api-base", api);
  }, SITE);
  await expect(page.locator("gc-contact-form").getByLabel("Interest")).toHaveValue("parts");
  await expect(page.locator("gc-vehicle-detail").getByRole("heading", { level: 2, name: "Denago EV City" })).toBeVisible();
  // The detail never rendered without its vehicle-id (which would report it missing).
  expect(await errors()).toEqual([]);
});
