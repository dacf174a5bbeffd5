/** Every page of a site is its own: rendered per (site, page), none with a trace of another site, each dropped only when its site changes. */
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { seedCatalogue } from "../../domain/catalogue";
import type { Site } from "../../domain/site";
import { firstSite, sitesFromExample } from "../../domain/site-seed";
import type { Vehicle } from "../../domain/vehicle";
import type { SiteChange } from "../../api/store/site-store";
import { siteTraces, tracesIn } from "../../tests/fixtures/site-traces";
import { UNBUILT_ASSETS } from "../lib/assets";
import { robotsTxt, sitemapXml } from "../lib/sitemap";
import { PAGE_ALIASES } from "../routes";
import type { CatalogueFeed } from "./live-pages";
import { SitePages, type SiteFeed } from "./site-pages";
import type { PreparedBody } from "../../api/prepared/prepared-body";

/** The text of a prepared answer, as a browser reads it. */
const text = (body: PreparedBody | undefined) => body?.identity.toString();

const [capeMay] = sitesFromExample(JSON.parse(readFileSync(new URL("../../tests/fixtures/example-sites.json", import.meta.url), "utf8")));
const sussex = firstSite();

const catalogue = (vehicles: Vehicle[] = seedCatalogue()): CatalogueFeed => ({ all: () => vehicles, onChange: () => () => {} });
function siteFeed(): SiteFeed & { tell(change: SiteChange): void } {
  const listeners = new Set<(change: SiteChange) => void>();
  return {
    onChange: (l) => (listeners.add(l), () => listeners.delete(l)),
    tell: (change) => listeners.forEach((l) => l(change)),
  };
}

/** Every byte a site's pages serve: each page of its sitemap, the aliases, its 404 pages, a vehicle page, robots.txt and sitemap.xml. */
function everything(pages: SitePages, site: Site): Map<string, string> {
  const out = new Map<string, string>();
  for (const path of [...pages.sitemapPaths(site), ...Object.keys(PAGE_ALIASES)]) {
    const vehicle = /^\/vehicle\/(.+)$/.exec(path)?.[1];
    const html = text(vehicle ? pages.vehicle(site, vehicle)?.body : pages.page(site, path));
    expect(html, `${site.id} ${path}`).toBeDefined();
    out.set(path, html!);
  }
  out.set("404", text(pages.notFound(site))!);
  out.set("vehicle 404", text(pages.notFound(site, { vehicle: true }))!);
  out.set("/robots.txt", robotsTxt(pages.facts(site)));
  out.set("/sitemap.xml", sitemapXml(pages.facts(site), pages.sitemapPaths(site)));
  return out;
}

