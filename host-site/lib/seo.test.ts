import { describe, expect, it } from "vitest";
import { firstSite } from "../../domain/site-seed";
import { keywordList, truncate } from "./seo";
import { siteFacts } from "./site-facts";

describe("keywordList", () => {
  it.each([
    [[], "golf carts, electric golf carts, Sussex County, Delaware"],
    [["Lewes golf carts", "Golf Carts"], "Lewes golf carts, Golf Carts, electric golf carts, Sussex County, Delaware"],
    [[" rentals ", ""], "rentals, golf carts, electric golf carts, Sussex County, Delaware"],
  ])("%o", (own, text) => expect(keywordList(siteFacts(firstSite()), own)).toBe(text));
});

describe("truncate", () => {
  it.each([
    ["short text", 20, "short text"],
    ["  spaced   out  ", 20, "spaced out"],
    ["one two three four five", 14, "one two three…"],
    ["one two, three four five", 12, "one two…"],
    ["abcdefghijklmnopqrstuvwxyz", 10, "abcdefghi…"],
  ])("%s at %d → %s", (text, max, out) => {
    expect(truncate(text, max)).toBe(out);
    expect(truncate(text, max).length).toBeLessThanOrEqual(max);
  });
});
