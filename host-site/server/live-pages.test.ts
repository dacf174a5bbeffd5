import { describe, expect, it, vi } from "vitest";
import type { VehicleChange } from "../../api/store/vehicle-store";
import { seedCatalogue } from "../../domain/catalogue";
import { firstSite } from "../../domain/site-seed";
import { formatUsd } from "../../domain/money";
import type { Vehicle } from "../../domain/vehicle";
import { UNBUILT_ASSETS } from "../lib/assets";
import { renderPage } from "../lib/render";
import { type CatalogueFeed, LivePages } from "./live-pages";

// Counts renders; each one still renders for real.
vi.mock("../lib/render", async (actual) => {
  const real = await actual<typeof import("../lib/render")>();
  return { ...real, renderPage: vi.fn(real.renderPage) };
});
import type { PreparedBody } from "../../api/prepared/prepared-body";

/** The text of a prepared answer, as a browser reads it. */
const text = (body: PreparedBody | undefined) => body?.identity.toString();

/** A catalogue that changes the way the store's writes change it: replace the list, then tell the listeners (what changed, when known). */
function changingCatalogue(
  vehicles = seedCatalogue(),
): CatalogueFeed & { set(next: Vehicle[], change?: VehicleChange): void; update(id: string, change: Partial<Vehicle>): void; vehicles: Vehicle[] } {
  const listeners = new Set<(change?: VehicleChange) => void>();
  const feed = {
    vehicles,
    all: () => feed.vehicles,
    onChange(listener: (change?: VehicleChange) => void) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    set(next: Vehicle[], change?: VehicleChange) {
      feed.vehicles = next;
      for (const l of listeners) l(change);
    },
    update(id: string, change: Partial<Vehicle>) {
      const previous = feed.vehicles.find((v) => v.id === id)!;
      const vehicle = { ...previous, ...change };
      feed.set(
        feed.vehicles.map((v) => (v === previous ? vehicle : v)),
        { action: "update", vehicle, previous },
      );
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
    expect(text(pages.page("/denago"))).toContain(formatUsd(8495));
    feed.set(edit(feed.vehicles, id, { price: 7777 }));
    for (const path of ["/inventory", "/denago"]) expect(text(pages.page(path)), path).toContain(formatUsd(7777));
    const own = pages.vehicle(id)!;
    expect(own.status).toBe(200);
    expect(own.body.identity.toString()).toMatch(new RegExp(`<title>[^<]*${formatUsd(7777).replace("$", "\\$")}`));
    expect(own.body.identity.toString()).toContain('"price":7777');
  });

  it("takes a sold vehicle off the lists and the sitemap, and answers its page with 410 and similar carts", () => {
    const feed = changingCatalogue();
    const pages = new LivePages(feed, UNBUILT_ASSETS, firstSite());
    const sold = feed.vehicles.find((v) => v.id === "evolution-d6-max-xt4")!;
    // The inventory's page of results that would hold it (the first page holds the first 24 units).
    expect(text(pages.inventory({ q: sold.name }).body)).toContain(sold.name);
    feed.set(edit(feed.vehicles, sold.id, { status: "sold" }));
    expect(text(pages.inventory({ q: sold.name }).body)).not.toContain(`/vehicles/${sold.id}"`);
    expect(text(pages.page("/evolution"))).not.toContain(sold.name);
    expect(pages.sitemapPaths()).not.toContain(`/vehicle/${sold.id}`);
    const answer = pages.vehicle("d6-max-xt4")!;
    expect(answer.status).toBe(410);
    expect(answer.body.identity.toString()).toContain("has been sold");
    expect(answer.body.identity.toString()).toContain('href="/inventory"');
    // Similar carts: the same series first.
    expect(answer.body.identity.toString()).toContain("/vehicle/evolution-d6-max-gt4");
  });

  it("shows an on-hold vehicle with its badge, and follows the featured flag on the home page", () => {
    const feed = changingCatalogue();
    const pages = new LivePages(feed, UNBUILT_ASSETS, firstSite());
    const id = "evolution-turfman-200";
    expect(text(pages.page("/"))).not.toContain(`/vehicle/${id}"`);
    feed.set(edit(feed.vehicles, id, { status: "on-hold", featured: true }));
    expect(text(pages.page("/"))).toContain(`/vehicle/${id}"`);
    expect(text(pages.inventory({ q: "turfman" }).body)).toContain("On Hold");
    expect(pages.vehicle(id)!.status).toBe(200);
  });

  it("gives a new vehicle its page and answers a deleted one with nothing (the router's 404)", () => {
    const feed = changingCatalogue();
    const pages = new LivePages(feed, UNBUILT_ASSETS, firstSite());
    const template = feed.vehicles[0]!;
    feed.set([...feed.vehicles.filter((v) => v.id !== "denago-ev-city"), { ...template, id: "denago-ev-test", name: "Denago EV Test" }]);
    expect(pages.vehicle("denago-ev-test")!.body.identity.toString()).toContain("Denago EV Test");
    expect(pages.sitemapPaths()).toContain("/vehicle/denago-ev-test");
    expect(pages.vehicle("denago-ev-city")).toBeUndefined();
    expect(text(pages.page("/denago"))).not.toContain("/vehicles/denago-ev-city");
  });

  it("forgets only what a change touches: the lists and the vehicle's own page, not another vehicle's page", () => {
    const feed = changingCatalogue();
    const pages = new LivePages(feed, UNBUILT_ASSETS, firstSite());
    const [edited, other] = ["denago-ev-nomad", "evolution-d6-max-xt4"];
    const before = { inventory: pages.page("/inventory"), own: pages.vehicle(edited)!.body, other: pages.vehicle(other)!.body };
    vi.mocked(renderPage).mockClear();
    feed.update(edited, { price: 7777 });
    expect(pages.vehicle(other)!.body, "another vehicle's page is kept").toBe(before.other);
    expect(renderPage, "nothing rendered for another vehicle's page").not.toHaveBeenCalled();
    expect(pages.vehicle(edited)!.body).not.toBe(before.own);
    expect(pages.page("/inventory")).not.toBe(before.inventory);
    expect(pages.page("/inventory")!.identity.toString()).toContain(formatUsd(7777));
  });

  it("keeps every answer of a site when the change is to a vehicle only another site shows", () => {
    const elsewhere: Vehicle = { ...seedCatalogue()[0]!, id: "cape-may-only-cart", name: "Cape May Only Cart", sites: ["cape-may"] };
    const feed = changingCatalogue([...seedCatalogue(), elsewhere]);
    const pages = new LivePages(feed, UNBUILT_ASSETS, firstSite());
    const kept = {
      home: pages.page("/"),
      inventory: pages.page("/inventory"),
      sitemap: pages.page("/sitemap"),
      vehicle: pages.vehicle("denago-ev-nomad")!.body,
    };
    vi.mocked(renderPage).mockClear();
    feed.update(elsewhere.id, { price: 1234 });
    expect({
      home: pages.page("/"),
      inventory: pages.page("/inventory"),
      sitemap: pages.page("/sitemap"),
      vehicle: pages.vehicle("denago-ev-nomad")!.body,
    }).toEqual(kept);
    expect(pages.page("/inventory")).toBe(kept.inventory);
    expect(renderPage).not.toHaveBeenCalled();
  });

  it("renders nothing when a change lands, then each page once however many ask for it", () => {
    const feed = changingCatalogue();
    const pages = new LivePages(feed, UNBUILT_ASSETS, firstSite());
    pages.page("/inventory");
    vi.mocked(renderPage).mockClear();
    feed.update("denago-ev-nomad", { price: 7777 });
    expect(renderPage).not.toHaveBeenCalled();
    const answers = Array.from({ length: 5 }, () => pages.page("/inventory"));
    expect(new Set(answers).size).toBe(1);
    expect(renderPage).toHaveBeenCalledTimes(1);
  });

  it("keeps the inventory's query variants apart, each rendered once, and no page for a path it does not have", () => {
    const pages = new LivePages(changingCatalogue(), UNBUILT_ASSETS, firstSite());
    vi.mocked(renderPage).mockClear();
    const second = pages.inventory({ page: 2 });
    expect(pages.inventory({ page: 2 })).toBe(second);
    const rovers = pages.inventory({ q: "rover" });
    expect(rovers).not.toBe(second);
    expect(pages.inventory({ q: "rover" })).toBe(rovers);
    expect(renderPage).toHaveBeenCalledTimes(2);
    expect(pages.page("/no-such-page")).toBeUndefined();
    expect(renderPage).toHaveBeenCalledTimes(2);
  });

  it("renders /contact?vehicle=<id> naming the cart (a sold one as sold), once per change, and nothing for an id it has not", () => {
    const feed = changingCatalogue();
    const pages = new LivePages(feed, UNBUILT_ASSETS, firstSite());
    const v = feed.vehicles.find((x) => x.id === "denago-ev-nomad")!;
    const page = pages.contact(v.id);
    expect(text(page)).toContain(`About:</span> <strong>${v.name}, stock #${v.stockNumber}</strong>`);
    expect(text(page)).toContain(`vehicle-id="${v.id}"`);
    expect(pages.contact(v.id)).toBe(page);
    // Only a vehicle's exact id: not a slug of its name, nor anything else a visitor types.
    for (const id of ["ev-nomad", "no-such-cart", "<script>"]) expect(pages.contact(id), id).toBeUndefined();
    feed.update(v.id, { status: "sold" });
    expect(text(pages.contact(v.id))).toContain("This cart has been sold. Your message is still welcome");
  });
});
