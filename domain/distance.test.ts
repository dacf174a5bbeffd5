import { describe, expect, it } from "vitest";
import { distanceMiles } from "./distance";

const GEORGETOWN = { lat: 38.6901, lng: -75.3855 };

describe("distanceMiles", () => {
  it.each([
    ["the same point", GEORGETOWN, 0, 0],
    ["Lewes", { lat: 38.7746, lng: -75.1393 }, 14, 15],
    ["Rehoboth Beach", { lat: 38.7209, lng: -75.076 }, 16, 17.5],
    ["Delmar", { lat: 38.456, lng: -75.5771 }, 19, 20],
    ["one degree of latitude", { lat: 39.6901, lng: -75.3855 }, 69, 69.2],
  ])("Georgetown to %s", (_name, to, min, max) => {
    const d = distanceMiles(GEORGETOWN, to);
    expect(d).toBeGreaterThanOrEqual(min);
    expect(d).toBeLessThanOrEqual(max);
  });
  it("is symmetric", () => {
    const a = { lat: 38.5, lng: -75.1 };
    expect(distanceMiles(a, GEORGETOWN)).toBeCloseTo(distanceMiles(GEORGETOWN, a), 9);
  });
});
