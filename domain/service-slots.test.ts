import { describe, expect, it } from "vitest";
import { fromLocalDateTime } from "./local-time";
import { hoursSummary } from "./opening-hours";
import {
  SERVICE_HOURS,
  changeIsFree,
  serviceDays,
  serviceSlotProblem,
  serviceWindows,
  siteServiceHours,
  unavailableText,
  type SlotContext,
} from "./service-slots";
import { SiteSchema } from "./site";
import { firstSite } from "./site-seed";

const TZ = "America/New_York";
const local = (s: string) => fromLocalDateTime(s, TZ);
/** Monday 30 August 2027, 7:30 AM at the shop. */
const NOW = local("2027-08-30T07:30");
const ctx = (over: Partial<SlotContext> = {}): SlotContext => ({
  hours: SERVICE_HOURS,
  capacity: { baysPerDay: 4, pickupsPerDay: 2 },
  booked: {},
  handover: "drop-off",
  now: NOW,
  timeZone: TZ,
  ...over,
});
const labels = (days: ReturnType<typeof serviceDays>) =>
  Object.fromEntries(days.map((d) => [d.date, d.windows.map((w) => w.label).join(", ") || d.unavailable]));

describe("service hours", () => {
  it("read as the service card says them, Sunday without hours", () => {
    expect(hoursSummary(SERVICE_HOURS)).toEqual([
      { days: "Mon-Fri", hours: "8 AM-5 PM" },
      { days: "Sat", hours: "9 AM-3 PM" },
      { days: "Sun", hours: "Closed" },
    ]);
  });

  it("are the default of a site that sets none, and a site's own when it does", () => {
    const site = firstSite();
    expect(siteServiceHours(site)).toBe(SERVICE_HOURS);
    const own = SiteSchema.parse({ ...site, serviceHours: { ...SERVICE_HOURS, Saturday: null } });
    expect(siteServiceHours(own).Saturday).toBeNull();
  });
});

describe("serviceWindows", () => {
  it.each([
    ["2027-08-30", "8 AM-10 AM, 10 AM-12 PM, 12 PM-2 PM, 2 PM-4 PM, 4 PM-5 PM"],
    ["2027-09-04", "9 AM-11 AM, 11 AM-1 PM, 1 PM-3 PM"],
    ["2027-09-05", ""],
  ])("on %s: %s", (date, text) =>
    expect(
      serviceWindows(SERVICE_HOURS, date)
        .map((w) => w.label)
        .join(", "),
    ).toBe(text),
  );

  it("leaves out a last window shorter than an hour", () => {
    const hours = { ...SERVICE_HOURS, Monday: { opens: "08:00", closes: "12:30" } };
    expect(serviceWindows(hours, "2027-08-30").map((w) => w.slot)).toEqual(["2027-08-30T08:00", "2027-08-30T10:00"]);
  });
});

