import ICAL from "ical.js";
import { describe, expect, it } from "vitest";
import { icsCalendar, type CalendarEvent } from "./ics";

const NOW = new Date("2027-05-01T12:00:00Z");
const drive: CalendarEvent = {
  uid: "test-drive-abc@sussexgolfcarts.example",
  start: new Date("2027-05-03T14:00:00Z"),
  end: new Date("2027-05-03T14:30:00Z"),
  summary: "Test drive: Denago EV Rover XL6, stock #D-1042",
  description: 'Bring your driver\'s licence.\nWe meet you at the showroom; ask for sales, and say "test drive"; thanks!',
  location: "123 Main St, Georgetown, DE 19947",
  organizer: { name: "Sussex Golf Carts", email: "sales@sussexgolfcarts.example" },
  status: "confirmed",
};

/** The file as a calendar app reads it: parsed by ical.js, an RFC 5545 parser that does not share our writer's code. */
const parse = (text: string) => new ICAL.Component(ICAL.parse(text));

describe("icsCalendar", () => {
  it("writes a published calendar whose event a calendar parser reads back field for field", () => {
    const text = icsCalendar([drive], { name: "Sussex Golf Carts", now: NOW });
    const cal = parse(text);
    expect(cal.getFirstPropertyValue("method")).toBe("PUBLISH");
    const [vevent] = cal.getAllSubcomponents("vevent");
    const event = new ICAL.Event(vevent);
    expect(event.uid).toBe(drive.uid);
    expect(event.summary).toBe(drive.summary);
    expect(event.description).toBe(drive.description);
    expect(event.location).toBe(drive.location);
    expect(event.startDate.toJSDate().toISOString()).toBe("2027-05-03T14:00:00.000Z");
    expect(event.endDate.toJSDate().toISOString()).toBe("2027-05-03T14:30:00.000Z");
    expect(vevent!.getFirstPropertyValue("status")).toBe("CONFIRMED");
    expect(String(vevent!.getFirstPropertyValue("organizer"))).toBe("mailto:sales@sussexgolfcarts.example");
  });

  it("ends every line with CRLF and folds none longer than 75 octets, accents included", () => {
    const long = { ...drive, description: "Café déjà vu — ".repeat(20) };
    const text = icsCalendar([long], { name: "Sussex Golf Carts", now: NOW });
    expect(text.endsWith("\r\n")).toBe(true);
    const lines = text.split("\r\n").slice(0, -1);
    for (const line of lines) expect(new TextEncoder().encode(line).length).toBeLessThanOrEqual(75);
    expect(new ICAL.Event(parse(text).getFirstSubcomponent("vevent")!).description).toBe(long.description);
  });

  it("holds several events, e.g. a rental's delivery and its pickup", () => {
    const pickup = { ...drive, uid: "pickup@x", start: new Date("2027-05-10T14:00:00Z"), end: new Date("2027-05-10T15:00:00Z") };
    const text = icsCalendar([drive, pickup], { name: "Rentals", now: NOW });
    expect(
      parse(text)
        .getAllSubcomponents("vevent")
        .map((v) => v.getFirstPropertyValue("uid")),
    ).toEqual([drive.uid, "pickup@x"]);
  });

  it("refuses an event that does not end after it starts", () => {
    expect(() => icsCalendar([{ ...drive, end: drive.start }], { name: "x", now: NOW })).toThrow(/must end after it starts/);
  });
});
