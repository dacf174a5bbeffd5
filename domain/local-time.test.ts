import { describe, expect, it } from "vitest";
import { addMonths, daysBetween, formatDay, toLocalDateTime } from "./local-time";

/** The wall clock as Intl reads it, one formatter call per instant: what the hour cache must always agree with. */
const direct = (instant: number, timeZone: string) => {
  const p = Object.fromEntries(
    new Intl.DateTimeFormat("en-US", { timeZone, hourCycle: "h23", year: "numeric", month: "2-digit", day: "2-digit", hour: "2-digit", minute: "2-digit" })
      .formatToParts(new Date(instant))
      .map((x) => [x.type, x.value]),
  );
  return `${p.year}-${p.month}-${p.day}T${p.hour}:${p.minute}`;
};

describe("toLocalDateTime", () => {
  // Zones whose clock changes fall inside a UTC hour (St John's, Lord Howe's half-hour shift) or whose offsets are not whole hours.
  const zones = ["America/New_York", "America/St_Johns", "Australia/Lord_Howe", "Asia/Kathmandu", "Asia/Kolkata", "Europe/London", "UTC"];

  it("agrees with the zone's formatter on every minute around each 2027 clock change", () => {
    const changes: [string, number][] = [
      ["America/New_York", Date.UTC(2027, 2, 14, 7)],
      ["America/New_York", Date.UTC(2027, 10, 7, 6)],
      ["America/St_Johns", Date.UTC(2027, 2, 14, 5, 30)],
      ["America/St_Johns", Date.UTC(2027, 10, 7, 4, 30)],
      ["Australia/Lord_Howe", Date.UTC(2027, 3, 3, 15)],
      ["Australia/Lord_Howe", Date.UTC(2027, 9, 2, 15, 30)],
    ];
    for (const [zone, at] of changes) {
      // Minutes out of order, so an hour is first met at its end as often as at its start.
      for (let m = 120; m >= -120; m -= 7) expect(toLocalDateTime(at + m * 60_000, zone), `${zone} ${m}`).toBe(direct(at + m * 60_000, zone));
      for (const s of [-1001, -1, 0, 1, 59_999]) expect(toLocalDateTime(at + s, zone)).toBe(direct(at + s, zone));
    }
  });

  it("agrees with the zone's formatter over a spread of instants from 1990 to 2040", () => {
    let t = Date.UTC(1990, 0, 1);
    for (let i = 0; i < 3_000; i++) {
      t += 523_987_337 + (i % 13) * 61_001; // about six days, never on a whole minute twice alike
      for (const zone of zones) expect(toLocalDateTime(t, zone), `${zone} ${new Date(t).toISOString()}`).toBe(direct(t, zone));
    }
  });
});

describe("calendar days", () => {
  it.each([
    ["2027-01-15", 1, "2027-02-15"],
    ["2027-01-31", 1, "2027-02-28"],
    ["2028-01-31", 1, "2028-02-29"],
    ["2028-01-31", 2, "2028-03-31"],
    ["2027-10-15", 6, "2028-04-15"],
  ])("%s plus %i months is %s", (day, n, out) => expect(addMonths(day, n)).toBe(out));

  it.each([
    ["2027-02-28", "2027-03-01", 1],
    ["2028-02-28", "2028-03-01", 2],
    ["2027-03-13", "2027-03-15", 2],
    ["2027-01-01", "2028-01-01", 365],
  ])("%s to %s is %i days, whatever clock change falls between", (from, to, n) => expect(daysBetween(from, to)).toBe(n));

  it("words a day as people read it", () => expect(formatDay("2028-02-29")).toBe("February 29, 2028"));
});
