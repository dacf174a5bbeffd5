/** A legal name that ends with a period ends its sentence once: "Inc. All rights reserved.", never "Inc..". */
import { readFileSync } from "node:fs";
import { JSDOM } from "jsdom";
import { describe, expect, it } from "vitest";
import { seedCatalogue } from "../../domain/catalogue";
import type { Site } from "../../domain/site";
import { firstSite, sitesFromExample } from "../../domain/site-seed";
import { UNBUILT_ASSETS } from "../lib/assets";
import { SitePages } from "../server/site-pages";

const [capeMay] = sitesFromExample(JSON.parse(readFileSync(new URL("../../tests/fixtures/example-sites.json", import.meta.url), "utf8")));
const incorporated = { ...capeMay!, name: "Cape May Coast Carts Co.", legalName: "Cape May Coast Golf Carts, Inc." };
const pages = new SitePages({ all: () => seedCatalogue(), onChange: () => () => {} }, { onChange: () => () => {} }, UNBUILT_ASSETS);
const textOf = (site: Site, path: string) =>
  (new JSDOM(pages.page(site, path)!.identity.toString()).window.document.body.textContent ?? "").replace(/\s+/g, " ");
const descriptionOf = (site: Site, path: string) =>
  new JSDOM(pages.page(site, path)!.identity.toString()).window.document.querySelector('meta[name="description"]')?.getAttribute("content");

describe("a legal name ending with a period", () => {
  it("is followed by one period in the footer, the terms and the thank-you page", () => {
    const year = new Date().getFullYear();
    expect(textOf(incorporated, "/")).toContain(`© ${year} Cape May Coast Golf Carts, Inc. All rights reserved.`);
    expect(textOf(incorporated, "/terms-of-service")).toContain("This website is run by Cape May Coast Golf Carts, Inc. By using it");
    expect(descriptionOf(incorporated, "/thank-you")).toContain("Thank you for contacting Cape May Coast Carts Co. We answer");
    for (const path of ["/", "/about", "/terms-of-service", "/policies/terms-conditions", "/privacy-policy", "/thank-you"])
      expect(pages.page(incorporated, path)!.identity.toString(), path).not.toMatch(/(?:Inc|Co)\.\./);
  });

  it("leaves a legal name without one as it was: one period after it", () => {
    const year = new Date().getFullYear();
    expect(textOf(firstSite(), "/")).toContain(`© ${year} Sussex Coast Golf Carts LLC. All rights reserved.`);
    expect(textOf(firstSite(), "/terms-of-service")).toContain("This website is run by Sussex Coast Golf Carts LLC. By using it");
  });
});
