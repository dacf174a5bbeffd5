import { describe, expect, it } from "vitest";
import { calculateEcoImpact, type EcoInput } from "./eco-calculator";

describe("calculateEcoImpact", () => {
  // Expected values worked by hand from the spec §9 "Eco calculator" formulas (docs/requirements.md).
  it.each<
    [
      EcoInput,
      { totalMiles: number; fuelSaved: number; co2Saved: number; costSaved: number; electricCost: number; netSavings: number; treesEquivalent: number },
    ]
  >([
    [
      { milesPerWeek: 25, usage: "recreational", years: 1 },
      { totalMiles: 1300, fuelSaved: 86.6667, co2Saved: 1698.6667, costSaved: 303.3333, electricCost: 23.4, netSavings: 279.9333, treesEquivalent: 14.014 },
    ],
    [
      { milesPerWeek: 100, usage: "golf-course", years: 10 },
      {
        totalMiles: 130000,
        fuelSaved: 8666.6667,
        co2Saved: 169866.6667,
        costSaved: 30333.3333,
        electricCost: 2340,
        netSavings: 27993.3333,
        treesEquivalent: 1401.4,
      },
    ],
    [
      { milesPerWeek: 10, usage: "residential", years: 3 },
      { totalMiles: 1872, fuelSaved: 124.8, co2Saved: 2446.08, costSaved: 436.8, electricCost: 33.696, netSavings: 403.104, treesEquivalent: 20.18016 },
    ],
    [
      { milesPerWeek: 1, usage: "commercial", years: 5 },
      { totalMiles: 520, fuelSaved: 34.6667, co2Saved: 679.4667, costSaved: 121.3333, electricCost: 9.36, netSavings: 111.9733, treesEquivalent: 5.6056 },
    ],
  ])("%o", (input, expected) => {
    const r = calculateEcoImpact(input);
    for (const [key, value] of Object.entries(expected)) {
      expect(r[key as keyof typeof r], key).toBeCloseTo(value, 3);
    }
  });
});
