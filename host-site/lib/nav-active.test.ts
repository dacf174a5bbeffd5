import { describe, expect, it } from "vitest";
import { isActivePath } from "./nav-active";

describe("isActivePath", () => {
  it.each([
    ["/", "/", true],
    ["/", "/inventory", false],
    ["/", "/about", false],
    ["/inventory", "/inventory", true],
    ["/inventory", "/inventory/filters", true],
    ["/inventory", "/inventory-sale", false],
    ["/about", "/about", true],
    ["/about", "/eco-impact", false],
    ["/contact", "/", false],
    ["/rentals", "/policies/rental-policy", false],
  ])("item %s on %s → %s", (item, current, active) => expect(isActivePath(item, current)).toBe(active));
});
