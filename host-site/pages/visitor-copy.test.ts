/** What the site's pages promise a visitor about delivery and test drives: the same as the booking and vehicle pages do. */
import { JSDOM } from "jsdom";
import { describe, expect, it } from "vitest";
import { seedCatalogue } from "../../domain/catalogue";
import { firstSite } from "../../domain/site-seed";
import { UNBUILT_ASSETS } from "../lib/assets";
import { SitePages } from "../server/site-pages";

const site = firstSite();
const pages = new SitePages({ all: () => seedCatalogue(), onChange: () => () => {} }, { onChange: () => () => {} }, UNBUILT_ASSETS);
/** The text of `selector` on `path` as a browser reads it, spaces collapsed. */
function textOf(path: string, selector: string): string {
  const doc = new JSDOM(pages.page(site, path)!.identity.toString()).window.document;
  return (doc.querySelector(selector)?.textContent ?? "").replace(/\s+/g, " ").trim();
}

describe("delivery, as each page words it", () => {
  it("a beach town's page gives a rental cart's fee there, not the purchase rule's free zone", () => {
    const area = textOf("/rehoboth-beach-golf-carts", "#town-area + p");
    expect(area).toBe(
      "Rehoboth Beach is about 17 miles from our Georgetown showroom, so a cart you buy for $5,000 or more is delivered free (within 20 miles). A rental cart is delivered and collected for $42 ($6 a mile past the first 10).",
    );
    expect(area).not.toContain("inside our free delivery zone");
  });

  it("the rentals page says the rental rule with its limit, and what it comes to in the towns farther out", () => {
    const help = textOf("/rentals", "#help .check-list li");
    expect(help).toBe("Delivery and pickup free within 10 miles of our showroom, then $6 a mile: $12 to $84 to the towns farther out");
  });
});

describe("test drives", () => {
  it("the thank-you page sends a visitor to book one, as vehicle pages do, rather than promising none is needed", () => {
    const visit = textOf("/thank-you", "#visit p");
    expect(visit).toContain("book a test drive on its page in our inventory, or call us");
    expect(visit).not.toMatch(/no appointment/i);
  });
});
