import { describe, expect, it } from "vitest";
import { hashedName } from "./assets";

describe("hashedName", () => {
  it.each([
    ["site.css", /^site\.[0-9a-f]{10}\.css$/],
    ["menu.js", /^menu\.[0-9a-f]{10}\.js$/],
    ["a.b.css", /^a\.b\.[0-9a-f]{10}\.css$/],
    ["LICENSE", /^LICENSE\.[0-9a-f]{10}$/],
  ])("%s → %s", (name, pattern) => expect(hashedName(name, "body{}")).toMatch(pattern));

  it("changes with the content and only with it", () => {
    expect(hashedName("site.css", "a")).toBe(hashedName("site.css", "a"));
    expect(hashedName("site.css", "a")).not.toBe(hashedName("site.css", "b"));
  });
});
