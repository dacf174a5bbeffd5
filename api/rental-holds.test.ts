/**
 * What a stranger can hold of the rental fleet, on both engines: a start past the site's booking horizon is refused
 * in words (9999-12-30 too); a request holds its cart 48 hours unless its renter confirms their e-mail by the signed
 * link of the "request received" mail, and then until staff decide; one e-mail or one client address holds at most 3
 * unconfirmed requests (the fourth: 429 in words). Real servers on loopback, a second client address on 127.0.0.2.
 */
import { afterAll, describe, expect, it, vi } from "vitest";
import { horizonMessage, tooManyUnconfirmedMessage, UNCONFIRMED_HOLD_HOURS } from "../domain/rental-booking";
import { toLocalDateTime } from "../domain/local-time";
import { postgresForSuite } from "./testing/suite-postgres";
import { call, signIn } from "./testing/staff-client";
import { postJson, postJsonFrom, startTestServer, type TestServer } from "./testing/test-server";

vi.setConfig({ testTimeout: 90_000, hookTimeout: 90_000 });
const postgres = await postgresForSuite();
const servers: TestServer[] = [];
afterAll(async () => {
  for (const s of servers.splice(0)) await s.close();
});
const HOUR = 3_600_000;
const DAY = 24 * HOUR;

/** A server on `engine` with the limit on, whose clock the test moves. */
async function server(engine: "lowdb" | "postgres", clock: { now: number }) {
  const s = await startTestServer({ RENTAL_UNCONFIRMED_LIMIT: "3", ...(await postgres.engineEnv(engine)) }, undefined, { now: () => clock.now });
  servers.push(s);
  return s;
}

/** The shop's local date-time `days` after `from`, at 10:00. */
const day = (from: number, days: number) => `${toLocalDateTime(new Date(from + days * DAY), "America/New_York").slice(0, 10)}T10:00`;

const booking = (from: number, over: Record<string, unknown> = {}) => ({
  plan: "4-seater",
  start: day(from, 10),
  end: day(from, 40),
  delivery: { kind: "pickup" },
  drivers: 0,
  firstName: "Sam",
  lastName: "Stranger",
  email: "sam@example.com",
  phone: "302-555-0199",
  adult: true,
  agreement: true,
  ...over,
});

/** A reservation POST from `localAddress` (another loopback address is another client). */
const reserveFrom = (s: TestServer, body: unknown, localAddress = "127.0.0.1") =>
  postJsonFrom(`${s.url}/api/rentals/reservations`, body, s.origin, localAddress);

const free = async (s: TestServer, from: number) => {
  const q = new URLSearchParams({ plan: "4-seater", start: day(from, 10), end: day(from, 40) });
  return ((await (await fetch(`${s.url}/api/rentals/availability?${q}`)).json()) as { free: number }).free;
};

