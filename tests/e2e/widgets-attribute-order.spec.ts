/**
 * Every attribute counts whatever the order it was written in, and whether it was set before or after the script ran: on a partner's page with the script loaded before the elements (with defer, async or
 * neither), and with elements made the way a framework makes them (created, attributes set one by one, then added;
 * or added, then given their attributes).
 */
import type { Page } from "@playwright/test";
import { DEMO, SITE } from "../../playwright.config";
import { expect, test } from "./third-origin";

/** A partner's page of its own origin with the dealership's all-in-one script from `scriptOrigin` and an empty main. */
const thirdPartyPage = (scriptOrigin: string) =>
  `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Partner</title><script src="${scriptOrigin}/widgets/gc-widgets.js"></script></head><body><main></main></body></html>`;

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

/** The API reads (GET /api/vehicles…) the page makes from now on, on any origin, in order. */
function vehicleReads(page: Page): string[] {
  const seen: string[] = [];
  page.on("request", (r) => {
    if (new URL(r.url()).pathname.startsWith("/api/vehicles")) seen.push(r.url());
  });
  return seen;
}

test.describe("attributes set in a microtask after the element is added, on a third origin", { tag: "@layout" }, () => {
  test("the vehicle detail's first and only request goes to the api-base given a microtask later, never to the page's own origin", async ({
    page,
    thirdOrigin,
  }) => {
    // The script comes from the dealership under its other loopback name, so an api-base read too early asks that origin.
    const scriptOrigin = SITE.replace("localhost", "127.0.0.1");
    await page.goto(thirdOrigin.page("/attribute-task.html", thirdPartyPage(scriptOrigin)));
    await page.evaluate(() => customElements.whenDefined("gc-vehicle-detail"));
    const reads = vehicleReads(page);
    await page.evaluate((api) => {
      const d = document.createElement("gc-vehicle-detail");
      d.setAttribute("vehicle-id", "denago-ev-city");
      document.querySelector("main")!.append(d);
      queueMicrotask(() => d.setAttribute("api-base", api));
    }, SITE);
    await expect(page.locator("gc-vehicle-detail").getByRole("heading", { level: 2, name: "Denago EV City" })).toBeVisible();
    expect(reads).toEqual([`${SITE}/api/vehicles/denago-ev-city`]);
  });

  test("the inventory given limit and brand a microtask after it was added makes one request, with both", async ({ page, thirdOrigin }) => {
    await page.goto(thirdOrigin.page("/attribute-task-grid.html", thirdPartyPage(SITE)));
    await page.evaluate(() => customElements.whenDefined("gc-inventory"));
    const reads = vehicleReads(page);
    await page.evaluate(() => {
      const grid = document.createElement("gc-inventory");
      document.querySelector("main")!.append(grid);
      queueMicrotask(() => {
        grid.setAttribute("limit", "2");
        grid.setAttribute("brand", "denago");
      });
    });
    const cards = page.locator("gc-inventory").getByRole("list", { name: "Vehicles" }).getByRole("listitem");
    await expect(cards).toHaveCount(2);
    await expect(cards.first()).toContainText("Denago");
    expect(reads).toHaveLength(1);
    const asked = new URL(reads[0]!).searchParams;
    expect([asked.get("pageSize"), asked.get("brand")]).toEqual(["2", "denago"]);
  });
});
