/** The dealership's own /inventory as the server serves it: its results line, its no-match state and its description. */
import { JSDOM } from "jsdom";
import { describe, expect, it } from "vitest";
import { seedCatalogue } from "../../domain/catalogue";
import { INVENTORY_PAGE_SIZE, type InventoryQuery } from "../../domain/inventory-query";
import { firstSite } from "../../domain/site-seed";
import { testVehicle } from "../../domain/testing/test-vehicle";
import { UNBUILT_ASSETS } from "../lib/assets";
import { LivePages } from "../server/live-pages";

/** The tester's lot: the seed's new Denago and Evolution carts and two used trade-ins of other brands. */
const TRADE_INS = [
  testVehicle("club-car-onward-4-passenger-u-2001", { name: "Club Car Onward 4 Passenger", brand: "Club Car", condition: "used", isNew: false }),
  testVehicle("ez-go-rxv-u-2002", { name: "EZ-GO RXV", brand: "EZ-GO", condition: "used", isNew: false }),
];
const LOT = [...seedCatalogue(), ...TRADE_INS];
const pages = new LivePages({ all: () => LOT, onChange: () => () => {} }, UNBUILT_ASSETS, firstSite());

/** The page for `query` as a browser parses it, with the inventory's served shadow root (a declarative template). */
function open(query: InventoryQuery = {}) {
  const doc = new JSDOM(pages.inventory(query).body.identity.toString()).window.document;
  const root = doc.querySelector("gc-inventory > template")! as HTMLTemplateElement;
  const text = (selector: string) => root.content.querySelector(selector)?.textContent?.replace(/\s+/g, " ").trim();
  return { doc, root: root.content, text };
}

describe("/inventory", () => {
  it("says on each page how many of the whole list it shows, and the page in plain words", () => {
    const total = LOT.length;
    expect(open().text("[part=count]")).toBe(`Showing ${INVENTORY_PAGE_SIZE} of ${total} vehicles Page 1 of 2`);
    expect(open({ page: 2 }).text("[part=count]")).toBe(`Showing ${total - INVENTORY_PAGE_SIZE} of ${total} vehicles Page 2 of 2`);
    // One page of results: no page to speak of.
    const denago = LOT.filter((v) => v.brand === "Denago").length;
    expect(open({ brand: "denago" }).text("[part=count]")).toBe(`Showing ${denago} of ${denago} vehicles`);
  });

  it("with no match says so as the spec does, counts the whole inventory, and offers to clear the filters", () => {
    const { root, text } = open({ q: "hovercraft", brand: "evolution", sort: "price-asc" });
    expect(text("[part=count]")).toBe(`No vehicles match your current filters. Showing 0 of ${LOT.length} total vehicles`);
    expect(text("[part=empty] .notice-title")).toBe("No vehicles found");
    expect(text("[part=empty] p")).toBe("Try adjusting your search criteria or filters.");
    const clear = [...root.querySelectorAll("[part=empty] a")].find((a) => a.textContent === "Clear filters");
    expect(clear?.getAttribute("href")).toBe("/inventory");
  });

  it("describes what the lot holds: new and used, and every brand on it", () => {
    const description = open().doc.querySelector('meta[name="description"]')?.getAttribute("content");
    expect(description).toBe(
      `Browse ${LOT.length} electric golf carts and LSVs, ${LOT.length - 2} new and 2 used, from Evolution, Denago, Club Car and EZ-GO, with prices, seats and range. Search and filter by brand, series and price.`,
    );
  });
});
