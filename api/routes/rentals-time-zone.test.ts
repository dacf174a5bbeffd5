/**
 * Rental times follow the site's time zone (decision 0043's per-site `timeZone`): a shop in Chicago
 * quotes, refuses the past, applies the 2 PM same-day rule, stores instants, writes its `.ics` and draws the desk's
 * days on Chicago's clock, while the Eastern site beside it keeps its own; across a spring-forward night too.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { RENTAL_MESSAGES, type Reservation } from "../../domain/rental-booking";
import { fromLocalDateTime } from "../../domain/local-time";
import { rentalCalendar } from "../../domain/rental-booking-mail";
import { readFileSync } from "node:fs";
import { sitesFromExample } from "../../domain/site-seed";
import { fetchAsHost } from "../testing/host-fetch";
import { addAccount, call, signIn } from "../testing/staff-client";
import { startTestServer, type TestServer } from "../testing/test-server";

vi.setConfig({ testTimeout: 60_000, hookTimeout: 60_000 });

const CHICAGO = "America/Chicago";
/** 13:30 in Chicago (CDT, UTC-5) on Saturday 10 July 2027: 14:30 in New York. */
let clock = Date.parse("2027-07-10T18:30:00Z");
const OWNER = { email: "owner@example.com", password: "owner password 1" };

let s: TestServer;
let owner: string;
beforeAll(async () => {
  s = await startTestServer({}, undefined, { now: () => clock });
  const [capeMay] = sitesFromExample(JSON.parse(readFileSync(new URL("../../tests/fixtures/example-sites.json", import.meta.url), "utf8")));
  await s.sites.create({ ...capeMay!, domains: [...capeMay!.domains, "cape-may.localhost"], timeZone: CHICAGO });
  for (const site of ["cape-may", "sussex-coast"]) {
    const current = await s.rentals.settings(site);
    await s.rentals.setSettings(site, { fleet: { "4-seater": 4, "6-seater": 2, utility: 1 }, turnaroundHours: 2 }, current.version);
  }
  await addAccount(s.dataDir, OWNER.email, "owner", OWNER.password);
  owner = await signIn(s, OWNER.email, OWNER.password);
});
afterAll(() => s.close());

const cape = () => s.sites.get("cape-may")!;
const sussex = () => s.sites.get("sussex-coast")!;
/** A town of the site, for a delivery. */
const delivery = (site: ReturnType<typeof cape>) => ({ kind: "delivery" as const, street: "12 Ocean Ave", town: site.towns[0]!.slug });
const quote = (site: ReturnType<typeof cape>, start: string, end: string, d: object = { kind: "pickup" }) =>
  s.rentalDesk.quote(site, { plan: "4-seater", start, end, delivery: d as never, drivers: 0 });
const booking = (over: Record<string, unknown>) => ({
  plan: "4-seater",
  delivery: { kind: "pickup" },
  drivers: 0,
  firstName: "Ada",
  lastName: "Lovelace",
  email: "ada@example.com",
  phone: "302-555-0142",
  adult: true,
  agreement: true,
  ...over,
});
/** Post a booking to a site (by its host) and read back what was stored. */
async function reserve(host: string, over: Record<string, unknown>): Promise<Reservation> {
  const res = await fetchAsHost(`${s.url}/api/rentals/reservations`, host, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(booking(over)),
  });
  expect(res.status, await res.clone().text()).toBe(201);
  return (await s.rentals.byReference(((await res.json()) as { reference: string }).reference))!;
}

