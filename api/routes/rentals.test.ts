/**
 * The public rentals API on a real server: availability, reservations (site, source, CORS, rate limit,
 * 400/409), no cart promised twice under twenty simultaneous posts (lowdb here; PostgreSQL with two servers in
 * rentals-postgres.test.ts), and the renter's cancellation by the signed link at 30 and 12 hours before the start.
 */
import { afterAll, describe, expect, it, vi } from "vitest";
import { RENTAL_MESSAGES } from "../../domain/rental-booking";
import { toLocalDateTime } from "../../domain/local-time";
import { postgresForSuite } from "../testing/suite-postgres";
import { postJson, startTestServer, type TestServer } from "../testing/test-server";

vi.setConfig({ testTimeout: 60_000, hookTimeout: 60_000 });

const servers: TestServer[] = [];
const postgres = await postgresForSuite();
const { unavailable } = postgres;
afterAll(async () => {
  for (const s of servers.splice(0)) await s.close();
});
const HOUR = 3_600_000;

/** A server whose clock is `clock.now` (moved by the test), with `env`. */
async function server(env: Record<string, string> = {}, clock = { now: Date.now() }) {
  const s = await startTestServer(env, undefined, { now: () => clock.now });
  servers.push(s);
  return s;
}

/** Local date-times of the shop, `days` from now at 10:00. */
const day = (days: number, hour = 10) => {
  const d = new Date(Date.now() + days * 24 * HOUR);
  return `${toLocalDateTime(d, "America/New_York").slice(0, 10)}T${String(hour).padStart(2, "0")}:00`;
};

export const booking = (over: Record<string, unknown> = {}) => ({
  plan: "6-seater",
  start: day(10),
  end: day(17),
  delivery: { kind: "delivery", street: "12 Ocean Dr", town: "rehoboth-beach" },
  drivers: 1,
  firstName: "Ada",
  lastName: "Lovelace",
  email: "ada@example.com",
  phone: "302-555-0142",
  adult: true,
  agreement: true,
  ...over,
});

const reserve = (s: TestServer, body: unknown, headers: Record<string, string> = {}) => postJson(`${s.url}/api/rentals/reservations`, body, headers);

describe("GET /api/rentals/availability", () => {
  it("answers the fleet, the free carts and the quote, open to any origin", async () => {
    const s = await server();
    const q = new URLSearchParams({ plan: "6-seater", start: day(10), end: day(17), town: "rehoboth-beach", street: "12 Ocean Dr", drivers: "2" });
    const res = await fetch(`${s.url}/api/rentals/availability?${q}`, { headers: { origin: "https://anyone.example" } });
    expect(res.status).toBe(200);
    expect(res.headers.get("access-control-allow-origin")).toBe("*");
    const body = (await res.json()) as { fleet: number; free: number; quote: { rentalPrice: number; deliveryFee: number; driversFee: number; total: number } };
    expect(body).toMatchObject({ plan: "6-seater", fleet: 2, free: 2 });
    expect(body.quote.rentalPrice).toBe(1400);
    expect(body.quote.deliveryFee).toBeGreaterThan(0);
    expect(body.quote.driversFee).toBe(50);
    expect(body.quote.total).toBe(1400 + body.quote.deliveryFee + 50);
  });

  it("refuses in words, naming each field", async () => {
    const s = await server();
    const res = await fetch(`${s.url}/api/rentals/availability?plan=boat&start=${day(3)}&end=${day(3, 12)}`);
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ error: RENTAL_MESSAGES.plan, fields: { plan: RENTAL_MESSAGES.plan } });
    const short = await fetch(`${s.url}/api/rentals/availability?plan=utility&start=${day(3)}&end=${day(3, 12)}`);
    expect(await short.json()).toEqual({ error: RENTAL_MESSAGES.tooShort, fields: { end: RENTAL_MESSAGES.tooShort } });
  });
});

