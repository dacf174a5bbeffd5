import { describe, expect, it } from "vitest";
import { formatUsd, formatUsdRate } from "./money";
import { formatNumber, type FractionDigits } from "./number-format";

describe("formatNumber", () => {
  it.each<[number, FractionDigits, string]>([
    [0, {}, "0"],
    [999, {}, "999"],
    [1000, {}, "1,000"],
    [1234567.89, {}, "1,234,568"],
    [1698.67, {}, "1,699"],
    [2.5, {}, "3"],
    [-2.5, {}, "-3"],
    [-0.2, {}, "0"],
    [0.849, { min: 2, max: 2 }, "0.85"],
    [1.005, { min: 2, max: 2 }, "1.01"],
    [3, { min: 2, max: 2 }, "3.00"],
    [1200, { max: 3 }, "1,200"],
    [12.5, { max: 3 }, "12.5"],
    [0.0004, { max: 3 }, "0"],
    [1e-7, { min: 2, max: 2 }, "0.00"],
    [1e21, {}, "1,000,000,000,000,000,000,000"],
    [Number.NaN, {}, "NaN"],
  ])("%d with %o → %s", (n, digits, text) => expect(formatNumber(n, digits)).toBe(text));

  it("agrees with Intl's en-US output on 20,000 values of every size", () => {
    // A fixed linear congruential sequence: the same values on every run.
    let seed = 42;
    const next = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
    const cases: [FractionDigits, Intl.NumberFormat][] = [
      [{}, new Intl.NumberFormat("en-US", { maximumFractionDigits: 0 })],
      [{ min: 2, max: 2 }, new Intl.NumberFormat("en-US", { minimumFractionDigits: 2, maximumFractionDigits: 2 })],
      [{ max: 3 }, new Intl.NumberFormat("en-US", { maximumFractionDigits: 3 })],
    ];
    for (let i = 0; i < 20_000; i++) {
      const value = (next() - 0.3) * 10 ** Math.floor(next() * 10);
      // Decimal ties (x.5, x.125…) as well as arbitrary doubles.
      const n = i % 2 ? value : Math.round(value * 8) / 8;
      for (const [digits, intl] of cases) {
        const expected = intl.format(n).replace(/^-(0(\.0+)?)$/, "$1");
        expect(formatNumber(n, digits), `${n} ${JSON.stringify(digits)}`).toBe(expected);
      }
    }
  });
});

describe("formatUsd", () => {
  it.each([
    [0, "$0"],
    [999, "$999"],
    [12995, "$12,995"],
    [15000, "$15,000"],
    [1234567.89, "$1,234,568"],
    [0.5, "$1"],
    [-42.4, "-$42"],
  ])("%d → %s", (n, s) => expect(formatUsd(n)).toBe(s));
  it.each([
    [228.34, "$228.34"],
    [116.67, "$116.67"],
    [228.345, "$228.35"],
    [150, "$150"],
    [-12.5, "-$12.50"],
  ])("rate %d → %s", (n, s) => expect(formatUsdRate(n)).toBe(s));
});
