import { describe, expect, it } from "vitest";
import { OPENING_HOURS } from "./opening-hours";
import { bookingDays, daySlots, formatSlot, localNow, nextFreeSlot, slotInstant, slotProblem, slotTimes, weekday } from "./test-drive";

// Wednesday 25 November 2026, 10:30 in Delaware (EST, UTC-5).
const NOW = new Date("2026-11-25T15:30:00Z");

describe("test-drive slots", () => {
  it("are the hours a whole drive fits in, none on a closed day", () => {
    expect(weekday("2026-11-29")).toBe("Sunday");
    expect(slotTimes(OPENING_HOURS, "2026-11-30")).toEqual(["09:00", "10:00", "11:00", "12:00", "13:00", "14:00", "15:00", "16:00"]);
    expect(slotTimes(OPENING_HOURS, "2026-11-29")).toEqual([]);
    expect(slotTimes({ ...OPENING_HOURS, Monday: { opens: "09:30", closes: "11:00" } }, "2026-11-30")).toEqual(["09:30"]);
  });

  it("read the site's wall clock, summer time included", () => {
    expect(localNow(NOW)).toEqual({ date: "2026-11-25", time: "10:30" });
    expect(slotInstant("2026-11-30T10:00").toISOString()).toBe("2026-11-30T15:00:00.000Z");
    expect(slotInstant("2026-07-06T10:00").toISOString()).toBe("2026-07-06T14:00:00.000Z");
    expect(formatSlot("2026-11-30T13:00")).toBe("Monday, November 30, 2026 at 1 PM");
  });

  it("started or booked are not free; days are the open ones of the next two weeks", () => {
    const today = daySlots(OPENING_HOURS, "2026-11-25", NOW, new Set(["2026-11-25T12:00"]));
    expect(today.filter((s) => s.free).map((s) => s.time)).toEqual(["11:00", "13:00", "14:00", "15:00", "16:00"]);
    const days = bookingDays(OPENING_HOURS, NOW);
    expect(days[0]).toBe("2026-11-25");
    expect(days).not.toContain("2026-11-29");
    expect(days.at(-1)).toBe("2026-12-08");
    expect(days).toHaveLength(12);
  });

  it("leave today out once its last slot has started, and on a closed day", () => {
    // Wednesday 25 November, 16:00 and 20:30 in Delaware: the 16:00 drive has started, so tomorrow comes first.
    for (const late of ["2026-11-25T21:00:00Z", "2026-11-26T01:30:00Z"]) {
      const days = bookingDays(OPENING_HOURS, new Date(late));
      expect(days[0]).toBe("2026-11-26");
      expect(days).toHaveLength(11);
    }
    expect(bookingDays(OPENING_HOURS, new Date("2026-11-25T20:59:00Z"))[0]).toBe("2026-11-25");
    // Sunday: closed, so Monday comes first.
    expect(bookingDays(OPENING_HOURS, new Date("2026-11-29T15:00:00Z"))[0]).toBe("2026-11-30");
  });

  it("say in words why a slot cannot be booked", () => {
    expect(slotProblem(OPENING_HOURS, "2026-11-25T10:00", NOW)).toMatch(/has passed/);
    expect(slotProblem(OPENING_HOURS, "2026-11-29T10:00", NOW)).toBe("We are closed on Sundays: please pick another day");
    expect(slotProblem(OPENING_HOURS, "2026-11-30T17:00", NOW)).toMatch(/on the hour, within our opening hours/);
    expect(slotProblem(OPENING_HOURS, "2026-12-09T10:00", NOW)).toMatch(/up to 14 days ahead/);
    expect(slotProblem(OPENING_HOURS, "2026-02-31T10:00", NOW)).toBe("Pick a day and a time for the test drive");
    expect(slotProblem(OPENING_HOURS, "2026-11-30T10:00", NOW)).toBeNull();
  });

  it("offer the next free slot, over a closed day when a day is full", async () => {
    const full = new Set(slotTimes(OPENING_HOURS, "2026-11-28").map((t) => `2026-11-28T${t}`));
    expect(await nextFreeSlot(OPENING_HOURS, "2026-11-28T09:00", NOW, async () => full)).toBe("2026-11-30T09:00");
    expect(await nextFreeSlot(OPENING_HOURS, "2026-11-25T11:00", NOW, async () => [])).toBe("2026-11-25T12:00");
  });
});