describe.each(["lowdb", "postgres"] as const)("holds on the rental fleet (%s)", (engine) => {
  const skip = engine === "postgres" && postgres.unavailable;

  it.skipIf(skip)("refuses a start past the booking horizon in words, the far future included, and takes one inside it", async () => {
    const clock = { now: Date.now() };
    const s = await server(engine, clock);
    const far = await reserveFrom(s, booking(clock.now, { start: "9999-12-30T10:00", end: "9999-12-31T10:00" }));
    expect(far).toEqual({ status: 400, body: { error: "Please correct the highlighted fields.", fields: { start: horizonMessage(365) } } });
    const nextYear = await reserveFrom(s, booking(clock.now, { start: day(clock.now, 366), end: day(clock.now, 368) }));
    expect(nextYear.body.fields).toEqual({ start: horizonMessage(365) });
    const q = new URLSearchParams({ plan: "4-seater", start: day(clock.now, 400), end: day(clock.now, 402) });
    const asked = await fetch(`${s.url}/api/rentals/availability?${q}`);
    expect([asked.status, ((await asked.json()) as { error: string }).error]).toEqual([400, horizonMessage(365)]);
    expect((await reserveFrom(s, booking(clock.now, { start: day(clock.now, 300), end: day(clock.now, 302) }))).status).toBe(201);
    // The owner's own horizon, through the staff API.
    await s.staff.accounts.add({ email: "owner@example.com", role: "owner", password: "owner password 1" });
    const cookie = await signIn(s, "owner@example.com", "owner password 1");
    const current = await call(s, "GET", "/api/staff/rentals/settings", { cookie });
    const set = await call(s, "PUT", "/api/staff/rentals/settings", {
      cookie,
      headers: { "if-match": current.headers.get("etag")! },
      body: { ...((await current.json()) as object), bookingHorizonDays: 60 },
    });
    expect(set.status).toBe(200);
    expect((await reserveFrom(s, booking(clock.now, { start: day(clock.now, 90), end: day(clock.now, 92) }))).body.fields).toEqual({
      start: horizonMessage(60),
    });
  });

  it.skipIf(skip)(
    "one address holds at most 3 unconfirmed requests and one e-mail 3 from anywhere; an unconfirmed one lets its cart go after 48 h",
    async () => {
      const clock = { now: Date.now() };
      const s = await server(engine, clock);
      // The default fleet has two 4-seaters: two requests for a month take them.
      const statuses = [];
      for (let i = 0; i < 5; i++)
        statuses.push((await reserveFrom(s, booking(clock.now, { email: `sam${i}@example.com`, plan: i < 2 ? "4-seater" : "6-seater" }))).status);
      const fourth = await reserveFrom(s, booking(clock.now, { email: "sam9@example.com", plan: "utility" }));
      expect(statuses.slice(0, 3)).toEqual([201, 201, 201]);
      expect(statuses.slice(3)).toEqual([429, 429]);
      expect(fourth).toEqual({ status: 429, body: { error: tooManyUnconfirmedMessage(3), fields: { email: tooManyUnconfirmedMessage(3) } } });
      expect(await free(s, clock.now)).toBe(0);

      // The same e-mail (in any case) from other addresses is counted too: its fourth is refused on a fresh address.
      expect((await reserveFrom(s, booking(clock.now, { email: "SAM0@example.com", plan: "6-seater" }), "127.0.0.2")).status).toBe(201);
      expect((await reserveFrom(s, booking(clock.now, { email: "sam0@example.com", plan: "utility" }), "127.0.0.3")).status).toBe(201);
      expect(
        (await reserveFrom(s, booking(clock.now, { email: "sam0@example.com", start: day(clock.now, 50), end: day(clock.now, 52) }), "127.0.0.4")).status,
      ).toBe(429);
      // Another person from that address is not.
      expect(
        (await reserveFrom(s, booking(clock.now, { email: "pat@example.com", start: day(clock.now, 50), end: day(clock.now, 52) }), "127.0.0.4")).status,
      ).toBe(201);

      // 48 hours later the unconfirmed holds lapse: both 4-seaters are free again, and the address may ask again.
      clock.now += UNCONFIRMED_HOLD_HOURS * HOUR + 60_000;
      expect(await free(s, clock.now - UNCONFIRMED_HOLD_HOURS * HOUR - 60_000)).toBe(2);
      expect((await reserveFrom(s, booking(clock.now, { email: "sam7@example.com" }))).status).toBe(201);
    },
  );

  it.skipIf(skip)("a renter who confirms their e-mail by the signed link keeps the cart past 48 h; a lapsed one whose cart was taken is told so", async () => {
    const clock = { now: Date.now() };
    const s = await server(engine, clock);
    const from = clock.now;
    const kept = await reserveFrom(s, booking(from, { email: "keep@example.com" }));
    const lapsed = await reserveFrom(s, booking(from, { email: "late@example.com" }));
    const keep = (await s.rentals.byReference(kept.body.reference as string))!;
    const late = (await s.rentals.byReference(lapsed.body.reference as string))!;
    expect(keep.holdUntil).toBe(new Date(from + UNCONFIRMED_HOLD_HOURS * HOUR).toISOString());

    // The cancellation link's token does not confirm; the e-mail link's does.
    const confirm = (token: string) => postJson(`${s.url}/api/rentals/confirm-email`, { token });
    expect((await confirm(await s.rentalDesk.cancelToken(keep))).status).toBe(404);
    const done = await confirm(await s.rentalDesk.emailToken(keep));
    expect([done.status, await done.json()]).toEqual([200, { reference: keep.reference, status: "requested", emailConfirmed: true }]);
    expect((await s.rentals.get(keep.id))!.holdUntil).toBeUndefined();

    clock.now += UNCONFIRMED_HOLD_HOURS * HOUR + 60_000;
    // The confirmed request still holds one 4-seater; the lapsed one's went back, and another renter takes it.
    expect(await free(s, from)).toBe(1);
    expect((await reserveFrom(s, booking(from, { email: "next@example.com" }), "127.0.0.2")).status).toBe(201);
    const tooLate = await confirm(await s.rentalDesk.emailToken(late));
    expect(tooLate.status).toBe(409);
    expect(((await tooLate.json()) as { error: string }).error).toBe(
      `Your request ${late.reference} was not confirmed within 48 hours, and its cart has been taken since: please send a new request or call us.`,
    );
    // Staff cannot confirm it onto a cart that is gone either.
    await s.staff.accounts.add({ email: "sales@example.com", role: "sales", password: "sales password 1" });
    const cookie = await signIn(s, "sales@example.com", "sales password 1");
    const current = (await s.rentals.get(late.id))!;
    const staff = await call(s, "POST", `/api/staff/rentals/reservations/${late.id}/confirm`, {
      cookie,
      body: {},
      headers: { "if-match": `"r-${late.id}-${current.version}"` },
    });
    expect(staff.status).toBe(409);
    expect(await free(s, from)).toBe(0);
  });
});
