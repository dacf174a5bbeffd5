import { COMPARE_PATH } from "./pages/ComparePage";
import { compareRequest } from "../domain/compare";
import { describe, expect, it } from "vitest";
import { Catalogue, seedCatalogue } from "../domain/catalogue";
import { publicVehicle } from "../domain/public-vehicle";
import { TOWNS } from "../domain/towns";
import { UNBUILT_ASSETS } from "./lib/assets";
import { firstSite } from "../domain/site-seed";
import { renderPage } from "./lib/render";
import { siteFacts } from "./lib/site-facts";
import { notFoundPage } from "./pages/NotFoundPage";
import { vehiclePage } from "./pages/VehiclePage";
import { PAGE_ALIASES, pageFile, sitePages } from "./routes";

const catalogue = new Catalogue(seedCatalogue().map(publicVehicle));
const site = siteFacts(firstSite());
const pages = sitePages({ catalogue, site });
const paths = new Set([...pages.map((p) => p.path), ...Object.keys(PAGE_ALIASES)]);

/** Every href in rendered HTML. */
const hrefs = (html: string) => [...html.matchAll(/\shref="([^"]*)"/g)].map((m) => m[1]!.replace(/&amp;/g, "&"));

// Renders all 49 pages per test: seconds on a loaded 2-core CI machine, so more than the default 5 s.
describe("sitePages", { timeout: 30_000 }, () => {
  it("has every route of spec §2 once, with unique titles and descriptions", () => {
    expect(new Set(pages.map((p) => p.path)).size).toBe(pages.length);
    for (const p of [
      "/",
      "/inventory",
      "/rentals",
      "/services",
      "/about",
      "/denago",
      "/evolution",
      "/contact",
      "/thank-you",
      "/showroom",
      "/eco-impact",
      "/privacy-policy",
      "/terms-of-service",
      "/policies/terms-conditions",
      ...TOWNS.map((t) => t.url),
    ]) {
      expect(paths).toContain(p);
    }
    expect(new Set(pages.map((p) => p.meta.title)).size).toBe(pages.length);
    expect(new Set(pages.map((p) => p.meta.description)).size).toBe(pages.length);
  });

  it("links only to pages that exist, and every vehicle link resolves in the catalogue", () => {
    const rendered = [...pages, notFoundPage(), ...catalogue.vehicles.slice(0, 3).map((v) => vehiclePage(site, v))];
    for (const page of rendered) {
      for (const href of hrefs(renderPage(site, page, UNBUILT_ASSETS))) {
        if (!href.startsWith("/")) {
          expect(href, `${page.path} links ${href}`).toMatch(/^(https:|tel:\+1\d{10}$|mailto:|#[a-z-]+$)/);
          continue;
        }
        const url = new URL(href, "https://x.example");
        // Vehicle pages.
        const vehicle = url.pathname.match(/^\/vehicles?\/(.+)$/)?.[1];
        if (vehicle) expect(catalogue.find(decodeURIComponent(vehicle)), `${page.path} links ${href}`).toBeDefined();
        // A comparison (served by the server from its address): each id a vehicle of the catalogue.
        else if (url.pathname === COMPARE_PATH)
          for (const id of compareRequest(url.searchParams).ids) expect(catalogue.find(id), `${page.path} links ${href}`).toBeDefined();
        // Resources the server answers besides pages: assets, images, and the catalogue.
        else if (!/^\/(assets|images)\/|^\/(favicon\.svg|sitemap\.xml|api\/vehicles)$/.test(url.pathname))
          expect(paths, `${page.path} links ${href}`).toContain(url.pathname);
      }
    }
  });

  it("ships no inline scripts or styles", () => {
    for (const page of pages) {
      const html = renderPage(site, page, UNBUILT_ASSETS);
      expect(html).not.toMatch(/<style|\sstyle="/);
      // Data blocks (JSON-LD, the widgets' vehicle data) are never run, so the policy allows them; nothing else is inline.
      expect(html.match(/<script(?![^>]*\bsrc=)(?![^>]*type="application\/(ld\+)?json")[^>]*>/g)).toBeNull();
    }
  });
});

describe("pageFile", () => {
  it.each([
    ["/", "index.html"],
    ["/rentals", "rentals.html"],
    ["/policies/return-policy", "policies/return-policy.html"],
    ["/lewes-golf-carts", "lewes-golf-carts.html"],
  ])("%s → %s", (p, file) => expect(pageFile(p)).toBe(file));
});
