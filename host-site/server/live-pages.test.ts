import { describe, expect, it } from "vitest";
import { seedCatalogue } from "../../domain/catalogue";
import { firstSite } from "../../domain/site-seed";
import { formatUsd } from "../../domain/money";
import type { Vehicle } from "../../domain/vehicle";
import { UNBUILT_ASSETS } from "../lib/assets";
import { type CatalogueFeed, LivePages } from "./live-pages";

/** A catalogue that changes the way the store's writes change it: replace the list, then tell the listeners. */
function changingCatalogue(): CatalogueFeed & { set(next: Vehicle[]): void; vehicles: Vehicle[] } {
  const listeners = new Set<() => void>();
  const feed = {
    vehicles: seedCatalogue(),
    all: () => feed.vehicles,
    onChange(listener: () => void) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    set(next: Vehicle[]) {
      feed.vehicles = next;
      for (const l of listeners) l();
    },
  };
  return feed;
}

const edit = (vs: Vehicle[], id: string, change: Partial<Vehicle>) => vs.map((v) => (v.id === id ? { ...v, ...change } : v));

describe("LivePages", () => {
  it("serves a price change on every page that shows the vehicle, with no rebuild", () => {
    const feed = changingCatalogue();
    const pages = new LivePages(feed, UNBUILT_ASSETS, firstSite());
    const id = "denago-ev-nomad";
    expect(pages.page("/denago")).toContain(formatUsd(8495));
    feed.set(edit(feed.vehicles, id, { price: 7777 }));
    for (const path of ["/inventory", "/denago"]) expect(pages.page(path), path).toContain(formatUsd(7777));
    const own = pages.vehicle(id)!;
    expect(own.status).toBe(200);
    expect(own.html).toMatch(new RegExp(`<title>[^<]*${formatUsd(7777).replace("$", "\\$")}`));
    expect(own.html).toContain('"price":7777');
  });

  it("takes a sold vehicle off the lists and the sitemap, and answers its page with 410 and similar carts", () => {
    const feed = changingCatalogue();
    const pages = new LivePages(feed, UNBUILT_ASSETS, firstSite());
    const sold = feed.vehicles.find((v) => v.id === "evolution-d6-max-xt4")!;
    // The inventory's page of results that would hold it (the first page holds the first 24 units).
    expect(pages.inventory({ q: sold.name }).html).toContain(sold.name);
    feed.set(edit(feed.vehicles, sold.id, { status: "sold" }));
    expect(pages.inventory({ q: sold.name }).html).not.toContain(`/vehicles/${sold.id}"`);
    expect(pages.page("/evolution")).not.toContain(sold.name);
    expect(pages.sitemapPaths()).not.toContain(`/vehicle/${sold.id}`);
    const answer = pages.vehicle("d6-max-xt4")!;
    expect(answer.status).toBe(410);
    expect(answer.html).toContain("has been sold");
    expect(answer.html).toContain('href="/inventory"');
    // Similar carts: the same series first.
    expect(answer.html).toContain("/vehicle/evolution-d6-max-gt4");
  });

  it("shows an on-hold vehicle with its badge, and follows the featured flag on the home page", () => {
    const feed = changingCatalogue();
    const pages = new LivePages(feed, UNBUILT_ASSETS, firstSite());
    const id = "evolution-turfman-200";
    expect(pages.page("/")).not.toContain(`/vehicle/${id}"`);
    feed.set(edit(feed.vehicles, id, { status: "on-hold", featured: true }));
    expect(pages.page("/")).toContain(`/vehicle/${id}"`);
    expect(pages.inventory({ q: "turfman" }).html).toContain("On Hold");
    expect(pages.vehicle(id)!.status).toBe(200);
  });

  it("gives a new vehicle its page and answers a deleted one with nothing (the router's 404)", () => {
    const feed = changingCatalogue();
    const pages = new LivePages(feed, UNBUILT_ASSETS, firstSite());
    const template = feed.vehicles[0]!;
    feed.set([...feed.vehicles.filter((v) => v.id !== "denago-ev-city"), { ...template, id: "denago-ev-test", name: "Denago EV Test" }]);
    expect(pages.vehicle("denago-ev-test")!.html).toContain("Denago EV Test");
    expect(pages.sitemapPaths()).toContain("/vehicle/denago-ev-test");
    expect(pages.vehicle("denago-ev-city")).toBeUndefined();
    expect(pages.page("/denago")).not.toContain("/vehicles/denago-ev-city");
  });
});
