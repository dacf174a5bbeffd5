import { describe, expect, it } from "vitest";
import { seedCatalogue } from "../../domain/catalogue/seed";
import type { Vehicle } from "../../domain/vehicle";
import { createVehicleStore, type VehicleReader } from "./vehicle-store";

const replaced = (all: readonly Vehicle[], i: number, over: Partial<Vehicle>): Vehicle[] => all.map((v, j) => (j === i ? { ...v, ...over } : v));
const listedIds = (view: VehicleReader) => view.list().map((v) => v.id);
const bodyOf = (view: VehicleReader, siteId?: string) => JSON.parse(view.listBody(siteId).identity.toString()) as Vehicle[];

/** A view made from the previous one after a save is the view made afresh of the same catalogue. */
function expectSameAsFresh(view: VehicleReader, all: readonly Vehicle[], siteIds: readonly (string | undefined)[] = [undefined]) {
  const fresh = createVehicleStore(all);
  expect(listedIds(view)).toEqual(listedIds(fresh));
  for (const siteId of siteIds) expect(bodyOf(view, siteId)).toEqual(bodyOf(fresh, siteId));
  for (const v of all) {
    expect(view.find(v.id)).toEqual(fresh.find(v.id));
    expect(view.body(v.id)?.etag).toBe(fresh.body(v.id)?.etag);
  }
}

describe("the public view after a save", () => {
  const seed = seedCatalogue();
  const first = createVehicleStore(seed);

  it("a price change shows the new price and keeps every other vehicle's prepared body", () => {
    const all = replaced(seed, 3, { price: 1234 });
    const view = createVehicleStore(all, first);
    expect(view.find(seed[3]!.id)!.price).toBe(1234);
    expect(view.body(seed[4]!.id)).toBe(first.body(seed[4]!.id));
    expect(view.body(seed[3]!.id)).not.toBe(first.body(seed[3]!.id));
    expectSameAsFresh(view, all);
  });

  it("a vehicle sold leaves the list; sold again for sale, it comes back in its place", () => {
    const sold = replaced(seed, 2, { status: "sold" });
    const soldView = createVehicleStore(sold, first);
    expect(listedIds(soldView)).not.toContain(seed[2]!.id);
    expect(soldView.find(seed[2]!.id)!.status).toBe("sold");
    expectSameAsFresh(soldView, sold);
    const back = createVehicleStore(seed, soldView);
    expect(listedIds(back)).toEqual(listedIds(first));
    expectSameAsFresh(back, seed);
  });

  it("a vehicle that starts naming its sites gives each site its own list", () => {
    const named = replaced(seed, 0, { sites: ["cape-may"] });
    const view = createVehicleStore(named, first);
    expect(bodyOf(view, "rehoboth").map((v) => v.id)).not.toContain(seed[0]!.id);
    expect(bodyOf(view, "cape-may").map((v) => v.id)).toContain(seed[0]!.id);
    expectSameAsFresh(view, named, ["cape-may", "rehoboth"]);
    // Later saves of another vehicle keep the lists per site.
    const later = replaced(named, 5, { price: 99 });
    expectSameAsFresh(createVehicleStore(later, view), later, ["cape-may", "rehoboth"]);
  });

  it("a removed and an added vehicle (the ids change) are keyed again, links included", () => {
    const added = { ...seed[1]!, id: "new-arrival-cart", stockNumber: "NEW-1" };
    const all = [...seed.filter((_, i) => i !== 1), added];
    const view = createVehicleStore(all, first);
    expect(view.find(seed[1]!.id)).toBeUndefined();
    expect(view.find("new-arrival-cart")!.id).toBe("new-arrival-cart");
    expectSameAsFresh(view, all);
  });
});
