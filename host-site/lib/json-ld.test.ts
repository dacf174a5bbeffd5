import { describe, expect, it } from "vitest";
import { BUSINESS } from "../../domain/business";
import { seedCatalogue } from "../../domain/catalogue";
import { openingHoursSpecification } from "../../domain/opening-hours";
import { firstSite } from "../../domain/site-seed";
import { publicVehicle } from "../../domain/public-vehicle";
import { dealerJsonLd, jsonLdText, vehicleJsonLd } from "./json-ld";
import { siteFacts } from "./site-facts";

const FIRST = siteFacts(firstSite());

describe("dealerJsonLd", () => {
  const ld = dealerJsonLd(FIRST);
  it("is an AutoDealer with the one set of hours and the core address", () => {
    expect(ld["@type"]).toBe("AutoDealer");
    expect(ld.openingHoursSpecification).toEqual(openingHoursSpecification());
    expect(ld.address.streetAddress).toBe(BUSINESS.address.street);
    expect(ld.address.postalCode).toBe(BUSINESS.address.postalCode);
    expect(ld.telephone).toBe(BUSINESS.phones.main.e164);
  });
  it("carries no ratings or reviews", () => {
    const text = JSON.stringify(ld);
    expect(text).not.toMatch(/aggregateRating|review/i);
  });
});

describe("vehicleJsonLd", () => {
  const vehicles = seedCatalogue();
  it.each([
    [{ inStock: true, condition: "new" as const }, "https://schema.org/InStock", "https://schema.org/NewCondition"],
    [{ inStock: false, condition: "used" as const }, "https://schema.org/OutOfStock", "https://schema.org/UsedCondition"],
    [{ inStock: true, status: "on-hold" as const }, "https://schema.org/Reserved", "https://schema.org/NewCondition"],
  ])("%o → %s, %s", (patch, availability, condition) => {
    const v = publicVehicle({ ...vehicles[0]!, ...patch });
    const ld = vehicleJsonLd(FIRST, v, `/vehicle/${v.id}`);
    expect(ld.offers).toMatchObject({ price: v.price, priceCurrency: "USD", availability, itemCondition: condition });
    expect(ld.itemCondition).toBe(condition);
    expect(ld.url).toBe(`${BUSINESS.siteUrl}/vehicle/${v.id}`);
    expect(JSON.stringify(ld)).not.toMatch(/aggregateRating|review/i);
  });

  it.each([
    [
      "a golf cart: a Vehicle with its serial, year and colour",
      { serialNumber: "EV2403-118842" },
      { "@type": "Vehicle", sku: "D-1001", serialNumber: "EV2403-118842", vehicleModelDate: "2025", color: "Arctic White" },
      ["vehicleIdentificationNumber", "mileageFromOdometer"],
    ],
    [
      "a used street-legal LSV: a Car with its VIN and odometer in statute miles",
      { streetLegal: true, condition: "used" as const, vin: "1M8GDM9AXKP042788", odometer: 3_400 },
      {
        "@type": "Car",
        vehicleIdentificationNumber: "1M8GDM9AXKP042788",
        itemCondition: "https://schema.org/UsedCondition",
        mileageFromOdometer: { "@type": "QuantitativeValue", value: 3_400, unitCode: "SMI" },
      },
      ["serialNumber"],
    ],
  ])("%s", (_what, patch, expected, absent) => {
    const ld = vehicleJsonLd(FIRST, publicVehicle({ ...vehicles[0]!, ...patch, cost: 6_100 }), "/vehicle/x");
    expect(ld).toMatchObject(expected);
    for (const key of absent) expect(key in ld).toBe(false);
    expect(JSON.stringify(ld)).not.toMatch(/6100|cost/);
  });
});

describe("jsonLdText", () => {
  it.each([
    [{ a: "</script><script>alert(1)</script>" }, '{"a":"\\u003c/script\\u003e\\u003cscript\\u003ealert(1)\\u003c/script\\u003e"}'],
    [{ a: "Tom & Jerry" }, '{"a":"Tom \\u0026 Jerry"}'],
    [{ n: 1 }, '{"n":1}'],
  ])("%o", (data, text) => {
    expect(jsonLdText(data)).toBe(text);
    expect(JSON.parse(jsonLdText(data))).toEqual(data);
  });
});
