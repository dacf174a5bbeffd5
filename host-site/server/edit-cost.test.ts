/**
 * An edit costs what it changes. At a group's size (here 45 sites sharing 3,500 units), a price change to
 * one cart renders again only the pages whose bytes it alters, on the sites asked for them; every other kept page is
 * served as it was. What visitors see is still the change at once, on every site.
 */
import { describe, expect, it, vi } from "vitest";
import { benchSites } from "../../bench/lib/bench-sites";
import { Catalogue } from "../../domain/catalogue";
import { formatUsd } from "../../domain/money";
import { publicVehicle } from "../../domain/public-vehicle";
import { bigCatalogue } from "../../domain/testing/big-catalogue";
import type { Vehicle } from "../../domain/vehicle";
import { UNBUILT_ASSETS } from "../lib/assets";
import { renderPage } from "../lib/render";
import type { CatalogueFeed } from "./live-pages";
import { PageCache } from "./page-cache";
import { SitePages } from "./site-pages";
import type { VehicleChange } from "../../api/store/vehicle-store";

// Counts renders; each one still renders for real.
vi.mock("../lib/render", async (actual) => {
  const real = await actual<typeof import("../lib/render")>();
  return { ...real, renderPage: vi.fn(real.renderPage) };
});

const SITES = benchSites(45);
const noSites = { onChange: () => () => {} };

/** A catalogue of `units` that changes as the store's writes change it: one vehicle replaced in its place, then the listeners told. */
function storeOf(units: number) {
  let vehicles: Vehicle[] = bigCatalogue(units);
  const listeners = new Set<(change?: VehicleChange) => void>();
  const feed: CatalogueFeed & { price(i: number, price: number): Vehicle } = {
    all: () => vehicles,
    onChange(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    price(i, price) {
      const previous = vehicles[i]!;
      const vehicle = { ...previous, price };
      vehicles = vehicles.map((v) => (v === previous ? vehicle : v));
      for (const l of listeners) l({ action: "update", vehicle, previous });
      return vehicle;
    },
  };
  return feed;
}

describe("an edit at 45 sites × 3,500 units", () => {
  it("renders no page again when it changes a cart on none of them, and serves that cart's new price on every site", () => {
    const store = storeOf(3_500);
    const pages = new SitePages(store, noSites, UNBUILT_ASSETS);
    const read = () => SITES.map((s) => [pages.page(s, "/"), pages.inventory(s, {}).body, pages.page(s, "/denago"), pages.inventory(s, { page: 2 }).body]);
    const before = read();
    const far = store.all().length - 1;
    const farId = store.all()[far]!.id;
    for (const s of SITES) pages.vehicle(s, farId);
    vi.mocked(renderPage).mockClear();

    store.price(far, 12_345);
    expect(read()).toEqual(before);
    // The very same bodies: none was rendered again.
    read().forEach((bodies, i) => bodies.forEach((b, k) => expect(b).toBe(before[i]![k])));
    expect(renderPage).not.toHaveBeenCalled();
    for (const s of SITES) expect(pages.vehicle(s, farId)!.body.identity.toString()).toContain(formatUsd(12_345));
    expect(renderPage).toHaveBeenCalledTimes(SITES.length);
  });

  it("renders again, once per site asked, the pages the change does alter: a cart on the inventory's first page", () => {
    const store = storeOf(3_500);
    const pages = new SitePages(store, noSites, UNBUILT_ASSETS);
    const first = pages.inventory(SITES[0]!, {}).body.identity.toString();
    const onFirstPage = store.all().findIndex((v) => first.includes(`href="/vehicles/${v.id}"`));
    expect(onFirstPage).toBeGreaterThanOrEqual(0);
    for (const s of SITES) pages.inventory(s, {});
    vi.mocked(renderPage).mockClear();

    store.price(onFirstPage, 4_321);
    for (const s of SITES.slice(0, 10)) expect(pages.inventory(s, {}).body.identity.toString()).toContain(formatUsd(4_321));
    expect(renderPage).toHaveBeenCalledTimes(10);
  });
});

describe("the page cache", () => {
  it("holds no more than its bound in bytes as a crawler walks every vehicle page, and says what it holds", () => {
    const store = storeOf(150);
    const cache = new PageCache(1024 * 1024);
    const pages = new SitePages(store, noSites, UNBUILT_ASSETS, cache);
    for (const s of SITES.slice(0, 2)) for (const v of store.all()) pages.vehicle(s, v.id)!.body.bytesSync("gzip");
    const { entries, bytes, limitBytes } = cache.report();
    expect(limitBytes).toBe(1024 * 1024);
    expect(bytes).toBeLessThanOrEqual(limitBytes);
    expect(bytes).toBeGreaterThan(limitBytes / 2);
    // The least recently asked went first; the last ones asked are still served from memory.
    expect(entries).toBeLessThan(2 * 150);
    const last = store.all().at(-1)!.id;
    vi.mocked(renderPage).mockClear();
    pages.vehicle(SITES[1]!, last);
    expect(renderPage).not.toHaveBeenCalled();
    pages.vehicle(SITES[0]!, store.all()[0]!.id);
    expect(renderPage).toHaveBeenCalledTimes(1);
  });
});

describe("Catalogue made from the last one", () => {
  it("holds what a catalogue made afresh holds: the same content key, and the replaced vehicles found by their links", () => {
    const vehicles = bigCatalogue(200).map(publicVehicle);
    const before = new Catalogue(vehicles);
    void before.contentKey;
    const next = vehicles.slice();
    for (const i of [3, 150]) next[i] = { ...next[i]!, price: next[i]!.price + 100 };
    const replaced = new Catalogue(next, before, [3, 150]);
    const fresh = new Catalogue(next);
    expect(replaced.contentKey).toBe(fresh.contentKey);
    expect(replaced.contentKey).not.toBe(before.contentKey);
    expect(replaced.find(next[150]!.id)!.price).toBe(next[150]!.price);
    expect(replaced.pick([next[3]!.id, next[4]!.id])).toEqual([next[3], next[4]]);
    // Equal content in other objects: the same key, so sites showing the same carts share their derivations.
    expect(new Catalogue(next.map((v) => ({ ...v }))).contentKey).toBe(fresh.contentKey);
  });
});
