/** The listing feeds, parsed as their consumers parse them: each well-formed, every required field non-empty on every unit, sold units gone, on-hold ones marked, no cost. */
import { readFileSync } from "node:fs";
import { JSDOM } from "jsdom";
import { describe, expect, it } from "vitest";
import { seedCatalogue } from "../../../domain/catalogue";
import { firstSite, sitesFromExample } from "../../../domain/site-seed";
import { isPhoto } from "../../../domain/photo";
import type { Vehicle } from "../../../domain/vehicle";
import { UNBUILT_ASSETS } from "../../lib/assets";
import type { CatalogueFeed } from "../live-pages";
import { SitePages } from "../site-pages";
import { GOOGLE_NS } from "./google-rss";
import { LISTING_FEEDS } from "./listing-feeds";
import { META_CATALOG_COLUMNS } from "./meta-catalog";

const [capeMay] = sitesFromExample(JSON.parse(readFileSync(new URL("../../../tests/fixtures/example-sites.json", import.meta.url), "utf8")));
const sussex = firstSite();
/** A cost no feed would print by chance. */
const COST = 187_463;

/** A photo as uploads store it: a share JPEG's path. */
const photo = (i: number) => `/photos/${String(i).padStart(20, "0")}-1600x1200.jpg`;
/** The seed as units: one on hold, one sold, one in a colour with accents, one shown on Cape May only; each with a cost and a photo but two (a drawing only, none). */
function units(): Vehicle[] {
  return seedCatalogue().map((v, i) => ({
    ...v,
    cost: COST,
    images: i === 4 ? ["/images/placeholder-vehicle.svg"] : i === 5 ? [] : [photo(i), ...v.images],
    ...(i === 0 ? { status: "on-hold" as const } : {}),
    ...(i === 1 ? { status: "sold" as const } : {}),
    ...(i === 2 ? { color: "Crème Brûlée" } : {}),
    ...(i === 3 ? { sites: ["cape-may"], location: "cape-may" } : {}),
  }));
}

function changingCatalogue(vehicles: Vehicle[]): CatalogueFeed & { set(next: Vehicle[]): void } {
  const listeners = new Set<() => void>();
  return {
    all: () => vehicles,
    onChange: (l) => (listeners.add(l), () => listeners.delete(l)),
    set(next) {
      vehicles = next;
      listeners.forEach((l) => l());
    },
  };
}
const noSites = { onChange: () => () => {} };

const { DOMParser } = new JSDOM().window;
/** The XML parsed strictly: a malformed document fails here. */
function parseXml(text: string): Document {
  const doc = new DOMParser().parseFromString(text, "application/xml");
  expect(doc.getElementsByTagName("parsererror").length, text.slice(0, 200)).toBe(0);
  return doc;
}
/** Each <item> as field → values (g: fields under their g: name). */
function xmlItems(doc: Document): Map<string, string[]>[] {
  return [...doc.getElementsByTagName("item")].map((item) => {
    const fields = new Map<string, string[]>();
    for (const child of item.children) {
      const name = child.namespaceURI === GOOGLE_NS ? `g:${child.localName}` : child.localName;
      fields.set(name, [...(fields.get(name) ?? []), child.textContent ?? ""]);
    }
    return fields;
  });
}
/** RFC 4180 CSV: quoted cells, doubled quotes, CRLF rows. */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = "";
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (quoted && c === '"' && text[i + 1] === '"') {
      cell += '"';
      i++;
    } else if (c === '"') {
      quoted = !quoted;
    } else if (!quoted && c === ",") {
      row.push(cell);
      cell = "";
    } else if (!quoted && c === "\r" && text[i + 1] === "\n") {
      row.push(cell);
      rows.push(row);
      row = [];
      cell = "";
      i++;
    } else {
      cell += c;
    }
  }
  return rows;
}

const PRICE = /^\d+\.\d{2} USD$/;

