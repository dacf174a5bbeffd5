import { describe, expect, it } from "vitest";
import { earliestDay } from "./booking-form";

const options = { timeZone: "America/New_York", today: "2027-06-12", towns: [] };

describe("earliestDay", () => {
  it("is the server's date while the site's day is the same", () => {
    expect(earliestDay(options, new Date("2027-06-12T15:00:00Z"))).toBe("2027-06-12");
  });

  it("moves on past the site's midnight on a page left open, not the visitor's or UTC's", () => {
    // 00:30 in Delaware on the 13th.
    expect(earliestDay(options, new Date("2027-06-13T04:30:00Z"))).toBe("2027-06-13");
    // 23:30 in Delaware on the 12th, already the 13th in UTC.
    expect(earliestDay(options, new Date("2027-06-13T03:30:00Z"))).toBe("2027-06-12");
  });

  it("keeps the server's date when the visitor's clock is behind it", () => {
    expect(earliestDay(options, new Date("2027-06-10T12:00:00Z"))).toBe("2027-06-12");
  });
});
