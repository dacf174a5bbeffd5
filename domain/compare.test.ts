import { describe, expect, it } from "vitest";
import { seedCatalogue } from "./catalogue";
import { compareRows } from "./compare";

describe("compareRows", () => {
  it("shows a model year as a year, not a count, and marks only the lines that differ", () => {
    const [a, b] = seedCatalogue();
    const rows = compareRows([
      { ...a!, year: 2025 },
      { ...b!, year: 2024 },
    ]);
    expect(rows.find((r) => r.label === "Year")).toEqual({ label: "Year", values: ["2025", "2024"], differs: true });
    expect(rows.find((r) => r.label === "Condition")?.differs).toBe(a!.condition !== b!.condition);
  });
});
