import { seedCatalogue } from "../../domain/catalogue/seed";
import { matchesSearch } from "./inventory-search";

const city = seedCatalogue().find((v) => v.id === "denago-ev-city")!;

describe("staff inventory search", () => {
  it.each([
    ["", true],
    ["city", true],
    ["CITY denago", true],
    ["denago-ev-city", true],
    ["ev city", true],
    ["available", true],
    ["sold", false],
    ["city forester", false],
  ])("%j matches: %s", (query, expected) => {
    expect(matchesSearch(city, query)).toBe(expected);
  });

  it("finds a vehicle by its status", () => {
    expect(matchesSearch({ ...city, status: "on-hold" }, "on-hold")).toBe(true);
  });
});
