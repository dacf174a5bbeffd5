import { describe, expect, it } from "vitest";
import { BoundedCache } from "./bounded-cache";

describe("BoundedCache", () => {
  it("keeps at most its limit in bytes, forgetting the least recently used first", () => {
    const cache = new BoundedCache<string, string>(10, (s) => s.length);
    cache.set("a", "aaaa");
    cache.set("b", "bbbb");
    // "a" used again, so "b" is the least recent when "c" comes.
    expect(cache.get("a")).toBe("aaaa");
    cache.set("c", "cccc");
    expect(cache.get("b")).toBeUndefined();
    expect([cache.get("a"), cache.get("c")]).toEqual(["aaaa", "cccc"]);
    expect([cache.size, cache.bytes]).toEqual([2, 8]);
  });

  it("counts a value again when it is used, as it grows (a body's compressed forms)", () => {
    const grown = { bytes: 2 };
    const cache = new BoundedCache<string, { bytes: number }>(10, (v) => v.bytes);
    cache.set("old", { bytes: 6 });
    cache.set("grown", grown);
    grown.bytes = 5;
    cache.get("grown");
    expect(cache.get("old")).toBeUndefined();
    expect(cache.bytes).toBe(5);
  });

  it("keeps no value heavier than its limit, and forgets by key", () => {
    const cache = new BoundedCache<string, string>(3, (s) => s.length);
    cache.set("big", "four");
    expect([cache.size, cache.bytes]).toEqual([0, 0]);
    cache.set("s1:a", "a");
    cache.set("s2:a", "b");
    cache.deleteWhere((k) => k.startsWith("s1:"));
    expect([cache.get("s1:a"), cache.get("s2:a"), cache.bytes]).toEqual([undefined, "b", 1]);
  });
});