describe("SitePages", { timeout: 60_000 }, () => {
  it.each([
    ["Cape May", capeMay!, sussex],
    ["Sussex Coast", sussex, capeMay!],
  ])("serves %s's pages with no trace of the other site", (_name, site, other) => {
    const pages = new SitePages(catalogue(), siteFeed(), UNBUILT_ASSETS);
    const traces = siteTraces(other);
    const leaks = [...everything(pages, site)].flatMap(([path, text]) => tracesIn(text, traces).map((t) => `${path}: ${t}`));
    expect(leaks).toEqual([]);
    // Its own facts are there.
    const home = text(pages.page(site, "/"));
    expect(home).toContain(site.name);
    expect(home).toContain(site.phones.main.display);
    expect(pages.sitemapPaths(site)).toEqual(expect.arrayContaining(site.towns.map((t) => `/${t.slug}-golf-carts`)));
  });

  it("serves a town page only on the site that serves the town", () => {
    const pages = new SitePages(catalogue(), siteFeed(), UNBUILT_ASSETS);
    expect(text(pages.page(sussex, "/lewes-golf-carts"))).toContain("Golf carts in Lewes, Delaware");
    expect(text(pages.page(capeMay!, "/lewes-golf-carts"))).toBeUndefined();
    expect(text(pages.page(capeMay!, "/wildwood-golf-carts"))).toContain("Golf carts in Wildwood, New Jersey");
    expect(text(pages.page(sussex, "/wildwood-golf-carts"))).toBeUndefined();
  });

  it("names the site's governing state and county in its terms", () => {
    const pages = new SitePages(catalogue(), siteFeed(), UNBUILT_ASSETS);
    expect(text(pages.page(capeMay!, "/terms-of-service"))).toContain("the laws of the State of New Jersey");
    expect(text(pages.page(capeMay!, "/terms-of-service"))).toContain("state courts located in Cape May County, New Jersey");
    expect(text(pages.page(sussex, "/terms"))).toContain("state courts located in Sussex County, Delaware");
  });

  it("renders a page once per site and version, and a change to one site drops only its pages", () => {
    const sites = siteFeed();
    const pages = new SitePages(catalogue(), sites, UNBUILT_ASSETS);
    const [aboutA, aboutB] = [pages.page(sussex, "/about"), pages.page(capeMay!, "/about")];
    // Served from memory: the very same body.
    expect(pages.page(sussex, "/about")).toBe(aboutA);
    const renamed: Site = { ...capeMay!, name: "Cape May Shore Golf Carts" };
    sites.tell({ action: "update", site: renamed, previous: capeMay! });
    expect(pages.page(sussex, "/about")).toBe(aboutA);
    const after = pages.page(renamed, "/about")!;
    expect(after).not.toBe(aboutB);
    expect(text(after)).toContain("Cape May Shore Golf Carts");
    expect(pages.page(renamed, "/about")).toBe(after);
  });

  it("renders a site's home page once its save has answered, ahead of the first visit; not for a site removed meanwhile", async () => {
    const sites = siteFeed();
    let reads = 0;
    const vehicles = seedCatalogue();
    const pages = new SitePages({ all: () => (reads++, vehicles), onChange: () => () => {} }, sites, UNBUILT_ASSETS);
    const nextTurn = () => new Promise((resolve) => setImmediate(resolve));
    sites.tell({ action: "create", site: capeMay! });
    // Not inside the save: the store's write answers first.
    expect(reads).toBe(0);
    await nextTurn();
    expect(reads).toBe(1);
    const home = pages.page(capeMay!, "/");
    expect(text(home)).toContain(capeMay!.name);
    // Served from what was rendered ahead: the catalogue was not read again.
    expect(reads).toBe(1);
    // Edited twice in one turn: only the last version is rendered; removed before the turn: nothing is.
    const renamed: Site = { ...capeMay!, name: "Cape May Shore Golf Carts" };
    const renamedAgain: Site = { ...capeMay!, name: "Cape May Golf Cart Co." };
    sites.tell({ action: "update", site: renamed, previous: capeMay! });
    sites.tell({ action: "update", site: renamedAgain, previous: renamed });
    await nextTurn();
    expect(reads).toBe(2);
    expect(text(pages.page(renamedAgain, "/"))).toContain("Cape May Golf Cart Co.");
    expect(reads).toBe(2);
    sites.tell({ action: "update", site: capeMay!, previous: renamedAgain });
    sites.tell({ action: "delete", previous: capeMay! });
    await nextTurn();
    expect(reads).toBe(2);
  });

  it("shows a vehicle that names its sites only on their pages, lists and sitemaps", () => {
    const only: Vehicle = { ...seedCatalogue()[0]!, id: "cape-may-only-cart", name: "Cape May Only Cart", sites: ["cape-may"] };
    const pages = new SitePages(catalogue([...seedCatalogue(), only]), siteFeed(), UNBUILT_ASSETS);
    // The HTML sitemap counts it in its brand's link (it lists the inventory by brand and series, not each unit).
    const ofBrand = (site: typeof sussex) => Number(new RegExp(`Every ${only.brand} vehicle \\((\\d+)\\)`).exec(text(pages.page(site, "/sitemap")) ?? "")?.[1]);
    expect(ofBrand(capeMay!)).toBe(ofBrand(sussex) + 1);
    expect(text(pages.inventory(capeMay!, { q: "cape may only" }).body)).toContain("Cape May Only Cart");
    expect(text(pages.inventory(sussex, { q: "cape may only" }).body)).not.toContain("Cape May Only Cart");
    expect(pages.sitemapPaths(capeMay!)).toContain("/vehicle/cape-may-only-cart");
    expect(pages.sitemapPaths(sussex)).not.toContain("/vehicle/cape-may-only-cart");
    expect(pages.vehicle(capeMay!, "cape-may-only-cart")?.status).toBe(200);
    expect(pages.vehicle(sussex, "cape-may-only-cart")).toBeUndefined();
  });
});
