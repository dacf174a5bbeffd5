/**
 * Findability, checked on the served HTML: unique meta per
 * page, canonical URLs, Open Graph and Twitter tags, JSON-LD, vehicle product
 * tags, the sitemap and robots.txt, and the caching headers.
 */
import type { APIRequestContext } from "@playwright/test";
import { BUSINESS } from "../../domain/business";
import { openingHoursSpecification } from "../../domain/opening-hours";
import { TOWNS } from "../../domain/towns";
import { POLICY_DOCUMENTS } from "../../host-site/content/policies";
import { expect, test } from "./fixtures";
import { CORE_PATHS } from "./site-routes";

const SITE_URL = BUSINESS.siteUrl;

const STATIC_PATHS = [...CORE_PATHS, ...TOWNS.map((t) => t.url), ...POLICY_DOCUMENTS.map((d) => d.path), "/sitemap"];

/** Text with the entities React writes decoded. */
const decode = (s: string) =>
  s
    .replace(/&quot;/g, '"')
    .replace(/&#x27;/g, "'")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&amp;/g, "&");

/** The attribute of the first tag matching `tag` (a regex over the raw tag), decoded. */
function attr(html: string, tag: RegExp, name: string): string | undefined {
  const value = html.match(tag)?.[0].match(new RegExp(`\\s${name}="([^"]*)"`))?.[1];
  return value === undefined ? undefined : decode(value);
}
const meta = (html: string, key: string) => attr(html, new RegExp(`<meta (?:name|property)="${key.replace(/[:.]/g, "\\$&")}"[^>]*>`), "content");
const canonical = (html: string) => attr(html, /<link rel="canonical"[^>]*>/, "href");
const title = (html: string) => {
  const t = html.match(/<title>([^<]*)<\/title>/)?.[1];
  return t === undefined ? undefined : decode(t);
};
const jsonLd = (html: string): Record<string, unknown>[] =>
  [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map((m) => JSON.parse(m[1]!) as Record<string, unknown>);

async function html(request: APIRequestContext, path: string, status = 200): Promise<string> {
  const res = await request.get(path, { maxRedirects: 0 });
  expect(res.status(), path).toBe(status);
  expect(res.headers()["content-type"]).toContain("text/html");
  return res.text();
}

test("every static page has a unique title, description and canonical, keywords, Open Graph, Twitter and JSON-LD", async ({ request }) => {
  const titles = new Map<string, string>();
  const descriptions = new Map<string, string>();
  const keywords = new Map<string, string>();
  for (const path of STATIC_PATHS) {
    const page = await html(request, path);
    const t = title(page)!;
    const d = meta(page, "description")!;
    expect(t, path).toBeTruthy();
    expect(d.length, `${path} description`).toBeGreaterThan(50);
    expect(titles.get(t), `${path} shares its title`).toBeUndefined();
    expect(descriptions.get(d), `${path} shares its description`).toBeUndefined();
    titles.set(t, path);
    descriptions.set(d, path);
    expect(canonical(page), path).toBe(`${SITE_URL}${path}`);
    const k = meta(page, "keywords")!;
    expect(k, path).toMatch(/golf carts/);
    expect(keywords.get(k), `${path} shares its keywords`).toBeUndefined();
    keywords.set(k, path);
    expect(meta(page, "og:title")).toBe(t);
    expect(meta(page, "og:description")).toBe(d);
    expect(meta(page, "og:url")).toBe(`${SITE_URL}${path}`);
    expect(meta(page, "og:image")).toBe(`${SITE_URL}/images/og-default.png`);
    expect(meta(page, "og:type")).toBe("website");
    expect(meta(page, "twitter:card")).toBe("summary_large_image");
    expect(meta(page, "twitter:title")).toBe(t);
    expect(meta(page, "twitter:image")).toBe(`${SITE_URL}/images/og-default.png`);
    const dealer = jsonLd(page).find((b) => b["@type"] === "AutoDealer");
    expect(dealer, `${path} JSON-LD`).toBeTruthy();
    // No inline scripts other than data blocks (JSON-LD, the widgets' vehicle data), and no inline styles: the CSP forbids them.
    expect(page.match(/<script(?![^>]*\bsrc=)(?![^>]*type="application\/(ld\+)?json")[^>]*>/g), `${path} inline script`).toBeNull();
    expect(page, `${path} inline style`).not.toMatch(/<style|\sstyle="/);
  }
  const image = await request.get("/images/og-default.png");
  expect(image.status()).toBe(200);
});

test("the dealership's JSON-LD: one set of hours, the core address, no ratings or reviews", async ({ request }) => {
  const page = await html(request, "/");
  const dealer = jsonLd(page).find((b) => b["@type"] === "AutoDealer")!;
  expect(dealer.openingHoursSpecification).toEqual(openingHoursSpecification());
  expect(dealer.address).toMatchObject({
    streetAddress: BUSINESS.address.street,
    addressLocality: BUSINESS.address.city,
    postalCode: BUSINESS.address.postalCode,
  });
  expect(dealer.telephone).toBe(BUSINESS.phones.main.e164);
  expect(JSON.stringify(jsonLd(page))).not.toMatch(/aggregateRating|"review/i);
});

test("/privacy and /terms serve the same pages as /privacy-policy and /terms-of-service, with one canonical each", async ({ request }) => {
  for (const [alias, target] of [
    ["/privacy", "/privacy-policy"],
    ["/terms", "/terms-of-service"],
  ] as const) {
    const a = await html(request, alias);
    const b = await html(request, target);
    expect(a).toBe(b);
    expect(canonical(a)).toBe(`${SITE_URL}${target}`);
  }
});

interface ApiVehicle {
  id: string;
  name: string;
  price: number;
  inStock: boolean;
  condition: "new" | "used";
  stockNumber?: string;
  year?: number;
  color?: string;
}

test("vehicle pages are rendered from the catalogue with product tags and Vehicle JSON-LD, by every link rule", async ({ request }) => {
  const vehicles = (await (await request.get("/api/vehicles")).json()) as ApiVehicle[];
  let units = 0;
  for (const v of vehicles) {
    const page = await html(request, `/vehicle/${v.id}`);
    expect(title(page)).toContain(v.name);
    expect(canonical(page)).toBe(`${SITE_URL}/vehicle/${v.id}`);
    expect(meta(page, "description")).toContain(v.name);
    expect(meta(page, "og:type")).toBe("product");
    expect(meta(page, "og:url")).toBe(`${SITE_URL}/vehicle/${v.id}`);
    expect(meta(page, "product:price:amount")).toBe(String(v.price));
    expect(meta(page, "product:price:currency")).toBe("USD");
    expect(meta(page, "product:availability")).toBe(v.inStock ? "in stock" : "out of stock");
    expect(meta(page, "product:condition")).toBe(v.condition);
    expect(meta(page, "twitter:title")).toBe(title(page));
    const product = jsonLd(page).find((b) => b["@type"] === "Vehicle") as Record<string, unknown> | undefined;
    expect(product?.name).toBe(v.name);
    expect(product?.offers).toMatchObject({
      "@type": "Offer",
      price: v.price,
      priceCurrency: "USD",
      availability: v.inStock ? "https://schema.org/InStock" : "https://schema.org/OutOfStock",
    });
    // The unit (the seed's carts are units; a test's cart may not be): its stock number as the SKU, model year and colour, in the JSON-LD and on the page.
    expect(product?.itemCondition).toBe(`https://schema.org/${v.condition === "used" ? "Used" : "New"}Condition`);
    if (v.stockNumber) {
      expect(product).toMatchObject({ sku: v.stockNumber, vehicleModelDate: String(v.year), color: v.color });
      expect(page).toContain(`<dt>Stock number</dt><dd>${v.stockNumber}</dd>`);
      expect(page).toContain(`<dt>Colour</dt><dd>${v.color}</dd>`);
      units++;
    }
    expect(page).toContain(`<gc-vehicle-detail vehicle-id="${v.id}">`);
  }
  expect(units).toBeGreaterThan(20);
  // The brand pages' link rules reach the same page, canonical to /vehicle/{id}.
  for (const [path, id] of [
    ["/vehicles/d6-max-xt4", "evolution-d6-max-xt4"],
    ["/vehicles/d5-ranger-2+2", "evolution-d5-ranger-2-plus-2"],
    ["/vehicles/denago-ev-city", "denago-ev-city"],
  ] as const) {
    expect(canonical(await html(request, path)), path).toBe(`${SITE_URL}/vehicle/${id}`);
  }
});

test("unknown paths and vehicle ids answer 404 with the not-found page", async ({ request }) => {
  for (const path of ["/nope", "/vehicle/nope", "/vehicles/nope", "/policies/nope", "/inventory/extra/segments"]) {
    const page = await html(request, path, 404);
    expect(title(page), path).toBe("404 Page Not Found");
    expect(meta(page, "robots")).toContain("noindex");
  }
  expect((await request.post("/contact")).status()).toBe(404);
});

test("sitemap.xml lists every public URL, each vehicle and town; robots.txt points to it", async ({ request }) => {
  const res = await request.get("/sitemap.xml");
  expect(res.status()).toBe(200);
  expect(res.headers()["content-type"]).toContain("xml");
  const locs = [...(await res.text()).matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]!.replace(/&amp;/g, "&"));
  const vehicles = (await (await request.get("/api/vehicles")).json()) as ApiVehicle[];
  const expected = [...STATIC_PATHS.filter((p) => p !== "/thank-you"), ...vehicles.map((v) => `/vehicle/${v.id}`)].map((p) => `${SITE_URL}${p}`);
  expect(new Set(locs)).toEqual(new Set(expected));
  for (const t of TOWNS) expect(locs).toContain(`${SITE_URL}${t.url}`);

  const robots = await request.get("/robots.txt");
  expect(robots.status()).toBe(200);
  expect(await robots.text()).toContain(`Sitemap: ${SITE_URL}/sitemap.xml`);
});

test("HTML revalidates, hashed assets are cached for a year, responses are compressed", async ({ request }) => {
  const res = await request.get("/", { headers: { "Accept-Encoding": "gzip" } });
  expect(res.headers()["cache-control"]).toBe("no-cache");
  expect(res.headers()["content-encoding"]).toBe("gzip");
  const etag = res.headers()["etag"];
  expect(etag).toBeTruthy();
  expect((await request.get("/", { headers: { "If-None-Match": etag! } })).status()).toBe(304);

  const page = await res.text();
  const assets = [...page.matchAll(/(?:href|src)="(\/assets\/[^"]+)"/g)].map((m) => m[1]!);
  expect(assets.length).toBeGreaterThanOrEqual(3);
  for (const a of assets) {
    expect(a).toMatch(/\.[0-9a-f]{10}\.(css|js)$/);
    const asset = await request.get(a, { headers: { "Accept-Encoding": "gzip" } });
    expect(asset.status(), a).toBe(200);
    expect(asset.headers()["cache-control"]).toBe("public, max-age=31536000, immutable");
    // compression skips bodies under 1 kB (the noscript stylesheet).
    if ((await asset.body()).length > 1024) expect(asset.headers()["content-encoding"], a).toBe("gzip");
  }
  expect((await request.get("/rentals/", { maxRedirects: 0 })).headers()["location"]).toBe("/rentals");
});
