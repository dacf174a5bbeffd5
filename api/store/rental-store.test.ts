/**
 * The rental store's contract on both engines: settings with versions, a cart held from start to end plus
 * the turnaround, the last cart taken once, changes checked by version and moved only onto free carts, mails kept
 * with their change and claimed once, a link key that survives a restart; on PostgreSQL, two instances.
 */
import { afterAll, describe, expect, it, vi } from "vitest";
import { DEFAULT_BOOKING_HORIZON_DAYS, DEFAULT_RENTAL_SETTINGS, type Reservation } from "../../domain/rental-booking";
import { storeEngines } from "../testing/store-engines";
import type { NewReservation, RentalStore } from "./rental-store";

vi.setConfig({ testTimeout: 60_000, hookTimeout: 60_000 });
const { engines, stop } = await storeEngines();
afterAll(stop);

const HOUR = 3_600_000;
const T0 = Date.parse("2031-07-01T14:00:00Z");
const at = (h: number) => new Date(T0 + h * HOUR).toISOString();

const draft = (startH: number, endH: number, over: Partial<NewReservation> = {}): NewReservation => ({
  site: "sussex-coast",
  plan: "utility",
  start: "2031-07-01T10:00",
  end: "2031-07-02T10:00",
  startsAt: at(startH),
  endsAt: at(endH),
  timeZone: "America/New_York",
  status: "requested",
  quote: { total: 245 } as Reservation["quote"],
  renter: { firstName: "A", lastName: "B", email: "a@example.com", phone: "3025550142" },
  delivery: { kind: "pickup" },
  drivers: 0,
  source: null,
  origin: "http://localhost:3000",
  createdAt: new Date().toISOString(),
  history: [],
  ...over,
});

const oneUtility = async (store: RentalStore, turnaroundHours = 2) => {
  const s = await store.settings("sussex-coast");
  const set = await store.setSettings("sussex-coast", { fleet: { ...s.fleet, utility: 1 }, turnaroundHours }, s.version);
  expect(set.ok).toBe(true);
};

