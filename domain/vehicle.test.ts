import { describe, expect, it } from "vitest";
import { seedCatalogue } from "./catalogue/seed";
import { daysOnLot, NewVehicleSchema, VehicleListSchema, VehicleSchema, vehicleFieldErrors, type VehicleInput } from "./vehicle";

const cart = seedCatalogue()[0]!;
const PRICE_RULE = "Price must be a whole number of dollars from $1 to $250,000";
const PRICE_ASKED = "Enter the price in whole dollars, like 12995";

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
    [Number.NaN, PRICE_ASKED],
    ["12995", PRICE_ASKED],
    [undefined, PRICE_ASKED],
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
    ["payload", 50_000, "Payload must be a number from 1 to 5,000 lbs, or a text of at most 40 characters"],
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

describe("a unit on a lot: its fields, each optional, each said in words when wrong", () => {
  const STOCK_RULE = "Stock number must be 1 to 20 letters, digits or dashes, starting with a letter or digit";
  const nextYear = new Date().getUTCFullYear() + 1;
  const YEAR_RULE = `Year must be a model year from 1950 to ${nextYear}`;
  it.each([
    ["stockNumber", "D-1042", "ok"],
    ["stockNumber", "-1042", STOCK_RULE],
    ["stockNumber", "D 1042", STOCK_RULE],
    ["stockNumber", "D".repeat(21), STOCK_RULE],
    ["vin", "1M8GDM9AXKP042788", "ok"],
    ["vin", "1m8gdm9axkp042788", "ok"],
    ["vin", "1M8GDM9A1KP042788", 'This VIN\'s check digit (9th character) is "1" but its other characters give "X": a character is mistyped'],
    ["vin", "1M8GDM9AXKP04278", "A VIN has 17 characters; this one has 16"],
    ["vin", "1M8GDM9AXKPO42788", 'A VIN has only digits and the letters A–Z without I, O and Q; "O" is not one of them'],
    ["serialNumber", "EV2403-118842", "ok"],
    ["serialNumber", "", "Serial number must be 1 to 30 characters: leave it empty when there is none"],
    ["year", 2025, "ok"],
    ["year", nextYear, "ok"],
    ["year", nextYear + 1, YEAR_RULE],
    ["year", 1949, YEAR_RULE],
    ["year", 2024.5, YEAR_RULE],
    ["year", "2024", YEAR_RULE],
    ["color", "Lime Green Metallic", "ok"],
    ["color", "c".repeat(41), "Colour must be 1 to 40 characters: leave it empty when not known"],
    ["hours", 120, "A new unit has no meter reading: choose Used as the condition, or leave this empty"],
    ["hours", -1, "Hours must be a whole number from 0 to 50,000"],
    ["odometer", 1_200, "A new unit has no meter reading: choose Used as the condition, or leave this empty"],
    ["odometer", 600_000, "Odometer must be a whole number of miles from 0 to 500,000"],
    ["streetLegal", true, "ok"],
    ["streetLegal", "yes", "Street legal must be yes or no"],
    ["cost", 7_100, "ok"],
    ["cost", 7_100.5, "Cost must be a whole number of dollars from $0 to $250,000"],
    ["receivedAt", "2026-08-14", "ok"],
    ["receivedAt", "14/08/2026", "Enter the day it arrived on the lot, like 2026-11-25"],
    ["receivedAt", "2026-02-30", "Enter the day it arrived on the lot, like 2026-11-25"],
    ["receivedAt", "2030-01-15", "The day it arrived on the lot cannot be later than today"],
    ["receivedAt", new Date().toISOString().slice(0, 10), "ok"],
    ["location", "cape-may", "ok"],
    ["location", "Cape May", "Choose the lot from the organisation's sites"],
  ])("%s = %j → %s", (field, value, expected) => expect(verdict({ [field]: value } as Partial<VehicleInput>, field)).toBe(expected));

  it.each([
    ["hours", 120],
    ["odometer", 1_200],
  ])("%s: a used unit's meter reading is kept", (field, value) => {
    expect(verdict({ condition: "used", [field]: value } as Partial<VehicleInput>, field)).toBe("ok");
    expect(verdict({ condition: undefined, isNew: false, [field]: value } as Partial<VehicleInput>, field)).toBe("ok");
  });

  it("a stored new unit with a meter reading (written before the rule) still loads", () => {
    expect(VehicleListSchema.parse([{ ...cart, condition: "new", hours: 12 }])[0]!.hours).toBe(12);
  });

  it("keeps a VIN in capitals, as it is printed on the title", () => {
    expect(VehicleSchema.parse({ ...cart, vin: " 1m8gdm9axkp042788 " }).vin).toBe("1M8GDM9AXKP042788");
  });

  it.each([
    [undefined, "2026-11-25T12:00:00Z", undefined],
    ["2026-11-25", "2026-11-25T23:59:00Z", 0],
    ["2026-09-26", "2026-11-25T08:00:00Z", 60],
    ["2026-12-01", "2026-11-25T08:00:00Z", 0],
  ])("received %s, on %s → %s days on the lot", (receivedAt, today, days) => {
    expect(daysOnLot({ receivedAt }, new Date(today))).toBe(days);
  });
});
