import { describe, expect, it } from "vitest";
import { TOWNS, nearbyTowns } from "./towns";

const town = (name: string) => TOWNS.find((t) => t.name === name)!;

describe("nearbyTowns", () => {
  it("lists the nearest other towns first", () => {
    const near = nearbyTowns(town("Bethany Beach"), TOWNS).map((t) => t.name);
    expect(near).toHaveLength(4);
    expect(near).not.toContain("Bethany Beach");
    expect(near[0]).toBe("South Bethany");
  });
});
