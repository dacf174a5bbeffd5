/** What embedders expect of the scripts: pinned, versioned paths with SRI, the manifest beside them, the version warning. */
import { SITE } from "../../playwright.config";
import { WIDGETS } from "../../widgets/registry";
import { expect, partnerPage, test } from "./third-origin";

interface Integrity {
  version: string;
  files: Record<string, string>;
}

test("a partner pins a release with SRI: /widgets/{version}/ is immutable, /widgets/v{major}/ follows it, a wrong hash is refused", async ({
  page,
  request,
  thirdOrigin,
  consoleGuard,
}) => {
  const integrity = (await (await request.get(`${SITE}/widgets/integrity.json`)).json()) as Integrity;
  const major = integrity.version.split(".")[0];
  const pinned = await request.get(`${SITE}/widgets/${integrity.version}/gc-widgets.js`);
  expect(pinned.status()).toBe(200);
  expect(pinned.headers()["cache-control"]).toContain("immutable");
  expect(pinned.headers()["access-control-allow-origin"]).toBe("*");
  const moving = await request.get(`${SITE}/widgets/v${major}/gc-widgets.js`);
  expect(moving.headers()["cache-control"]).not.toContain("immutable");
  expect(await moving.body()).toEqual(await pinned.body());
  expect((await request.get(`${SITE}/widgets/${integrity.version}/integrity.json`)).status()).toBe(200);
  expect((await request.get(`${SITE}/widgets/9.9.9/gc-widgets.js`)).status()).toBe(404);

  // The partner guide's snippet: integrity and crossorigin on the pinned script.
  const tag = (src: string, hash: string) => `<script src="${src}" integrity="${hash}" crossorigin="anonymous" defer></script>`;
  await page.goto(
    thirdOrigin.page(
      "/pinned.html",
      `<!doctype html><html lang="en"><head><title>Pinned</title>${tag(`${SITE}/widgets/${integrity.version}/rental-pricing.js`, integrity.files["rental-pricing.js"]!)}</head><body><gc-rental-pricing plan="utility"></gc-rental-pricing></body></html>`,
    ),
  );
  await expect(page.locator("gc-rental-pricing").getByRole("heading", { name: "Utility" })).toBeVisible();

  consoleGuard.allow(/Failed to find a valid digest|integrity/i);
  await page.goto(
    thirdOrigin.page(
      "/tampered.html",
      `<!doctype html><html lang="en"><head><title>Tampered</title>${tag(`${SITE}/widgets/${integrity.version}/rental-pricing.js`, integrity.files["eco-calculator.js"]!)}</head><body><gc-rental-pricing></gc-rental-pricing></body></html>`,
    ),
  );
  await page.waitForLoadState("load");
  expect(await page.evaluate(() => customElements.get("gc-rental-pricing") === undefined)).toBe(true);
});

test("custom-elements.json is served beside the scripts, to any origin", async ({ page, thirdOrigin }) => {
  await page.goto(thirdOrigin.page("/manifest.html", `<!doctype html><html lang="en"><head><title>Manifest</title></head><body></body></html>`));
  const manifest = await page.evaluate(async (url) => (await fetch(url)).json(), `${SITE}/widgets/custom-elements.json`);
  const tags = (manifest as { modules: { declarations: { tagName: string; attributes: { name: string }[] }[] }[] }).modules.map((m) => m.declarations[0]!);
  expect(tags.map((t) => t.tagName)).toEqual(WIDGETS.map((w) => w.tag));
  const pricing = tags.find((t) => t.tagName === "gc-rental-pricing")!;
  expect(pricing.attributes.map((a) => a.name)).toEqual(["plan", "reserve-url", "heading-level", "source", "theme"]);
});

test("a tag the page already defined is left to it, and the console names the tag and both versions", async ({ page, thirdOrigin }) => {
  const warnings: string[] = [];
  page.on("console", (msg) => void (msg.type() === "warning" && warnings.push(msg.text())));
  const own = `<script>class Mine extends HTMLElement {}; Mine.gcVersion = "0.0.1"; customElements.define("gc-rental-pricing", Mine);</script>`;
  await page.goto(
    thirdOrigin.page("/defined.html", partnerPage(`<gc-rental-pricing></gc-rental-pricing><gc-eco-calculator></gc-eco-calculator>`, { head: own })),
  );
  await expect(page.locator("gc-eco-calculator").getByRole("button", { name: "Calculate Impact" })).toBeVisible();
  const { version } = (await (await page.request.get(`${SITE}/widgets/integrity.json`)).json()) as Integrity;
  expect(warnings).toContain(`[gc-rental-pricing] already defined by version 0.0.1; version ${version} not used`);
  expect(await page.locator("gc-rental-pricing").evaluate((el) => el.shadowRoot)).toBeNull();
});
