import { describe, expect, it } from "vitest";
import { BoundedCache } from "./bounded-cache";

describe("BoundedCache", () => {
  it("makes a value once, keeps at most its limit, and forgets the least recently used first", () => {
    const cache = new BoundedCache<string, number>(2);
    let made = 0;
    const make = () => ++made;
    expect(cache.get("a", make)).toBe(1);
    expect(cache.get("a", make)).toBe(1);
    cache.get("b", make);
    // "a" used again, so "b" is the least recent when "c" comes.
    cache.get("a", make);
    cache.get("c", make);
    expect(cache.size).toBe(2);
    expect(cache.get("a", make)).toBe(1);
    expect(cache.get("b", make)).toBe(4);
    cache.clear();
    expect(cache.size).toBe(0);
  });
});