describe("POST /api/rentals/reservations", () => {
  it("stores the request with its quote, site and source, answers 201 with the reference, and counts the cart as taken", async () => {
    const s = await server();
    const res = await reserve(s, booking({ source: "sea-colony" }));
    expect(res.status).toBe(201);
    const body = (await res.json()) as { reference: string; status: string; quote: { total: number } };
    expect(body.reference).toMatch(/^R-[2-9A-Z]{6}$/);
    expect(body.status).toBe("requested");
    const stored = await s.rentals.byReference(body.reference);
    expect(stored).toMatchObject({ site: "sussex-coast", source: "sea-colony", status: "requested", plan: "6-seater", renter: { firstName: "Ada" } });
    expect(stored!.quote.total).toBe(body.quote.total);
    const q = new URLSearchParams({ plan: "6-seater", start: day(12), end: day(13) });
    expect(await (await fetch(`${s.url}/api/rentals/availability?${q}`)).json()).toMatchObject({ fleet: 2, free: 1 });
  });

  it("answers 400 naming each bad field, and keeps nothing", async () => {
    const s = await server();
    const res = await reserve(s, booking({ email: "nope", adult: false, delivery: { kind: "delivery", street: "", town: "atlantis" } }));
    expect(res.status).toBe(400);
    const { fields } = (await res.json()) as { fields: Record<string, string> };
    expect(fields).toMatchObject({ email: "Invalid email address", adult: RENTAL_MESSAGES.adult, "delivery.street": RENTAL_MESSAGES.street });
    const town = await reserve(s, booking({ delivery: { kind: "delivery", street: "1 Main St", town: "atlantis" } }));
    expect(await town.json()).toEqual({ error: "Please correct the highlighted fields.", fields: { "delivery.town": RENTAL_MESSAGES.unknownTown } });
    expect(await s.rentals.list("sussex-coast")).toEqual([]);
  });

  it("with one cart left, twenty simultaneous requests give exactly one 201 and nineteen 409s (lowdb)", async () => {
    const s = await server();
    const settings = await s.rentals.settings("sussex-coast");
    await s.rentals.setSettings("sussex-coast", { ...settings, fleet: { ...settings.fleet, utility: 1 } }, settings.version);
    const answers = await Promise.all(Array.from({ length: 20 }, (_, i) => reserve(s, booking({ plan: "utility", firstName: `Renter ${i}` }))));
    const statuses = answers.map((r) => r.status).sort();
    expect(statuses).toEqual([201, ...Array<number>(19).fill(409)]);
    const refused = await answers.find((r) => r.status === 409)!.json();
    expect(refused).toMatchObject({ error: expect.stringContaining("No Utility is free for those dates") });
    expect((await s.rentals.list("sussex-coast")).length).toBe(1);
    // The cart is free again once the turnaround after that rental's end has passed.
    const after = await reserve(s, booking({ plan: "utility", start: day(17, 12), end: day(18, 12) }));
    expect(after.status).toBe(201);
    const tooSoon = await reserve(s, booking({ plan: "utility", start: day(17, 11), end: day(18, 12) }));
    expect(tooSoon.status).toBe(409);
  });

  it.skipIf(unavailable)(
    "with one cart left, twenty simultaneous requests to two servers on one PostgreSQL database give one 201 and nineteen 409s",
    async () => {
      const url = await postgres.createDatabase();
      const [a, b] = [await server({ DATABASE_URL: url }), await server({ DATABASE_URL: url })];
      const settings = await a.rentals.settings("sussex-coast");
      await a.rentals.setSettings("sussex-coast", { ...settings, fleet: { ...settings.fleet, "6-seater": 1 } }, settings.version);
      const answers = await Promise.all(Array.from({ length: 20 }, (_, i) => reserve(i % 2 ? a : b, booking({ firstName: `Renter ${i}` }))));
      expect(answers.map((r) => r.status).sort()).toEqual([201, ...Array<number>(19).fill(409)]);
      expect(await b.rentals.list("sussex-coast")).toHaveLength(1);
    },
  );

  it("takes posts from partner origins the site allows (CORS, as POST /api/contact), and refuses others", async () => {
    const s = await server({ ALLOWED_ORIGINS: "https://resort.example" });
    const ok = await reserve(s, booking({ source: "resort" }), { origin: "https://resort.example" });
    expect(ok.status).toBe(201);
    expect(ok.headers.get("access-control-allow-origin")).toBe("https://resort.example");
    const refused = await reserve(s, booking(), { origin: "https://evil.example" });
    expect(refused.status).toBe(403);
    expect(await s.rentals.list("sussex-coast")).toHaveLength(1);
    const preflight = await fetch(`${s.url}/api/rentals/reservations`, {
      method: "OPTIONS",
      headers: { origin: "https://resort.example", "access-control-request-method": "POST" },
    });
    expect(preflight.status).toBe(204);
  });

  it("limits posts per address by CONTACT_RATE_LIMIT", async () => {
    const s = await server({ CONTACT_RATE_LIMIT: "2" });
    const statuses = [];
    for (let i = 0; i < 3; i++) statuses.push((await reserve(s, booking({ email: "nope" }))).status);
    expect(statuses).toEqual([400, 400, 429]);
  });
});

describe("the renter's cancellation link", () => {
  it("refunds 100% 30 hours before the start and 50% 12 hours before; a forged link finds nothing", async () => {
    const clock = { now: Date.now() };
    const s = await server({}, clock);
    const first = (await (await reserve(s, booking({ plan: "4-seater", start: day(5), end: day(8) }))).json()) as { reference: string };
    const second = (await (await reserve(s, booking({ plan: "4-seater", start: day(5), end: day(8) }))).json()) as { reference: string };
    const a = (await s.rentals.byReference(first.reference))!;
    const b = (await s.rentals.byReference(second.reference))!;
    const tokenA = await s.rentalDesk.cancelToken(a);
    const tokenB = await s.rentalDesk.cancelToken(b);

    clock.now = Date.parse(a.startsAt) - 30 * HOUR;
    const shown = await fetch(`${s.url}/api/rentals/cancel?token=${encodeURIComponent(tokenA)}`);
    expect(await shown.json()).toMatchObject({
      reference: a.reference,
      status: "requested",
      cancellable: true,
      refund: { percent: 100, amount: a.quote.total },
    });
    const cancelled = await postJson(`${s.url}/api/rentals/cancel`, { token: tokenA });
    expect(cancelled.status).toBe(200);
    expect(await cancelled.json()).toEqual({ reference: a.reference, status: "cancelled", refund: { percent: 100, amount: a.quote.total } });

    clock.now = Date.parse(b.startsAt) - 12 * HOUR;
    const late = await postJson(`${s.url}/api/rentals/cancel`, { token: tokenB });
    expect(await late.json()).toEqual({ reference: b.reference, status: "cancelled", refund: { percent: 50, amount: b.quote.total / 2 } });
    expect((await s.rentals.get(b.id))!.history.at(-1)).toMatchObject({ by: "renter", action: "cancel" });

    const forged = `${a.reference}.${tokenA.split(".")[1]!.replace(/^./, (c) => (c === "A" ? "B" : "A"))}`;
    expect((await fetch(`${s.url}/api/rentals/cancel?token=${encodeURIComponent(forged)}`)).status).toBe(404);
    expect((await fetch(`${s.url}/api/rentals/cancel?token=${encodeURIComponent(tokenA.replace(a.reference, b.reference))}`)).status).toBe(404);
  });
});
