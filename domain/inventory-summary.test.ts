import { describe, expect, it } from "vitest";
import { inventorySummary, wordList } from "./inventory-summary";
import { testVehicle } from "./testing/test-vehicle";

const units = (n: number, brand: string, condition: "new" | "used" = "new") =>
  Array.from({ length: n }, (_, i) => testVehicle(`${brand}-${condition}-${i}`, { brand, condition, isNew: condition === "new" }));

describe("inventorySummary", () => {
  it.each([
    ["only new carts of two brands", [...units(20, "Evolution"), ...units(15, "Denago")], "35 new electric golf carts and LSVs from Evolution and Denago"],
    [
      "used units of other brands beside them",
      [...units(20, "Denago"), ...units(15, "Evolution"), ...units(1, "Club Car", "used"), ...units(1, "EZ-GO", "used")],
      "37 electric golf carts and LSVs, 35 new and 2 used, from Denago, Evolution, Club Car and EZ-GO",
    ],
    ["only used units", units(2, "Club Car", "used"), "2 used electric golf carts and LSVs from Club Car"],
    [
      "more brands than it names, the most stocked first",
      [...units(1, "Swift EV"), ...units(3, "Denago"), ...units(2, "Evolution"), ...units(1, "Tomberlin"), ...units(1, "Club Car"), ...units(1, "EZ-GO")],
      "9 new electric golf carts and LSVs from Denago, Evolution, Swift EV, Tomberlin and 2 other brands",
    ],
    [
      "one brand past the named",
      [...units(2, "A"), ...units(2, "B"), ...units(2, "C"), ...units(2, "D"), ...units(1, "E")],
      "9 new electric golf carts and LSVs from A, B, C, D and 1 other brand",
    ],
    ["an empty inventory", [], "0 new electric golf carts and LSVs"],
    ["thousands", units(1200, "Denago"), "1,200 new electric golf carts and LSVs from Denago"],
  ])("%s", (_what, vehicles, expected) => {
    expect(inventorySummary(vehicles)).toBe(expected);
  });
});

describe("wordList", () => {
  it.each([
    [[], ""],
    [["a"], "a"],
    [["a", "b"], "a and b"],
    [["a", "b", "c"], "a, b and c"],
  ])("%j → %j", (words, expected) => {
    expect(wordList(words)).toBe(expected);
  });
});