describe("listing feeds", () => {
  const catalogue = changingCatalogue(units());
  const pages = new SitePages(catalogue, noSites, UNBUILT_ASSETS);
  const feed = (path: string, site = sussex) => pages.feed(site, path, LISTING_FEEDS[path]!).identity.toString();
  const listed = (site = sussex) => units().filter((v) => v.status !== "sold" && (!v.sites || v.sites.includes(site.id)) && v.images.some(isPhoto));
  const [onHold, sold, accented, , drawn, bare] = units();

  it("Google Merchant: RSS 2.0 with the g: namespace, every required field non-empty on every unit", () => {
    const doc = parseXml(feed("/feeds/google-merchant.xml"));
    expect(doc.documentElement.localName).toBe("rss");
    expect(doc.documentElement.getAttribute("version")).toBe("2.0");
    expect(doc.documentElement.lookupNamespaceURI("g")).toBe(GOOGLE_NS);
    const items = xmlItems(doc);
    expect(items.map((i) => i.get("g:id")![0])).toEqual(listed().map((v) => v.stockNumber));
    for (const item of items) {
      for (const field of [
        "g:id",
        "title",
        "link",
        "description",
        "g:image_link",
        "g:price",
        "g:availability",
        "g:condition",
        "g:brand",
        "g:identifier_exists",
        "g:google_product_category",
      ])
        expect(item.get(field)?.[0], `${item.get("g:id")} ${field}`).toMatch(/\S/);
      expect(item.get("g:price")![0]).toMatch(PRICE);
      expect(["in_stock", "out_of_stock"]).toContain(item.get("g:availability")![0]);
      expect(["new", "used"]).toContain(item.get("g:condition")![0]);
      expect(item.get("link")![0]).toMatch(/^https:\/\/www\.sussexcoastgolfcarts\.example\/vehicle\/[a-z0-9-]+\?utm_source=google&/);
      expect(item.get("g:image_link")![0]).toMatch(/^https:\/\/www\.sussexcoastgolfcarts\.example\/photos\/\d{20}-1600x1200\.jpg$/);
    }
    const held = items.find((i) => i.get("g:id")![0] === onHold!.stockNumber)!;
    expect([held.get("g:availability")![0], held.get("g:custom_label_0")![0]]).toEqual(["out_of_stock", "On hold"]);
    expect(items.find((i) => i.get("g:id")![0] === accented!.stockNumber)!.get("g:color")).toEqual(["Crème Brûlée"]);
  });

  it("Google local inventory: store code, id, availability, price and quantity on every unit", () => {
    const doc = parseXml(feed("/feeds/google-local-inventory.xml", capeMay!));
    expect(doc.documentElement.lookupNamespaceURI("g")).toBe(GOOGLE_NS);
    const items = xmlItems(doc);
    expect(items.map((i) => i.get("g:id")![0])).toEqual(listed(capeMay!).map((v) => v.stockNumber));
    for (const item of items) {
      for (const field of ["g:store_code", "g:id", "g:availability", "g:price", "g:quantity"]) expect(item.get(field)?.[0], field).toMatch(/\S/);
      expect(item.get("g:price")![0]).toMatch(PRICE);
    }
    // Each unit's store is its lot: the site's own unless it stands on another.
    expect(new Set(items.map((i) => i.get("g:store_code")![0]))).toEqual(new Set(["cape-may"]));
    expect(items.find((i) => i.get("g:id")![0] === onHold!.stockNumber)!.get("g:quantity")).toEqual(["0"]);
  });

  it("Meta catalog: a CSV with Meta's columns that a spreadsheet opens with accents intact", () => {
    const text = feed("/feeds/meta-catalog.csv");
    expect(text.startsWith("\uFEFF")).toBe(true);
    const [header, ...rows] = parseCsv(text.slice(1));
    expect(header).toEqual([...META_CATALOG_COLUMNS]);
    const row = (r: string[]) => Object.fromEntries(header!.map((h, i) => [h, r[i] ?? ""]));
    expect(rows.map((r) => row(r).id)).toEqual(listed().map((v) => v.stockNumber));
    for (const r of rows.map(row)) {
      for (const field of ["id", "title", "description", "availability", "condition", "price", "link", "image_link", "brand"])
        expect(r[field], `${r.id} ${field}`).toMatch(/\S/);
      expect(r.price).toMatch(PRICE);
      expect(["in stock", "out of stock"]).toContain(r.availability);
    }
    expect(row(rows.find((r) => r[0] === onHold!.stockNumber)!)).toMatchObject({ availability: "out of stock", custom_label_0: "On hold" });
    expect(row(rows.find((r) => r[0] === accented!.stockNumber)!).color).toBe("Crème Brûlée");
  });

  it("leave out a unit without a photo (a drawing or no image), in every feed", () => {
    expect(units().length - listed().length).toBeGreaterThanOrEqual(3);
    for (const path of Object.keys(LISTING_FEEDS))
      for (const unit of [drawn!, bare!]) {
        const text = feed(path);
        expect(text, path).not.toContain(`>${unit.stockNumber}<`);
        expect(text, path).not.toContain(`\n${unit.stockNumber},`);
        expect(text, path).not.toMatch(/placeholder-vehicle|og-default/);
      }
  });

  it("name no cost and no sold unit, and follow the catalogue: a unit sold leaves every feed at once", () => {
    for (const path of Object.keys(LISTING_FEEDS)) {
      const text = feed(path);
      expect(text, path).not.toMatch(/187,?463/);
      expect(text, path).not.toContain(`>${sold!.stockNumber}<`);
      expect(text, path).not.toContain(`\n${sold!.stockNumber},`);
    }
    const next = units().map((v) => (v.id === accented!.id ? { ...v, status: "sold" as const } : v));
    catalogue.set(next);
    for (const path of Object.keys(LISTING_FEEDS)) expect(feed(path), path).not.toContain(accented!.stockNumber!);
  });
});
