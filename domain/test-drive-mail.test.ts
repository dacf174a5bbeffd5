import ICAL from "ical.js";
import { describe, expect, it } from "vitest";
import type { Lead } from "./lead";
import { firstSite } from "./site-seed";
import { composeTestDriveMail, isBookedTestDrive } from "./test-drive-mail";

const site = firstSite();
const NOW = new Date("2027-01-04T12:00:00Z");
const lead = (over: Partial<Lead> = {}): Lead => ({
  id: "lead-1",
  createdAt: NOW.toISOString(),
  firstName: `<img src=x onerror="alert(1)">`,
  lastName: "Reyes",
  email: "dana@example.com",
  phone: "302-555-0100",
  interest: "sales",
  message: "Test drive, please.",
  kind: "test-drive",
  vehicleId: "denago-rover-xl6",
  slot: "2027-01-05T10:00",
  vehicle: { id: "denago-rover-xl6", name: "Denago EV Rover XL6", brand: "DENAGO", stockNumber: "D-1042" },
  origin: null,
  source: null,
  site: site.id,
  delivery: { status: "pending", attempts: 0 },
  ...over,
});

/** The mail's calendar file as a calendar app reads it (ical.js does not share our writer's code). */
const eventOf = (ics: string) => new ICAL.Event(new ICAL.Component(ICAL.parse(ics)).getFirstSubcomponent("vevent")!);

describe("the test-drive confirmation mail", () => {
  it.each([
    ["winter (EST, UTC-5)", "2027-01-05T10:00", "2027-01-05T15:00:00.000Z", "2027-01-05T16:00:00.000Z"],
    ["summer (EDT, UTC-4)", "2027-07-06T15:00", "2027-07-06T19:00:00.000Z", "2027-07-06T20:00:00.000Z"],
  ])("its calendar file holds the hour-long drive at the showroom, in the site's time zone: %s", (_, slot, start, end) => {
    const booked = lead({ slot });
    if (!isBookedTestDrive(booked)) throw new Error("not booked");
    const m = composeTestDriveMail(booked, site, NOW);
    const event = eventOf(m.ics.content);
    expect(event.startDate.toJSDate().toISOString()).toBe(start);
    expect(event.endDate.toJSDate().toISOString()).toBe(end);
    expect(event.summary).toBe("Test drive: Denago EV Rover XL6, stock #D-1042");
    expect(event.location).toBe(`${site.name}, ${site.address.street}, ${site.address.city}, ${site.address.region} ${site.address.postalCode}`);
    expect(event.uid).toBe(`test-drive-lead-1@${site.domains[0]}`);
    expect(m.ics.filename).toBe("test-drive.ics");
  });

  it("names the cart, the day and the time, to the visitor, and shows what they typed as text", () => {
    const booked = lead();
    if (!isBookedTestDrive(booked)) throw new Error("not booked");
    const m = composeTestDriveMail(booked, site, NOW);
    expect(m.to).toEqual({ name: `<img src=x onerror="alert(1)"> Reyes`, address: "dana@example.com" });
    expect(m.subject).toBe("Test drive booked: Denago EV Rover XL6, stock #D-1042, Tuesday, January 5, 2027 at 10 AM");
    expect(m.text).toContain("When: Tuesday, January 5, 2027 at 10 AM (60 minutes)");
    expect(m.html).not.toContain("<img");
    expect(m.html).toContain("&lt;img src=x onerror=&quot;alert(1)&quot;&gt; Reyes");
  });

  it("is written only for a test drive with its cart and slot", () => {
    expect(isBookedTestDrive(lead())).toBe(true);
    expect(isBookedTestDrive(lead({ kind: "quote", slot: undefined }))).toBe(false);
    expect(isBookedTestDrive(lead({ vehicle: undefined }))).toBe(false);
  });
});
