import { describe, expect, it } from "vitest";
import {
  RENTAL_MESSAGES,
  ReservationRequestSchema,
  cheapestTiers,
  cancellationRefund,
  makeReference,
  quoteRental,
  rentalTowns,
  reservationFieldErrors,
  REFERENCE_PATTERN,
  type RentalQuoteInput,
} from "./rental-booking";
import { fromLocalDateTime, toLocalDateTime } from "./local-time";
import { RENTAL_PLANS } from "./rentals";
import { TOWNS } from "./towns";

const TZ = "America/New_York";
const towns = [
  { slug: "georgetown", name: "Georgetown", miles: 0 },
  { slug: "milton", name: "Milton", miles: 10 },
  { slug: "rehoboth-beach", name: "Rehoboth Beach", miles: 17 },
];
/** 9:00 in Georgetown on 1 June 2027 (EDT, UTC-4). */
const NOW = new Date("2027-06-01T13:00:00Z");
const ctx = { now: NOW, towns, timeZone: TZ };
const input = (over: Partial<RentalQuoteInput> = {}): RentalQuoteInput => ({
  plan: "4-seater",
  start: "2027-06-12T10:00",
  end: "2027-06-13T10:00",
  delivery: { kind: "pickup" },
  drivers: 0,
  ...over,
});
const plan = (id: string) => RENTAL_PLANS.find((p) => p.id === id)!;
const tierWords = (tiers: { title: string; count: number }[]) => tiers.map((t) => `${t.count} × ${t.title}`).join(" + ");
/** The end `days` whole days after 12 June 2027, 10:00. */
const endAfter = (days: number) => toLocalDateTime(Date.UTC(2027, 5, 12 + days, 10), "UTC");

// The decision record's table (docs/decisions/0044-rental-booking.md): [plan, days, price, tiers].
const PRICE_TABLE = [
  ["4-seater", 1, 245, "1 × Daily"],
  ["4-seater", 2, 490, "2 × Daily"],
  ["4-seater", 3, 685, "1 × 3-Day"],
  ["4-seater", 4, 930, "1 × 3-Day + 1 × Daily"],
  ["4-seater", 6, 1050, "1 × Weekly"],
  ["4-seater", 7, 1050, "1 × Weekly"],
  ["4-seater", 8, 1295, "1 × Weekly + 1 × Daily"],
  ["4-seater", 13, 2100, "2 × Weekly"],
  ["4-seater", 14, 2100, "2 × Weekly"],
  ["4-seater", 29, 2800, "1 × Monthly"],
  ["4-seater", 30, 2800, "1 × Monthly"],
  ["utility", 1, 245, "1 × Daily"],
  ["utility", 2, 490, "2 × Daily"],
  ["utility", 3, 685, "1 × 3-Day"],
  ["utility", 4, 930, "1 × 3-Day + 1 × Daily"],
  ["utility", 6, 1050, "1 × Weekly"],
  ["utility", 7, 1050, "1 × Weekly"],
  ["utility", 8, 1295, "1 × Weekly + 1 × Daily"],
  ["utility", 13, 2100, "2 × Weekly"],
  ["utility", 14, 2100, "2 × Weekly"],
  ["utility", 29, 2800, "1 × Monthly"],
  ["utility", 30, 2800, "1 × Monthly"],
  ["6-seater", 1, 295, "1 × Daily"],
  ["6-seater", 2, 590, "2 × Daily"],
  ["6-seater", 3, 735, "1 × 3-Day"],
  ["6-seater", 4, 1030, "1 × 3-Day + 1 × Daily"],
  ["6-seater", 6, 1400, "1 × Weekly"],
  ["6-seater", 7, 1400, "1 × Weekly"],
  ["6-seater", 8, 1695, "1 × Weekly + 1 × Daily"],
  ["6-seater", 13, 2800, "2 × Weekly"],
  ["6-seater", 14, 2800, "2 × Weekly"],
  ["6-seater", 29, 3500, "1 × Monthly"],
  ["6-seater", 30, 3500, "1 × Monthly"],
] as const;