describe.each(engines)("the rental store ($name)", (engine) => {
  it.skipIf(engine.unavailable)("keeps each site's settings with a version; the defaults until set", async () => {
    const { rentals } = await engine.open(await engine.fresh());
    expect(await rentals.settings("cape-may")).toEqual({ ...DEFAULT_RENTAL_SETTINGS, version: 0 });
    const set = await rentals.setSettings("cape-may", { fleet: { "4-seater": 5, "6-seater": 1, utility: 0 }, turnaroundHours: 3 }, 0);
    expect(set).toEqual({
      ok: true,
      settings: { fleet: { "4-seater": 5, "6-seater": 1, utility: 0 }, turnaroundHours: 3, bookingHorizonDays: DEFAULT_BOOKING_HORIZON_DAYS, version: 1 },
    });
    expect(await rentals.setSettings("cape-may", DEFAULT_RENTAL_SETTINGS, 0)).toMatchObject({ ok: false, current: { version: 1 } });
    expect((await rentals.settings("sussex-coast")).version).toBe(0);
  });

  it.skipIf(engine.unavailable)("holds a cart from the start to the end plus the turnaround, while requested or confirmed", async () => {
    const place = await engine.fresh();
    const { rentals } = await engine.open(place);
    await oneUtility(rentals, 2);
    const first = await rentals.reserve(draft(0, 24), "received");
    expect(first.ok).toBe(true);
    // Starting 1 hour after its end is inside the 2-hour turnaround; 2 hours after is free.
    expect((await rentals.reserve(draft(25, 48), null)).ok).toBe(false);
    expect(await rentals.availability("sussex-coast", "utility", new Date(at(26)), new Date(at(48)))).toEqual({ fleet: 1, free: 1 });
    const second = await rentals.reserve(draft(26, 48), null);
    expect(second.ok).toBe(true);
    // Another plan and another site are counted apart.
    expect((await rentals.reserve(draft(0, 24, { plan: "4-seater" }), null)).ok).toBe(true);
    expect((await rentals.reserve(draft(0, 24, { site: "cape-may" }), null)).ok).toBe(true);
    // Declined, the first frees its cart.
    const r = (first as { reservation: Reservation }).reservation;
    const declined = await rentals.change(r.id, r.version, (c) => ({ ...c, status: "declined", reason: "No" }), "declined");
    expect(declined).toMatchObject({ ok: true, reservation: { status: "declined", version: 2 } });
    expect((await rentals.reserve(draft(1, 20), null)).ok).toBe(true);
    // Reopened (a restart): all of it is still there.
    const again = await engine.open(place);
    expect((await again.rentals.list("sussex-coast")).map((x) => x.status)).toEqual(["declined", "requested", "requested", "requested"]);
    expect(await again.rentals.byReference(r.reference)).toMatchObject({ id: r.id, status: "declined" });
  });

  it.skipIf(engine.unavailable)("checks a change's version and moves a reservation only onto a free cart", async () => {
    const { rentals } = await engine.open(await engine.fresh());
    await oneUtility(rentals, 0);
    const a = ((await rentals.reserve(draft(0, 24), null)) as { reservation: Reservation }).reservation;
    const b = ((await rentals.reserve(draft(48, 72), null)) as { reservation: Reservation }).reservation;
    expect(await rentals.change(a.id, a.version + 1, (c) => c, null)).toMatchObject({ ok: false, reason: "stale", current: { id: a.id } });
    expect(await rentals.change(b.id, b.version, (c) => ({ ...c, startsAt: at(12), endsAt: at(40) }), null)).toMatchObject({
      ok: false,
      reason: "full",
      availability: { fleet: 1, free: 0 },
    });
    // Moving onto its own dates, later, is free: it does not count against itself.
    expect(await rentals.change(b.id, b.version, (c) => ({ ...c, startsAt: at(50), endsAt: at(80) }), null)).toMatchObject({ ok: true });
    expect(await rentals.change(a.id, a.version, () => ({ refused: "No." }), null)).toMatchObject({ ok: false, reason: "refused", message: "No." });
    expect(await rentals.change("nope", undefined, (c) => c, null)).toEqual({ ok: false, reason: "missing" });
  });

  it.skipIf(engine.unavailable)("keeps each mail with its change, pending until one attempt delivers it", async () => {
    const place = await engine.fresh();
    const { rentals } = await engine.open(place);
    const r = ((await rentals.reserve(draft(0, 24, { plan: "4-seater" }), "received")) as { reservation: Reservation }).reservation;
    const [mail] = await rentals.pendingMails();
    expect(mail).toMatchObject({ reservationId: r.id, kind: "received", status: "pending", attempts: 0 });
    expect(await rentals.deliverMail(mail!.id, async () => ({ status: "pending", attempts: 1, lastError: "down" }))).toBe(true);
    expect((await rentals.pendingMails())[0]).toMatchObject({ attempts: 1, lastError: "down" });
    expect(await rentals.deliverMail(mail!.id, async (m, res) => ({ status: "sent", attempts: m.attempts + 1, sentAt: res.createdAt }))).toBe(true);
    expect(await rentals.pendingMails()).toEqual([]);
    expect(await rentals.deliverMail(mail!.id, async () => ({ status: "sent", attempts: 9 }))).toBe(false);
  });

  it.skipIf(engine.unavailable)("keeps one link key across restarts (and across instances on PostgreSQL)", async () => {
    const place = await engine.fresh();
    const one = await (await engine.open(place)).rentals.linkKey();
    expect(one).toHaveLength(32);
    expect((await (await engine.open(place)).rentals.linkKey()).equals(one)).toBe(true);
  });
});

const pg = engines.find((e) => e.name === "postgres")!;
describe.skipIf(pg.unavailable)("two instances on one PostgreSQL database", () => {
  it("never promise the last cart twice: twenty simultaneous reservations through two instances take it once", async () => {
    const place = await pg.fresh();
    const [a, b] = [await pg.open(place), await pg.open(place)];
    await oneUtility(a.rentals);
    const results = await Promise.all(Array.from({ length: 20 }, (_, i) => (i % 2 ? a : b).rentals.reserve(draft(0, 24), "received")));
    expect(results.filter((r) => r.ok)).toHaveLength(1);
    expect((await b.rentals.list("sussex-coast")).length).toBe(1);
    expect(await a.rentals.pendingMails()).toHaveLength(1);
  });

  it("claim a mail on one instance only", async () => {
    const place = await pg.fresh();
    const [a, b] = [await pg.open(place), await pg.open(place)];
    await a.rentals.reserve(draft(0, 24, { plan: "4-seater" }), "received");
    const [mail] = await a.rentals.pendingMails();
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    let claimed!: () => void;
    const inFlight = new Promise<void>((r) => (claimed = r));
    const onA = a.rentals.deliverMail(mail!.id, async (m) => {
      claimed();
      await held;
      return { status: "sent", attempts: m.attempts + 1 };
    });
    await inFlight;
    expect(await b.rentals.deliverMail(mail!.id, async () => ({ status: "sent", attempts: 1 }))).toBe(false);
    release();
    expect(await onA).toBe(true);
  });
});
