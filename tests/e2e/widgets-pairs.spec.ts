/**
 * Every pair of widgets on one partner page, each by its one-tag script (decision 0060): the two loaders share the
 * runtime chunk and whatever else both widgets use, so no script or chunk is fetched twice, each chunk is one the
 * release's integrity.json lists, and both widgets render.
 */
import type { Request } from "@playwright/test";
import type { Integrity } from "../../domain/widget-integrity";
import { SITE } from "../../playwright.config";
import { WIDGETS, type WidgetEntry } from "../../widgets/registry";
import { expect, RECORD_EVENTS, test } from "./third-origin";

const widgets: readonly WidgetEntry[] = WIDGETS;
const pairs = widgets.flatMap((a, i) => widgets.slice(i + 1).map((b) => [a, b] as const));

const element = (w: WidgetEntry) =>
  `<${w.tag}${Object.entries(w.demo)
    .map(([k, v]) => ` ${k}="${v}"`)
    .join("")}></${w.tag}>`;
const page = (scripts: string[], body: string) =>
  `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Partner page</title>${RECORD_EVENTS}${scripts
    .map((s) => `<script src="${SITE}/widgets/${s}.js" defer></script>`)
    .join("")}</head><body>${body}</body></html>`;

/** Every script or chunk the page asks the dealership for, in order. */
function recordScripts(on: { on(event: "request", listener: (r: Request) => void): unknown }): string[] {
  const asked: string[] = [];
  on.on("request", (r) => {
    const url = new URL(r.url());
    if (url.origin === SITE && url.pathname.startsWith("/widgets/") && url.pathname.endsWith(".js")) asked.push(url.pathname.slice("/widgets/".length));
  });
  return asked;
}

const duplicates = (list: string[]) => list.filter((x, i) => list.indexOf(x) !== i);

for (const [a, b] of pairs) {
  test(`<${a.tag}> and <${b.tag}> by their own scripts: each module fetched once, both render`, async ({ page: browser, thirdOrigin, request }) => {
    const { files } = (await (await request.get(`${SITE}/widgets/integrity.json`)).json()) as Integrity;
    const asked = recordScripts(browser);
    await browser.goto(thirdOrigin.page(`/pair-${a.script}-${b.script}.html`, page([a.script, b.script], `${element(a)}${element(b)}`)));
    const ready = (tag: string) =>
      browser.waitForFunction(
        (t) => (window as unknown as { gcEvents: { type: string; widget: string }[] }).gcEvents.some((e) => e.type === "gc-ready" && e.widget === t),
        tag,
      );
    await Promise.all([ready(a.tag), ready(b.tag)]);
    expect(await browser.locator(`${a.tag}, ${b.tag}`).evaluateAll((els) => els.map((el) => (el.shadowRoot?.childElementCount ?? 0) > 0))).toEqual([
      true,
      true,
    ]);

    expect(duplicates(asked), `fetched more than once: ${asked.join(", ")}`).toEqual([]);
    expect(asked).toEqual(expect.arrayContaining([`${a.script}.js`, `${b.script}.js`]));
    expect(asked.filter((f) => f.startsWith("chunk-runtime-"))).toHaveLength(1);
    for (const chunk of asked.filter((f) => f.startsWith("chunk-"))) expect(files[chunk], chunk).toMatch(/^sha384-/);
  });
}

test("gc-widgets.js beside two one-tag scripts, with every widget on the page: still each module once, each checked by its hash, every widget renders", async ({
  page: browser,
  thirdOrigin,
  request,
}) => {
  const { files } = (await (await request.get(`${SITE}/widgets/integrity.json`)).json()) as Integrity;
  const asked = recordScripts(browser);
  await browser.goto(thirdOrigin.page("/pairs-all.html", page(["gc-widgets", widgets[0]!.script, widgets.at(-1)!.script], widgets.map(element).join(""))));
  for (const w of widgets)
    await browser.waitForFunction(
      (t) => (window as unknown as { gcEvents: { type: string; widget: string }[] }).gcEvents.some((e) => e.type === "gc-ready" && e.widget === t),
      w.tag,
    );
  expect(duplicates(asked), `fetched more than once: ${asked.join(", ")}`).toEqual([]);
  expect(asked.filter((f) => f.startsWith("chunk-runtime-"))).toHaveLength(1);
  // Each chunk was asked for with the hash integrity.json gives it (the browser refuses other bytes).
  const preloads = await browser
    .locator('link[rel="modulepreload"]')
    .evaluateAll((links) => links.map((l) => [(l as HTMLLinkElement).href.split("/").at(-1)!, (l as HTMLLinkElement).integrity]));
  expect(preloads.map(([f]) => f).sort()).toEqual(asked.filter((f) => f.startsWith("chunk-")).sort());
  for (const [f, hash] of preloads) expect(hash, f).toBe(files[f!]);
});

test("under a nonce policy with 'strict-dynamic', the nonce on the loader's tag lets its chunks in: no violation, both widgets render", async ({
  page: browser,
  thirdOrigin,
}) => {
  const violations: string[] = [];
  browser.on("console", (m) => {
    if (/Content Security Policy/i.test(m.text())) violations.push(m.text());
  });
  const csp = `default-src 'none'; script-src 'nonce-n0nc3' 'strict-dynamic'; connect-src ${SITE}; img-src ${SITE}`;
  const html = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Nonce</title><script nonce="n0nc3" src="${SITE}/widgets/gc-widgets.js" defer></script></head><body><gc-rental-pricing plan="utility"></gc-rental-pricing><gc-eco-calculator></gc-eco-calculator></body></html>`;
  await browser.goto(thirdOrigin.page("/nonce.html", html, { "content-security-policy": csp }));
  await expect(browser.locator("gc-rental-pricing").getByRole("heading", { name: "Utility" })).toBeVisible();
  await expect(browser.getByLabel("Miles per week")).toBeVisible();
  expect(violations).toEqual([]);
});
