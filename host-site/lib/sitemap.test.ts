import { describe, expect, it } from "vitest";
import { BUSINESS } from "../../domain/business";
import { firstSite } from "../../domain/site-seed";
import { siteFacts } from "./site-facts";
import { robotsTxt, sitemapXml } from "./sitemap";

const FIRST = siteFacts(firstSite());

describe("sitemapXml", () => {
  it("lists each path once as an absolute URL, XML-escaped", () => {
    const xml = sitemapXml(FIRST, ["/", "/vehicles/d5-ranger-2+2", "/a&b", "/"]);
    expect(xml.match(/<loc>/g)).toHaveLength(3);
    expect(xml).toContain(`<loc>${BUSINESS.siteUrl}/</loc>`);
    expect(xml).toContain(`<loc>${BUSINESS.siteUrl}/vehicles/d5-ranger-2+2</loc>`);
    expect(xml).toContain(`<loc>${BUSINESS.siteUrl}/a&amp;b</loc>`);
    expect(xml.startsWith('<?xml version="1.0" encoding="UTF-8"?>')).toBe(true);
  });
});

describe("robotsTxt", () => {
  it("names the sitemap and keeps crawlers out of the API", () => {
    expect(robotsTxt(FIRST)).toContain(`Sitemap: ${BUSINESS.siteUrl}/sitemap.xml`);
    expect(robotsTxt(FIRST)).toContain("Disallow: /api/");
  });
});