describe("serviceDays", () => {
  it("offers a drop-off two hours ahead, Saturday's shorter day, and no Sunday", () => {
    expect(labels(serviceDays("2027-08-30", "2027-09-05", ctx({ now: local("2027-08-30T09:30") })))).toMatchObject({
      "2027-08-30": "12 PM-2 PM, 2 PM-4 PM, 4 PM-5 PM",
      "2027-08-31": "8 AM-10 AM, 10 AM-12 PM, 12 PM-2 PM, 2 PM-4 PM, 4 PM-5 PM",
      "2027-09-04": "9 AM-11 AM, 11 AM-1 PM, 1 PM-3 PM",
      "2027-09-05": "emergency-only",
    });
  });

  it("offers a pickup a day ahead, so today is too soon", () => {
    const days = serviceDays("2027-08-30", "2027-08-31", ctx({ handover: "pickup", now: local("2027-08-30T09:30") }));
    expect(labels(days)).toEqual({ "2027-08-30": "too-soon", "2027-08-31": "10 AM-12 PM, 12 PM-2 PM, 2 PM-4 PM, 4 PM-5 PM" });
  });

  it("offers no window on a day whose bays are booked, nor a pickup once the truck's round is full", () => {
    const booked = { "2027-09-01": { appointments: 4, pickups: 0 }, "2027-09-02": { appointments: 2, pickups: 2 } };
    expect(labels(serviceDays("2027-09-01", "2027-09-02", ctx({ booked })))).toEqual({
      "2027-09-01": "full",
      "2027-09-02": "8 AM-10 AM, 10 AM-12 PM, 12 PM-2 PM, 2 PM-4 PM, 4 PM-5 PM",
    });
    expect(labels(serviceDays("2027-09-01", "2027-09-02", ctx({ booked, handover: "pickup" })))).toEqual({ "2027-09-01": "full", "2027-09-02": "full" });
  });

  it("offers days up to eight weeks ahead, today included", () => {
    const days = serviceDays("2027-10-24", "2027-10-30", ctx());
    expect(days.map((d) => d.date)).toEqual(["2027-10-24"]);
  });

  it("offers nothing in the past", () => {
    expect(labels(serviceDays("2027-08-27", "2027-08-28", ctx()))).toEqual({ "2027-08-27": "too-soon", "2027-08-28": "too-soon" });
  });

  describe("across a clock change, a site open on Sundays counts real hours of lead", () => {
    const hours = { ...SERVICE_HOURS, Sunday: { opens: "09:00", closes: "15:00" } };
    it("in spring, 11 AM Sunday is 23½ hours after 10:30 AM Saturday: too soon for a pickup", () => {
      const days = serviceDays("2027-03-14", "2027-03-14", ctx({ hours, handover: "pickup", now: local("2027-03-13T10:30") }));
      expect(labels(days)).toEqual({ "2027-03-14": "1 PM-3 PM" });
    });
    it("in autumn, 11 AM Sunday is 24½ hours after 11:30 AM Saturday: offered", () => {
      const days = serviceDays("2027-11-07", "2027-11-07", ctx({ hours, handover: "pickup", now: local("2027-11-06T11:30") }));
      expect(labels(days)).toEqual({ "2027-11-07": "11 AM-1 PM, 1 PM-3 PM" });
    });
  });
});

describe("unavailableText", () => {
  it.each([
    ["emergency-only", "Sunday, September 5, 2027: emergencies only, call (302) 555-0199"],
    ["full", "Sunday, September 5, 2027: fully booked"],
    ["too-soon", "Sunday, September 5, 2027: too late to book online, call (302) 555-0199"],
  ] as const)("%s", (unavailable, text) => expect(unavailableText({ date: "2027-09-05", windows: [], unavailable }, "(302) 555-0199")).toBe(text));
});

describe("serviceSlotProblem", () => {
  it.each([
    ["2027-08-31T08:00", null],
    ["2027-09-05T10:00", "We take no bookings on Sundays: pick another day, or call us in an emergency"],
    ["2027-08-30T08:00", "That window starts too soon: please pick a later window"],
    ["2027-08-31T09:00", "Please pick one of the windows offered"],
    ["2027-02-30T08:00", "Pick a day and a time window"],
    ["2027-10-25T08:00", "Service can be booked up to 8 weeks ahead: please pick an earlier day"],
  ])("%s", (slot, problem) => expect(serviceSlotProblem(slot, ctx())).toBe(problem));

  it("refuses a full day and a pickup too soon, in words", () => {
    expect(serviceSlotProblem("2027-08-31T08:00", ctx({ booked: { "2027-08-31": { appointments: 4, pickups: 1 } } }))).toBe(
      "That day is fully booked: please pick another day",
    );
    expect(serviceSlotProblem("2027-08-31T06:00", ctx({ handover: "pickup" }))).toBe("Please pick one of the windows offered");
    expect(serviceSlotProblem("2027-08-30T16:00", ctx({ handover: "pickup" }))).toBe("That window starts too soon: a pickup is booked at least a day ahead");
  });
});

describe("changeIsFree", () => {
  it.each([
    ["2027-08-31T10:00", "2027-08-30T10:00", true],
    ["2027-08-31T10:00", "2027-08-30T10:01", false],
    // Spring forward: 10 AM Saturday to 10 AM Sunday is only 23 hours.
    ["2027-03-14T10:00", "2027-03-13T10:00", false],
    ["2027-03-14T10:00", "2027-03-13T09:00", true],
  ])("a change to the %s appointment at %s: %s", (slot, at, free) => expect(changeIsFree(slot, local(at), TZ)).toBe(free));
});
