/**
 * Copy that describes one business is the site's own: the first site keeps the figures and phrases its
 * pages always had; another site shows its own, or pages worded for any site, never the first site's story.
 */
import { readFileSync } from "node:fs";
import { JSDOM } from "jsdom";
import { describe, expect, it } from "vitest";
import { seedCatalogue } from "../../domain/catalogue";
import type { Site } from "../../domain/site";
import { firstSite, sitesFromExample } from "../../domain/site-seed";
import { UNBUILT_ASSETS } from "../lib/assets";
import { SitePages } from "../server/site-pages";

const [capeMay, worcester] = sitesFromExample(JSON.parse(readFileSync(new URL("../../tests/fixtures/example-sites.json", import.meta.url), "utf8")));
const pages = new SitePages({ all: () => seedCatalogue(), onChange: () => () => {} }, { onChange: () => () => {} }, UNBUILT_ASSETS);
const docOf = (site: Site, path: string) => new JSDOM(pages.page(site, path)!.identity.toString()).window.document;
const textOf = (site: Site, path: string, selector = "body") => (docOf(site, path).querySelector(selector)?.textContent ?? "").replace(/\s+/g, " ").trim();
const descriptionOf = (site: Site, path: string) => docOf(site, path).querySelector('meta[name="description"]')?.getAttribute("content") ?? "";

/** What the first site's pages say of that business alone. */
const FIRST_SITE_ONLY = [
  /farm/i,
  /beaches to the/i,
  /1000\+/,
  /family-run/i,
  /one service bay/i,
  /beach-house owners/i,
  /handful of carts/i,
  /hundreds of/i,
  /over 15 years/i,
];

describe("the first site", () => {
  const site = firstSite();
  it("keeps every figure and phrase of its story, word for word", () => {
    expect(textOf(site, "/", "main")).toContain("From the beaches to the farm towns, we have served Sussex County since 2010.");
    expect(textOf(site, "/", "main")).toContain(
      "We started with a handful of carts and a workshop in Georgetown. Today we help 1000+ customers, from beach-house owners and retirement communities to marinas, farms and resorts, get around quietly and cheaply.",
    );
    expect(textOf(site, "/", "main")).toMatch(/1000\+\s*Happy customers|Happy customers\s*1000\+/);
    expect(descriptionOf(site, "/about")).toMatch(
      new RegExp(
        `^Family-run since 2010 in Georgetown, Delaware: \\d+\\+ years and 1000\\+ customers across all ${site.towns.length} towns of Sussex County\\.`,
      ),
    );
    expect(textOf(site, "/about", "main")).toContain(
      "Sussex Coast Golf Carts opened in Georgetown in 2010 with a few used carts and one service bay. Summer visitors wanted carts for the beach towns, year-round residents wanted something quieter and cheaper than a second car, and farms and marinas needed a hard-working utility vehicle.",
    );
    expect(textOf(site, "/services", "main")).toContain("Pickup and return anywhere in Sussex County, from the beach towns to the western farms.");
    expect(textOf(site, "/about", "#team")).toContain("Over 15 years helping families, communities and businesses choose carts");
    expect(textOf(site, "/about", "#team")).toContain("Hundreds of summer deliveries to rental houses every season");
  });
});

describe.each([
  ["Cape May", capeMay!],
  ["Worcester", worcester!],
])("%s, a site with no story of its own", (_name, site) => {
  it("shows none of the first site's figures and phrases, on any page that had them", () => {
    for (const path of ["/", "/about", "/services"]) {
      const text = `${descriptionOf(site, path)} ${textOf(site, path, "main")}`;
      for (const phrase of FIRST_SITE_ONLY) expect(text, `${path}: ${phrase}`).not.toMatch(phrase);
    }
  });

  it("words the same places for any site: its own region, town and year, no customers figure", () => {
    expect(textOf(site, "/", "main")).toContain(`We have served ${site.region} since ${site.foundedYear}.`);
    expect(textOf(site, "/", "main")).toContain(
      `We sell, rent and service electric carts in ${site.address.city}. Today we help our customers get around quietly and cheaply.`,
    );
    expect(textOf(site, "/", "main")).not.toContain("Happy customers");
    expect(textOf(site, "/about", "main")).not.toMatch(/\bCustomers\b/);
    expect(descriptionOf(site, "/about")).toMatch(
      new RegExp(`^A local dealer since ${site.foundedYear} in .*: \\d+\\+ years across all ${site.towns.length} towns of ${site.region}\\.`),
    );
    expect(textOf(site, "/about", "main")).toContain(`${site.name} opened in ${site.address.city} in ${site.foundedYear}.`);
    expect(textOf(site, "/services", "main")).toContain(`Pickup and return anywhere in ${site.region}.`);
    expect(textOf(site, "/about", "#team")).toContain(`Deliveries to rental houses and homes across ${site.region}`);
  });
});

describe("a site with a story of its own", () => {
  const site: Site = {
    ...worcester!,
    foundedYear: new Date().getFullYear() - 2,
    story: {
      customers: "400+",
      reach: "From the boardwalk to the Pocomoke",
      serviceReach: "from Ocean City to Pocomoke City",
      beginnings: "with two rental carts",
    },
  };
  it("shows its own figures and phrases where the first site's stood", () => {
    expect(textOf(site, "/", "main")).toContain(`From the boardwalk to the Pocomoke, we have served Worcester County since ${new Date().getFullYear() - 2}.`);
    expect(textOf(site, "/", "main")).toContain("We started with two rental carts in Berlin. Today we help 400+ customers get around quietly and cheaply.");
    expect(textOf(site, "/", "main")).toContain("Happy customers");
    expect(descriptionOf(site, "/about")).toMatch(/ years and 400\+ customers across all 6 towns of Worcester County\./);
    expect(textOf(site, "/services", "main")).toContain("Pickup and return anywhere in Worcester County, from Ocean City to Pocomoke City.");
    // Founded two years ago: its sales team claims no years it has not had.
    expect(textOf(site, "/about", "#team")).toContain("Helping families, communities and businesses choose carts");
    expect(textOf(site, "/about", "#team")).not.toMatch(/Over \d+ years/);
  });
});
