import { describe, expect, it } from "vitest";
import { BUSINESS } from "../../domain/business";
import { seedCatalogue } from "../../domain/catalogue";
import { openingHoursSpecification } from "../../domain/opening-hours";
import { firstSite } from "../../domain/site-seed";
import { dealerJsonLd, jsonLdText, productJsonLd } from "./json-ld";
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

describe("productJsonLd", () => {
  const vehicles = seedCatalogue();
  it.each([
    [{ inStock: true, condition: "new" as const }, "https://schema.org/InStock", "https://schema.org/NewCondition"],
    [{ inStock: false, condition: "used" as const }, "https://schema.org/OutOfStock", "https://schema.org/UsedCondition"],
  ])("%o → %s, %s", (patch, availability, condition) => {
    const v = { ...vehicles[0]!, ...patch };
    const ld = productJsonLd(FIRST, v, `/vehicle/${v.id}`);
    expect(ld.offers).toMatchObject({ price: v.price, priceCurrency: "USD", availability, itemCondition: condition });
    expect(ld.url).toBe(`${BUSINESS.siteUrl}/vehicle/${v.id}`);
    expect(JSON.stringify(ld)).not.toMatch(/aggregateRating|review/i);
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
