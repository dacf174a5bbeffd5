import { describe, expect, it } from "vitest";
import { specLabel, specValue } from "./spec-label";

describe("specification labels and values", () => {
  it.each([
    ["seatingCapacity", "Seating Capacity"],
    ["battery_type", "Battery Type"],
    ["topSpeed", "Top Speed"],
    ["vehicleType", "Vehicle Type"],
    ["range", "Range"],
  ])("specLabel(%s) = %s", (k, label) => expect(specLabel(k)).toBe(label));

  it.each<[unknown, string]>([
    [1200, "1,200"],
    [true, "Yes"],
    [false, "No"],
    [["a", 2], "a, 2"],
    ["40 miles", "40 miles"],
    [null, ""],
  ])("specValue(%j) = %s", (v, text) => expect(specValue(v)).toBe(text));
});
