import { describe, expect, it } from "vitest";
import { SERVICE_KIND_LABELS, SERVICE_MESSAGES, SERVICE_PRICE_TEXT, ServiceRequestSchema, servicePickupFee, servicePickupText } from "./service";
import { tradeInYearMax } from "./trade-in";

const good = {
  work: "repairs",
  cart: { make: "Club Car", model: "Onward", year: "2019" },
  problem: "The brakes squeal going downhill",
  handover: { kind: "pickup", street: "12 Bay Road", town: "rehoboth-beach" },
  slot: "2027-08-31T10:00",
  firstName: "Ada",
  lastName: "Lovelace",
  email: "ada@example.com",
  phone: "(302) 555-0142",
};
/** Each field's first message, nested fields dotted ("cart.make"), as the form shows them. */
const errorsOf = (body: unknown) => {
  const r = ServiceRequestSchema.safeParse(body);
  const out: Record<string, string> = {};
  for (const issue of r.success ? [] : r.error.issues) out[issue.path.join(".")] ??= issue.message;
  return out;
};

describe("the service request", () => {
  it("takes a complete request, the year as typed and no modifications for a repair", () => {
    expect(ServiceRequestSchema.parse(good)).toMatchObject({ cart: { make: "Club Car", model: "Onward", year: 2019 }, modifications: [] });
  });

  it("takes drop-off at the shop with no address, and a serial number or VIN when given", () => {
    const r = ServiceRequestSchema.parse({ ...good, handover: { kind: "drop-off" }, cart: { ...good.cart, serial: " JN123456 " } });
    expect(r).toMatchObject({ handover: { kind: "drop-off" }, cart: { serial: "JN123456" } });
  });

  it("says what is missing, field by field, in words", () => {
    expect(errorsOf({})).toMatchObject({
      work: "Choose the work your cart needs",
      cart: "Tell us the cart's make, model and year",
      problem: "Tell us what the cart needs in at least 10 characters",
      handover: "Choose drop-off at the shop or pickup from your address",
      slot: "Pick a day and a time window",
      firstName: "First name is required",
      email: "Invalid email address",
    });
  });

  it.each([
    [{ cart: { make: "Club Car", model: "Onward", year: "1949" } }, "cart.year", `Enter the model year as four digits, from 1950 to ${tradeInYearMax()}`],
    [{ cart: { make: "", model: "Onward", year: "2019" } }, "cart.make", "Enter the make, like Club Car or EZGO"],
    [{ problem: "noise" }, "problem", SERVICE_MESSAGES.problem],
    [{ handover: { kind: "pickup", street: "", town: "lewes" } }, "handover.street", "Enter the street address to pick the cart up from"],
    [{ handover: { kind: "pickup", street: "12 Bay Road" } }, "handover.town", "Choose the town to pick the cart up from"],
    [{ slot: "next Tuesday" }, "slot", "Pick a day and a time window"],
    [{ work: "custom" }, "modifications", "Choose the modifications you would like"],
    [{ work: "custom", modifications: ["rocket"] }, "modifications.0", "Choose the modifications you would like"],
    [{ phone: "555-0142" }, "phone", "Phone number is required"],
  ])("refuses %o at %s", (over, field, message) => {
    expect(errorsOf({ ...good, ...over })).toEqual({ [field]: message });
  });

  it("takes a custom job with its modifications", () => {
    expect(ServiceRequestSchema.parse({ ...good, work: "custom", modifications: ["lift-kit", "lights"] }).modifications).toEqual(["lift-kit", "lights"]);
  });
});

describe("prices shown", () => {
  it("labour from $155 an hour, custom work by quote, warranty work covered", () => {
    expect(Object.entries(SERVICE_KIND_LABELS).map(([kind, label]) => `${label}: ${SERVICE_PRICE_TEXT[kind as keyof typeof SERVICE_KIND_LABELS]}`)).toEqual([
      "Repairs & maintenance: Starting at $155/hour",
      "Batteries & charging: Quoted per cart",
      "Custom modification: Custom work by quote",
      "Annual safety inspection: Starting at $155/hour",
      "Warranty service: Covered by warranty",
      "Something else: Starting at $155/hour",
    ]);
  });

  it.each([
    [{ slug: "georgetown", name: "Georgetown", miles: 0 }, 0, "Pickup and return, Georgetown (0 miles): free within 10 miles"],
    [{ slug: "milton", name: "Milton", miles: 10 }, 0, "Pickup and return, Milton (10 miles): free within 10 miles"],
    [{ slug: "rehoboth-beach", name: "Rehoboth Beach", miles: 17 }, 42, "Pickup and return, Rehoboth Beach (17 miles): $42, $6 a mile past the first 10"],
  ])("pickup and return to %o: the rental delivery rule", (town, fee, text) => {
    expect(servicePickupFee(town)).toBe(fee);
    expect(servicePickupText(town)).toBe(text);
  });
});