describe("a site in another time zone (America/Chicago)", () => {
  it("tells the widget its own zone and its date there", async () => {
    const at = async (time: string) => {
      clock = Date.parse(time);
      return (await (await fetchAsHost(`${s.url}/api/rentals/options`, "cape-may.localhost")).json()) as { timeZone: string; today: string };
    };
    const saved = clock;
    try {
      // 23:30 on 10 July in Chicago is already 11 July in New York and in UTC.
      expect(await at("2027-07-11T04:30:00Z")).toMatchObject({ timeZone: CHICAGO, today: "2027-07-10" });
      expect(await at("2027-07-11T05:30:00Z")).toMatchObject({ today: "2027-07-11" });
    } finally {
      clock = saved;
    }
    expect(s.rentalDesk.timeZone(sussex())).toBe("America/New_York");
  });

  it("applies the 2 PM same-day rule on its own clock: 13:30 in Chicago takes same-day delivery with the rush fee, 14:30 in New York refuses it", async () => {
    const chicago = await quote(cape(), "2027-07-10T16:00", "2027-07-11T16:00", delivery(cape()));
    expect(chicago).toMatchObject({ ok: true, quote: { rushFee: 50 } });
    expect(await quote(sussex(), "2027-07-10T16:00", "2027-07-11T16:00", delivery(sussex()))).toEqual({
      ok: false,
      errors: { start: RENTAL_MESSAGES.sameDayTooLate },
    });
  });

  it("refuses a start in the past on its own clock: 13:45 has not come in Chicago, but has in New York", async () => {
    expect((await quote(cape(), "2027-07-10T13:45", "2027-07-11T14:00")).ok).toBe(true);
    expect(await quote(cape(), "2027-07-10T13:29", "2027-07-11T14:00")).toMatchObject({ ok: false, errors: { start: RENTAL_MESSAGES.startPast } });
    expect(await quote(sussex(), "2027-07-10T13:45", "2027-07-11T14:00")).toMatchObject({ ok: false, errors: { start: RENTAL_MESSAGES.startPast } });
  });

  it("stores a booking's instants in Chicago time, and its .ics says the same instants", async () => {
    const r = await reserve("cape-may.localhost", { start: "2027-07-20T10:00", end: "2027-07-22T10:00" });
    expect(r).toMatchObject({ site: "cape-may", timeZone: CHICAGO, startsAt: "2027-07-20T15:00:00.000Z", endsAt: "2027-07-22T15:00:00.000Z" });
    const ics = rentalCalendar(r, cape(), new Date(clock));
    expect(ics).toContain("DTSTART:20270720T150000Z");
    expect(ics).toContain("DTSTART:20270722T150000Z");
    // The Eastern site's same wall clock is an hour earlier.
    const east = await reserve("localhost", { start: "2027-07-20T10:00", end: "2027-07-22T10:00" });
    expect(east).toMatchObject({ timeZone: "America/New_York", startsAt: "2027-07-20T14:00:00.000Z" });
  });

  it("counts a rental across Chicago's spring-forward night by its clock, 10:00 to 10:00 being one day of 23 hours, and puts it in the .ics at CST then CDT", async () => {
    clock = Date.parse("2027-03-01T15:00:00Z");
    try {
      const r = await reserve("cape-may.localhost", { start: "2027-03-13T10:00", end: "2027-03-14T10:00" });
      expect(r.quote.periods).toBe(1);
      expect(r).toMatchObject({ startsAt: "2027-03-13T16:00:00.000Z", endsAt: "2027-03-14T15:00:00.000Z" });
      const ics = rentalCalendar(r, cape(), new Date(clock));
      expect(ics).toContain("DTSTART:20270313T160000Z");
      expect(ics).toContain("DTSTART:20270314T150000Z");
      // A time the clocks skip (2:30 that night) is read as the hour after it on the new clock.
      expect(fromLocalDateTime("2027-03-14T02:30", CHICAGO).toISOString()).toBe("2027-03-14T08:30:00.000Z");
    } finally {
      clock = Date.parse("2027-07-10T18:30:00Z");
    }
  });

  it("moves a reservation on the site's clock", async () => {
    const r = await reserve("cape-may.localhost", { start: "2027-09-01T10:00", end: "2027-09-02T10:00" });
    const read = await call(s, "GET", `/api/staff/rentals/reservations/${r.id}`, { cookie: owner });
    const moved = await call(s, "POST", `/api/staff/rentals/reservations/${r.id}/move`, {
      cookie: owner,
      body: { start: "2027-09-03T09:00", end: "2027-09-04T09:00" },
      headers: { "if-match": read.headers.get("etag")! },
    });
    expect(moved.status).toBe(200);
    expect(await moved.json()).toMatchObject({ timeZone: CHICAGO, startsAt: "2027-09-03T14:00:00.000Z", endsAt: "2027-09-04T14:00:00.000Z" });
  });

  it("draws the desk's days on its clock: today, and a booking at 23:30 on a day, are Chicago's", async () => {
    const late = await reserve("cape-may.localhost", { start: "2027-08-02T23:30", end: "2027-08-04T10:00" });
    const day = async (d: string, site: string) =>
      (await (await call(s, "GET", `/api/staff/rentals/reservations?site=${site}${d && `&day=${d}`}&days=1`, { cookie: owner })).json()) as {
        day: string;
        today: string;
        timeZone: string;
        reservations: Reservation[];
      };
    const aug2 = await day("2027-08-02", "cape-may");
    expect(aug2).toMatchObject({ day: "2027-08-02", timeZone: CHICAGO, today: "2027-07-10" });
    // 23:30 CDT is 00:30 the next day in New York: still 2 August on Chicago's calendar.
    expect(aug2.reservations.map((r) => r.id)).toContain(late.id);
    // Without a day, the calendar starts on the site's today: 23:30 on 10 July in Chicago is already 11 July in New York.
    clock = Date.parse("2027-07-11T04:30:00Z");
    owner = await signIn(s, OWNER.email, OWNER.password);
    try {
      expect((await day("", "cape-may")).day).toBe("2027-07-10");
      expect((await day("", "sussex-coast")).day).toBe("2027-07-11");
    } finally {
      clock = Date.parse("2027-07-10T18:30:00Z");
    }
  });
});
