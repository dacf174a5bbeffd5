import { describe, expect, it } from "vitest";
import { seedCatalogue } from "./catalogue/seed";
import { publicVehicle, STAFF_ONLY_VEHICLE_FIELDS } from "./public-vehicle";
import type { Vehicle } from "./vehicle";

describe("the public view of a vehicle", () => {
  const unit: Vehicle = { ...seedCatalogue()[0]!, cost: 6_100, vin: "1M8GDM9AXKP042788", receivedAt: "2026-09-01" };

  it("leaves out every staff-only field and keeps every other one", () => {
    const shown = publicVehicle(unit);
    for (const field of STAFF_ONLY_VEHICLE_FIELDS) expect(field in shown).toBe(false);
    const { cost: _cost, ...rest } = unit;
    expect(shown).toEqual(rest);
    expect(unit.cost).toBe(6_100);
  });

  it("is made once per version of a vehicle, so bodies prepared from it are too", () => {
    expect(publicVehicle(unit)).toBe(publicVehicle(unit));
    expect(publicVehicle(publicVehicle(unit))).toEqual(publicVehicle(unit));
  });
});
