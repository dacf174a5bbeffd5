import { describe, expect, it } from "vitest";
import { vehicleBadge } from "./vehicle-badge";
import { featuredModelSlug, modelSlug, vehicleIdFromName, vehicleKey } from "./slug";
import { seedCatalogue } from "./catalogue/seed";
import { VehicleSchema } from "./vehicle";
import { hoursSummary, formatClock } from "./opening-hours";

describe("vehicleBadge", () => {
  it.each([
    [{ isNew: true, inStock: true }, "NEW"],
    [{ isNew: true, inStock: false }, "NEW"],
    [{ isNew: false, inStock: true }, "In Stock"],
    [{ isNew: false, inStock: false }, "Out of Stock"],
    [{ isNew: true, inStock: true, status: "on-hold" as const }, "On Hold"],
    [{ isNew: false, inStock: true, status: "available" as const }, "In Stock"],
  ])("%o → %s", (v, badge) => expect(vehicleBadge(v)).toBe(badge));
});

describe("vehicle status", () => {
  it("defaults to available for data written before statuses existed", () => {
    const { status: _s, ...old } = seedCatalogue()[0]!;
    expect(VehicleSchema.parse(old).status).toBe("available");
  });

  it("refuses an unknown status", () => {
    expect(VehicleSchema.safeParse({ ...seedCatalogue()[0], status: "gone" }).success).toBe(false);
  });
});

describe("vehicleIdFromName", () => {
  it("derives every seed vehicle's id from its name", () => {
    for (const v of seedCatalogue()) expect(vehicleIdFromName(v.name)).toBe(v.id);
  });
});

describe("slugs", () => {
  it.each([
    ["Denago EV City", "denago-ev-city"],
    ["D5 Ranger 2+2", "d5-ranger-2+2"],
    ["D6 Max  XT4", "d6-max-xt4"],
    [" Classic 4 Plus ", "classic-4-plus"],
  ])("modelSlug(%s) = %s", (name, slug) => expect(modelSlug(name)).toBe(slug));

  it.each([
    ["evolution-d5-ranger-4-plus", "d5-ranger-4-plus"],
    ["denago-ev-city", "denago-ev-city"],
    ["d6-max-xt4", "d6-max-xt4"],
  ])("featuredModelSlug(%s) = %s", (a, b) => expect(featuredModelSlug(a)).toBe(b));

  it.each([
    ["d5-ranger-2+2", "d5-ranger-2-plus-2"],
    ["evolution-d5-ranger-2-plus-2", "d5-ranger-2-plus-2"],
    ["EVolution D5 Maverick 4+2 Plus", "d5-maverick-4-plus-2-plus"],
    ["d5-ranger-2%2B2", "d5-ranger-2-plus-2"],
    ["DENAGO EV CITY", "ev-city"],
    ["%E0%A4%A", "e0-a4-a"],
  ])("vehicleKey(%s) = %s", (a, b) => expect(vehicleKey(a)).toBe(b));
});

describe("opening hours", () => {
  it.each([
    ["09:00", "9 AM"],
    ["12:00", "12 PM"],
    ["00:00", "12 AM"],
    ["17:30", "5:30 PM"],
  ])("formatClock(%s) = %s", (a, b) => expect(formatClock(a)).toBe(b));

  it("folds equal days into lines", () => {
    expect(hoursSummary()).toEqual([
      { days: "Mon-Sat", hours: "9 AM-5 PM" },
      { days: "Sun", hours: "Closed" },
    ]);
  });
});
