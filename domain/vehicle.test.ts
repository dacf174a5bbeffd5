import { describe, expect, it } from "vitest";
import { seedCatalogue } from "./catalogue/seed";
import { NewVehicleSchema, VehicleListSchema, VehicleSchema, vehicleFieldErrors, type VehicleInput } from "./vehicle";

const cart = seedCatalogue()[0]!;
const PRICE_RULE = "Price must be a whole number of dollars from $1 to $250,000";

/** The first message for `field` when `patch` is applied to a valid vehicle, or "ok". */
function verdict(patch: Partial<VehicleInput>, field: string): string {
  const result = VehicleSchema.safeParse({ ...cart, ...patch });
  return result.success ? "ok" : (vehicleFieldErrors(result.error)[field] ?? "ok");
}
const specs = (patch: Record<string, unknown>) => ({ specifications: { ...cart.specifications, ...patch } }) as Partial<VehicleInput>;

describe("price", () => {
  it.each([
    [12_995, "ok"],
    [1, "ok"],
    [250_000, "ok"],
    [7995.99, PRICE_RULE],
    [0, PRICE_RULE],
    [-5, PRICE_RULE],
    [99_999_999_999, PRICE_RULE],
    [Number.NaN, PRICE_RULE],
    ["12995", PRICE_RULE],
  ])("%s → %s", (price, expected) => expect(verdict({ price: price as number }, "price")).toBe(expected));
});

describe("specifications", () => {
  it.each([
    ["seatingCapacity", 6, "ok"],
    ["seatingCapacity", 250, "Seating capacity must be a whole number of seats from 1 to 14"],
    ["seatingCapacity", 0, "Seating capacity must be a whole number of seats from 1 to 14"],
    ["seatingCapacity", 2.5, "Seating capacity must be a whole number of seats from 1 to 14"],
    ["range", "40 miles", "ok"],
    ["range", 55, "ok"],
    ["range", "x".repeat(5000), "Range must be a number from 1 to 200 miles, or a text of at most 40 characters"],
    ["range", 9000, "Range must be a number from 1 to 200 miles, or a text of at most 40 characters"],
    ["range", "  ", "Range must be a number from 1 to 200 miles, or a text of at most 40 characters"],
    ["topSpeed", "25 mph", "ok"],
    ["topSpeed", 400, "Top speed must be a number from 1 to 60 mph, or a text of at most 40 characters"],
    ["payload", 50_000, "Payload must be a number from 1 to 5000 lbs, or a text of at most 40 characters"],
    ["batteryType", "y".repeat(41), "Battery type must be at most 40 characters"],
    ["chargingTime", "6-8 hours", "ok"],
  ])("%s = %s → %s", (key, value, expected) => {
    expect(verdict(specs({ [key]: value }), `specifications.${key}`)).toBe(expected);
  });
});

describe("new or used: condition decides, isNew follows", () => {
  it.each([
    [{ condition: "used", isNew: true }, "used", false],
    [{ condition: "new", isNew: false }, "new", true],
    [{ condition: "used", isNew: undefined }, "used", false],
    [{ condition: undefined, isNew: true }, "new", true],
    [{ condition: undefined, isNew: false }, "used", false],
    [{ condition: undefined, isNew: undefined }, "new", true],
  ] as const)("%o → %s, isNew %s", (patch, condition, isNew) => {
    for (const schema of [VehicleSchema, NewVehicleSchema]) {
      const v = schema.parse({ ...cart, ...patch });
      expect([v.condition, v.isNew]).toEqual([condition, isNew]);
    }
  });
});

describe("a stored catalogue written before these rules", () => {
  it.each([
    ["a price with cents, rounded to the dollar the page showed", { price: 7995.99 }, { price: 7996 }],
    ["isNew without a condition", { isNew: false, condition: undefined }, { condition: "used", isNew: false }],
    ["a zero price, kept until staff next save it", { price: 0 }, { price: 0 }],
    ["a 250-seat typing slip, kept likewise", specs({ seatingCapacity: 250 }), { specifications: { ...cart.specifications, seatingCapacity: 250 } }],
  ])("loads %s", (_what, patch, expected) => {
    expect(VehicleListSchema.parse([{ ...cart, ...patch }])[0]).toMatchObject(expected);
  });

  it("still refuses a record that is not a vehicle", () => {
    expect(VehicleListSchema.safeParse([{ ...cart, price: "cheap" }]).success).toBe(false);
  });
});