describe("the price of a rental: the cheapest combination of the plan's tiers", () => {
  it.each(PRICE_TABLE)("%s for %d days costs $%d (%s)", (id, days, price, tiers) => {
    const r = quoteRental(input({ plan: id, end: endAfter(days) }), ctx);
    if (!r.ok) throw new Error(JSON.stringify(r.errors));
    expect(r.quote.periods).toBe(days);
    expect(r.quote.rentalPrice).toBe(price);
    expect(tierWords(r.quote.tiers)).toBe(tiers);
    expect(r.quote.total).toBe(price);
    expect(r.quote.deposit).toBe(plan(id).deposit);
  });

  it("is never dearer than any other combination covering the days (every count of every tier, 1 to 30 days)", () => {
    for (const p of RENTAL_PLANS) {
      const [d1, d3, d7, d30] = p.tiers;
      for (let days = 1; days <= 30; days++) {
        let best = Infinity;
        for (let a = 0; a <= 30; a++)
          for (let b = 0; b <= 10; b++)
            for (let c = 0; c <= 5; c++)
              for (let d = 0; d <= 1; d++)
                if (a + 3 * b + 7 * c + 30 * d >= days) best = Math.min(best, a * d1!.price + b * d3!.price + c * d7!.price + d * d30!.price);
        const got = cheapestTiers(p, days);
        expect(
          got.reduce((s, t) => s + t.price * t.count, 0),
          `${p.id} ${days} days`,
        ).toBe(best);
        expect(got.reduce((s, t) => s + t.days * t.count, 0)).toBeGreaterThanOrEqual(days);
      }
    }
  });

  it("counts a part period whole: 24 hours and a minute are two periods", () => {
    const r = quoteRental(input({ end: "2027-06-13T10:01" }), ctx);
    expect(r.ok && r.quote.periods).toBe(2);
    expect(r.ok && r.quote.rentalPrice).toBe(490);
  });

  it("counts periods on the shop's clock across a clock change (10:00 to 10:00 over the November night is one day)", () => {
    const r = quoteRental(input({ start: "2027-11-06T10:00", end: "2027-11-07T10:00" }), ctx);
    expect(r.ok && r.quote.periods).toBe(1);
  });
});

describe("refusals in words", () => {
  it("refuses a rental under 24 hours", () => {
    expect(quoteRental(input({ end: "2027-06-13T09:59" }), ctx)).toEqual({ ok: false, errors: { end: RENTAL_MESSAGES.tooShort } });
  });
  it("refuses a rental over 30 days", () => {
    expect(quoteRental(input({ end: "2027-07-12T10:01" }), ctx)).toEqual({ ok: false, errors: { end: RENTAL_MESSAGES.tooLong } });
    expect(quoteRental(input({ end: "2027-07-12T10:00" }), ctx).ok).toBe(true);
  });
  it("refuses an end before the start", () => {
    expect(quoteRental(input({ end: "2027-06-11T10:00" }), ctx)).toEqual({ ok: false, errors: { end: RENTAL_MESSAGES.endBeforeStart } });
  });
  it("refuses a start in the past, by the shop's clock", () => {
    // 9:00 EDT now: 8:59 today has passed, 9:01 has not.
    expect(quoteRental(input({ start: "2027-06-01T08:59", end: "2027-06-02T09:00" }), ctx)).toEqual({
      ok: false,
      errors: { start: RENTAL_MESSAGES.startPast },
    });
    expect(quoteRental(input({ start: "2027-06-01T09:01", end: "2027-06-02T09:01" }), ctx).ok).toBe(true);
  });
  it("refuses dates that do not exist and a town the site does not serve", () => {
    const r = quoteRental(input({ start: "2027-02-30T10:00", delivery: { kind: "delivery", street: "1 Main St", town: "atlantis" } }), ctx);
    expect(r).toEqual({ ok: false, errors: { start: RENTAL_MESSAGES.start, "delivery.town": RENTAL_MESSAGES.unknownTown } });
  });
});

describe("fees", () => {
  const delivered = (town: string, over: Partial<RentalQuoteInput> = {}) =>
    quoteRental(input({ delivery: { kind: "delivery", street: "12 Ocean Dr", town }, ...over }), ctx);

  it("delivers free within 10 miles and charges $6 a mile beyond", () => {
    const milton = delivered("milton");
    const rehoboth = delivered("rehoboth-beach");
    expect(milton.ok && milton.quote.deliveryFee).toBe(0);
    if (!rehoboth.ok) throw new Error("refused");
    expect(rehoboth.quote.deliveryFee).toBe(42);
    expect(rehoboth.quote.total).toBe(245 + 42);
    expect(rehoboth.quote.lines[1]).toEqual({ label: "Delivery to Rehoboth Beach: 17 miles, 7 miles beyond 10 at $6", amount: 42 });
  });

  it("charges the $50 rush fee for same-day delivery ordered before 2 PM, and refuses it after", () => {
    const sameDay = { start: "2027-06-01T16:00", end: "2027-06-02T16:00" };
    const morning = delivered("milton", sameDay);
    expect(morning.ok && morning.quote.rushFee).toBe(50);
    expect(morning.ok && morning.quote.total).toBe(295);
    // 13:59 and 14:00 EDT.
    expect(
      quoteRental(input({ ...sameDay, delivery: { kind: "delivery", street: "1 A St", town: "milton" } }), { ...ctx, now: new Date("2027-06-01T17:59:00Z") })
        .ok,
    ).toBe(true);
    expect(
      quoteRental(input({ ...sameDay, delivery: { kind: "delivery", street: "1 A St", town: "milton" } }), { ...ctx, now: new Date("2027-06-01T18:00:00Z") }),
    ).toEqual({
      ok: false,
      errors: { start: RENTAL_MESSAGES.sameDayTooLate },
    });
    // Pickup the same day pays no rush fee and is not refused after 2 PM.
    const pickup = quoteRental(input(sameDay), { ...ctx, now: new Date("2027-06-01T19:00:00Z") });
    expect(pickup.ok && pickup.quote.rushFee).toBe(0);
    // The next day is not same-day, even ordered at 23:30.
    expect(delivered("milton", { start: "2027-06-02T08:00", end: "2027-06-03T08:00" }).ok).toBe(true);
  });

  it("reads 'same day' on the shop's clock, not UTC: 22:00 EDT is already the next day in UTC", () => {
    const late = new Date("2027-06-02T02:00:00Z"); // 22:00 on 1 June in Georgetown
    const r = quoteRental(input({ start: "2027-06-02T09:00", end: "2027-06-03T09:00", delivery: { kind: "delivery", street: "1 A St", town: "milton" } }), {
      ...ctx,
      now: late,
    });
    expect(r.ok && r.quote.rushFee).toBe(0);
  });

  it("adds $25 per additional driver, up to two", () => {
    const r = quoteRental(input({ drivers: 2 }), ctx);
    expect(r.ok && r.quote.driversFee).toBe(50);
    expect(r.ok && r.quote.total).toBe(295);
    expect(quoteRental(input({ drivers: 3 }), ctx)).toEqual({ ok: false, errors: { drivers: RENTAL_MESSAGES.drivers } });
  });

  it("keeps the deposit apart from the total", () => {
    const r = quoteRental(input({ plan: "6-seater" }), ctx);
    expect(r.ok && [r.quote.deposit, r.quote.total]).toEqual([750, 295]);
  });

  it("measures the seed's towns from the showroom as the town pages do", () => {
    const list = rentalTowns(
      TOWNS.map((t) => ({ slug: t.slug, name: t.name, ...t.coordinates })),
      { lat: 38.6901, lng: -75.3855 },
    );
    expect(list.find((t) => t.slug === "georgetown")!.miles).toBe(0);
    expect(list.find((t) => t.slug === "rehoboth-beach")!.miles).toBeGreaterThan(10);
  });
});

