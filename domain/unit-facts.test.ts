import { describe, expect, it } from "vitest";
import { seedCatalogue } from "./catalogue/seed";
import { publicVehicle } from "./public-vehicle";
import { unitFacts } from "./unit-facts";
import type { Vehicle } from "./vehicle";

const base = seedCatalogue()[0]!;
const facts = (over: Partial<Vehicle>) => unitFacts(publicVehicle({ ...base, ...over })).map((f) => `${f.label}: ${f.value}`);

describe("a unit's facts as the public reads them", () => {
  it.each([
    ["a seeded unit", {}, ["Stock number: D-1001", "Year: 2025", "Colour: Arctic White", "Condition: New"]],
    [
      "a used street-legal unit with its VIN, hours and odometer",
      { condition: "used", vin: "1M8GDM9AXKP042788", streetLegal: true, hours: 1_250, odometer: 3_400 },
      [
        "Stock number: D-1001",
        "Year: 2025",
        "Colour: Arctic White",
        "Condition: Used",
        "VIN: 1M8GDM9AXKP042788",
        "Street legal: Yes (LSV with title)",
        "Hours: 1,250 hours",
        "Odometer: 3,400 miles",
      ],
    ],
    ["a model with no unit fields", { stockNumber: undefined, year: undefined, color: undefined }, ["Condition: New"]],
    [
      "a golf cart with its serial",
      { serialNumber: "EV2403-118842", streetLegal: false },
      ["Stock number: D-1001", "Year: 2025", "Colour: Arctic White", "Condition: New", "Serial number: EV2403-118842", "Street legal: No"],
    ],
  ] as const)("%s", (_what, over, expected) => expect(facts(over as Partial<Vehicle>)).toEqual(expected));

  it("never names the cost", () => {
    expect(facts({ cost: 6_100 }).join(" ")).not.toMatch(/6,?100|cost/i);
  });
});
