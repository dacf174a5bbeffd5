import { describe, expect, it } from "vitest";
import { cancellationRefundPercent } from "./rental-cancellation";

describe("cancellationRefundPercent", () => {
  it.each([
    [72, 100],
    [24.5, 100],
    [24, 50],
    [3, 50],
    [0.1, 50],
    [0, 0],
    [-2, 0],
    [null, 0],
  ])("%s hours before the start → %d%%", (hours, percent) => expect(cancellationRefundPercent(hours)).toBe(percent));
});