describe("local times of the shop", () => {
  it("turns local times into instants with the right offset, summer and winter", () => {
    expect(fromLocalDateTime("2027-06-12T10:00", TZ).toISOString()).toBe("2027-06-12T14:00:00.000Z");
    expect(fromLocalDateTime("2027-01-12T10:00", TZ).toISOString()).toBe("2027-01-12T15:00:00.000Z");
    expect(toLocalDateTime(new Date("2027-01-12T15:00:00Z"), TZ)).toBe("2027-01-12T10:00");
  });
  it("reads a skipped time an hour on, and a repeated time as its first", () => {
    expect(fromLocalDateTime("2027-03-14T02:30", TZ).toISOString()).toBe("2027-03-14T07:30:00.000Z");
    expect(fromLocalDateTime("2027-11-07T01:30", TZ).toISOString()).toBe("2027-11-07T05:30:00.000Z");
  });
});

describe("cancellation refunds (the rental policy)", () => {
  const reservation = { startsAt: "2027-06-12T14:00:00.000Z", quote: { total: 1295 } };
  const hoursBefore = (h: number) => new Date(Date.parse(reservation.startsAt) - h * 3_600_000);
  it("refunds 100% 30 hours before the start", () => expect(cancellationRefund(reservation, hoursBefore(30))).toEqual({ percent: 100, amount: 1295 }));
  it("refunds 50% 12 hours before the start", () => expect(cancellationRefund(reservation, hoursBefore(12))).toEqual({ percent: 50, amount: 647.5 }));
  it("refunds 50% at exactly 24 hours (free is more than 24 hours)", () => expect(cancellationRefund(reservation, hoursBefore(24)).percent).toBe(50));
  it("refunds nothing after the start", () => expect(cancellationRefund(reservation, hoursBefore(-1))).toEqual({ percent: 0, amount: 0 }));
});

describe("the request", () => {
  const good = {
    ...input(),
    firstName: "Ada",
    lastName: "Lovelace",
    email: "ada@example.com",
    phone: "302-555-0142",
    adult: true,
    agreement: true,
    source: "sea-colony",
  };
  it("takes a complete request", () => expect(ReservationRequestSchema.safeParse(good).success).toBe(true));
  it("names each bad field, nested ones dotted", () => {
    const r = ReservationRequestSchema.safeParse({
      ...good,
      email: "nope",
      adult: false,
      agreement: undefined,
      delivery: { kind: "delivery", street: "", town: "" },
    });
    expect(r.success).toBe(false);
    expect(reservationFieldErrors(r.error!)).toEqual({
      email: "Invalid email address",
      adult: RENTAL_MESSAGES.adult,
      agreement: RENTAL_MESSAGES.agreement,
      "delivery.street": RENTAL_MESSAGES.street,
      "delivery.town": RENTAL_MESSAGES.town,
    });
    const kind = ReservationRequestSchema.safeParse({ ...good, delivery: { kind: "boat" } });
    expect(reservationFieldErrors(kind.error!)).toEqual({ delivery: RENTAL_MESSAGES.delivery });
  });
  it("makes references that can be read out", () => {
    for (let i = 0; i < 200; i++) expect(makeReference()).toMatch(REFERENCE_PATTERN);
  });
});
