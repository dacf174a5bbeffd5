import { describe, expect, it } from "vitest";
import { DELIVERY_RULES, milesFromShowroom, rentalDeliveryRule, townDeliveryText } from "./delivery";
import { formatUsd } from "./money";
import { quoteRental, rentalTowns } from "./rental-booking";
import { TOWNS } from "./towns";
import { BUSINESS } from "./business";

/** The first site's showroom. */
const SHOWROOM = { geo: BUSINESS.geo, city: BUSINESS.address.city };

const town = (name: string) => TOWNS.find((t) => t.name === name)!;

describe("townDeliveryText", () => {
  it.each([
    [
      "Georgetown",
      "Georgetown is home to our showroom: a cart you buy for $5,000 or more is delivered free. A rental cart is delivered and collected free (within 10 miles).",
    ],
    [
      "Milton",
      "Milton is about 7 miles from our Georgetown showroom, so a cart you buy for $5,000 or more is delivered free (within 20 miles). A rental cart is delivered and collected free (within 10 miles).",
    ],
    [
      "Rehoboth Beach",
      "Rehoboth Beach is about 17 miles from our Georgetown showroom, so a cart you buy for $5,000 or more is delivered free (within 20 miles). A rental cart is delivered and collected for $42 ($6 a mile past the first 10).",
    ],
    [
      "Fenwick Island",
      "Fenwick Island is about 24 miles from our Georgetown showroom: a cart you buy for $5,000 or more is delivered free for the first 20 miles, then $6 per mile. A rental cart is delivered and collected for $84 ($6 a mile past the first 10).",
    ],
  ])("%s", (name, text) => expect(townDeliveryText(town(name), SHOWROOM)).toBe(text));

  it("never calls a purchase's free delivery free for a rental: each town's rental fee is the one the booking quotes", () => {
    const towns = rentalTowns(
      TOWNS.map((t) => ({ slug: t.slug, name: t.name, ...t.coordinates })),
      SHOWROOM.geo,
    );
    for (const t of TOWNS) {
      const text = townDeliveryText(t, SHOWROOM);
      const miles = milesFromShowroom(t, SHOWROOM);
      if (miles > DELIVERY_RULES.freeRadiusMiles) expect(text).toContain("then $6 per mile");
      else expect(text).toContain("a cart you buy for $5,000 or more is delivered free");
      const quote = quoteRental(
        {
          plan: "4-seater",
          start: "2027-06-12T10:00",
          end: "2027-06-13T10:00",
          delivery: { kind: "delivery", town: t.slug, street: "1 Ocean Ave" },
          drivers: 0,
        },
        { now: new Date("2027-06-01T13:00:00Z"), towns, timeZone: "America/New_York" },
      );
      expect(quote.ok, t.name).toBe(true);
      const fee = quote.ok ? quote.quote.deliveryFee : NaN;
      expect(text, t.name).toContain(
        fee === 0 ? "A rental cart is delivered and collected free" : `A rental cart is delivered and collected for ${formatUsd(fee)}`,
      );
    }
  });
});

describe("rentalDeliveryRule", () => {
  it("says the rental rule with its limit, never a bare free", () => {
    expect(rentalDeliveryRule()).toBe("free within 10 miles of our showroom, then $6 a mile");
  });
});
