import { describe, expect, it } from "vitest";
import { dayLabel, daysFrom, holdsOn, whenText } from "./calendar";

describe("the desk's calendar", () => {
  it("names the days from a first one, across a month's end", () => {
    expect(daysFrom("2027-06-29", 4)).toEqual(["2027-06-29", "2027-06-30", "2027-07-01", "2027-07-02"]);
  });

  it("names each day once across the clock changes, whatever this computer's time zone", () => {
    expect(daysFrom("2027-03-13", 3)).toEqual(["2027-03-13", "2027-03-14", "2027-03-15"]);
    expect(daysFrom("2027-11-06", 3)).toEqual(["2027-11-06", "2027-11-07", "2027-11-08"]);
    expect(dayLabel("2027-03-14")).toEqual({ weekday: "Sun", date: "Mar 14" });
    expect(whenText("2027-03-14T02:30")).toBe("Mar 14, 2027, 2:30 AM");
  });

  it.each([
    // start, end, status, day, holds
    ["2027-06-10T10:00", "2027-06-17T10:00", "requested", "2027-06-10", true],
    ["2027-06-10T10:00", "2027-06-17T10:00", "confirmed", "2027-06-17", true],
    ["2027-06-10T10:00", "2027-06-17T10:00", "confirmed", "2027-06-09", false],
    ["2027-06-10T10:00", "2027-06-17T10:00", "confirmed", "2027-06-18", false],
    ["2027-06-10T10:00", "2027-06-17T00:00", "confirmed", "2027-06-17", false],
    ["2027-06-10T10:00", "2027-06-17T10:00", "declined", "2027-06-12", false],
    ["2027-06-10T10:00", "2027-06-17T10:00", "cancelled", "2027-06-12", false],
  ] as const)("%s to %s (%s) holds a cart on %s: %s", (start, end, status, day, holds) => {
    expect(holdsOn({ start, end, status }, day)).toBe(holds);
  });

  it("an unconfirmed request holds its cart until its hold lapses, as the server counts it", () => {
    const request = { start: "2027-06-10T10:00", end: "2027-06-17T10:00", status: "requested" as const, holdUntil: "2027-06-01T12:00:00.000Z" };
    expect(holdsOn(request, "2027-06-12", Date.parse("2027-06-01T11:59:00Z"))).toBe(true);
    expect(holdsOn(request, "2027-06-12", Date.parse("2027-06-01T12:00:00Z"))).toBe(false);
  });
});
