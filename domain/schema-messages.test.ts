import { afterEach, describe, expect, it } from "vitest";
import { z } from "zod";
import { ContactRequestSchema, LeadSourceSchema } from "./contact";
import { InventoryQuerySchema } from "./inventory-query";
import { FollowUpChangeSchema, LeadQuerySchema } from "./lead-follow-up";
import { OriginSchema } from "./origin";
import { SiteSchema } from "./site";
import { firstSite } from "./site-seed";
import { NewPasswordSchema, NewStaffAccountSchema, SignInSchema, StaffSitesSchema } from "./staff";
import { VALID_MESSAGE } from "./testing/valid-lead";
import { seedCatalogue } from "./catalogue/seed";
import { plainMessage } from "./plain-messages";
import { NewVehicleSchema, VehicleSchema } from "./vehicle";
import { VehicleEditSchema } from "./vehicle-edit";

/** What a validator writes by itself (zod's default texts, or a regular expression shown as is). */
const VALIDATOR_TEXT = /expected|received|Too small|Too big|Invalid input|Invalid string|regex|\/\^|\$\//i;

/**
 * What a form, a query string or a hand-written request can put in a field: nothing, empty or blank text, absurdly
 * long or badly formed text, a number input left empty (NaN) or out of range, a fraction where a count goes.
 */
const BAD_VALUES: readonly unknown[] = [undefined, "", " ", "x".repeat(5000), "Not valid! <b>", "a@", "-", Number.NaN, -1, 1.5, 1e9];

interface SafeParser {
  safeParse(value: unknown): { success: boolean; error?: { issues: readonly { message: string; path: readonly PropertyKey[] }[] } };
}

/** Every path into `value`'s objects and arrays, the root first. */
function paths(value: unknown, at: PropertyKey[] = []): PropertyKey[][] {
  const out = [at];
  if (value && typeof value === "object") for (const [k, v] of Object.entries(value)) out.push(...paths(v, [...at, Array.isArray(value) ? Number(k) : k]));
  return out;
}

/** `value` with the value at `path` replaced (structuredClone keeps the rest). */
function replaced(value: unknown, path: readonly PropertyKey[], bad: unknown): unknown {
  if (!path.length) return bad;
  const copy = structuredClone(value) as Record<PropertyKey, unknown>;
  let node = copy;
  for (const k of path.slice(0, -1)) node = node[k] as Record<PropertyKey, unknown>;
  node[path.at(-1)!] = bad;
  return copy;
}

/** Each schema a person's input meets (forms, the console, the API's query and body), with a valid value to spoil. */
const SCHEMAS: [string, SafeParser, unknown][] = [
  ["ContactRequestSchema", ContactRequestSchema, { ...VALID_MESSAGE, source: "town-page", website: "" }],
  ["LeadSourceSchema", LeadSourceSchema, "town-page"],
  ["SiteSchema", SiteSchema, firstSite()],
  ["NewStaffAccountSchema", NewStaffAccountSchema, { email: "ann@dealer.example", role: "sales", password: "a long passphrase", sites: ["cape-may"] }],
  ["StaffSitesSchema", StaffSitesSchema, ["cape-may"]],
  ["SignInSchema", SignInSchema, { email: "ann@dealer.example", password: "secret" }],
  ["NewPasswordSchema", NewPasswordSchema, { password: "a long passphrase" }],
  ["OriginSchema", OriginSchema, "https://partner.example"],
  ["FollowUpChangeSchema", FollowUpChangeSchema, { status: "contacted", note: "Called back" }],
  ["LeadQuerySchema", LeadQuerySchema, { status: "new", interest: "sales", site: "cape-may", source: "x", from: "2026-01-01", to: "2026-02-01", q: "dana" }],
  ["InventoryQuerySchema", InventoryQuerySchema, { q: "ranger", brand: "evolution", condition: "new", sort: "price-asc", page: "2", pageSize: "24" }],
];

/** A used unit with every field a vehicle can have, so that each one is spoilt in turn. */
const FULL_UNIT = {
  ...seedCatalogue()[0]!,
  externalUrl: "https://maker.example/cart",
  sites: ["cape-may"],
  condition: "used",
  stockNumber: "U-7001",
  vin: "1M8GDM9AXKP042788",
  serialNumber: "EV2403-118842",
  year: 2024,
  color: "Champagne",
  hours: 35,
  odometer: 120,
  streetLegal: true,
  cost: 6_100,
  receivedAt: "2026-09-01",
  location: "cape-may",
};

/**
 * The schemas whose every check has words of its own (naming its field), not only the generic floor of
 * plain-messages.ts: a staff member reading "This field is required" under a field cannot tell what the field wants.
 */
const OWN_WORDS: [string, SafeParser, unknown][] = [
  ["VehicleSchema", VehicleSchema, FULL_UNIT],
  ["NewVehicleSchema", NewVehicleSchema, FULL_UNIT],
  ["VehicleEditSchema", VehicleEditSchema, { changes: { price: 9995, color: "Sky Blue" }, base: { price: 10_995, color: null } }],
];
SCHEMAS.push(...OWN_WORDS);

interface Issue {
  message: string;
  path: readonly PropertyKey[];
  /** A union's issues, one list per option: a form's resolver may show one of these instead of the union's own. */
  errors?: readonly (readonly Issue[])[];
}

/** The issues with each union's options' issues beside them (at the union's path). */
const flat = (issues: readonly Issue[], at: readonly PropertyKey[] = []): Issue[] =>
  issues.flatMap((issue) => {
    const path = [...at, ...issue.path];
    return [{ ...issue, path }, ...(issue.errors ?? []).flatMap((option) => flat(option, path))];
  });

/** Every spoilt input of `valid` that `schema` refuses, with its issues (a union's options' too). */
function spoilt(schema: SafeParser, valid: unknown): Issue[][] {
  const refused = [];
  for (const path of paths(valid))
    for (const bad of BAD_VALUES) {
      const issues = schema.safeParse(replaced(valid, path, bad)).error?.issues as readonly Issue[] | undefined;
      if (issues) refused.push(flat(issues));
    }
  return refused;
}

describe("every message a person reads is words, not a validator's text", () => {
  it.each(SCHEMAS)("%s: the valid example passes", (_, schema, valid) => {
    expect(schema.safeParse(valid).error?.issues).toBeUndefined();
  });

  it.each(SCHEMAS)("%s: no failing input is answered in zod's or a pattern's words", (_, schema, valid) => {
    const machine = new Set<string>();
    const refused = spoilt(schema, valid);
    for (const issue of refused.flat()) if (VALIDATOR_TEXT.test(issue.message)) machine.add(`${issue.path.join(".") || "(value)"}: ${issue.message}`);
    expect(refused.length).toBeGreaterThan(0);
    expect([...machine]).toEqual([]);
  });
});

describe("a vehicle's every field has words of its own", () => {
  const GENERIC = "(the generic words: give this check a message of its own)";
  afterEach(() => {
    z.config({ localeError: plainMessage });
  });

  it.each(OWN_WORDS)("%s: no check falls back to the generic words", (_, schema, valid) => {
    z.config({ localeError: () => GENERIC });
    const refused = spoilt(schema, valid);
    const generic = new Set(refused.flat().flatMap((issue) => (issue.message === GENERIC ? [`${issue.path.join(".") || "(value)"}`] : [])));
    expect(refused.length).toBeGreaterThan(20);
    expect([...generic]).toEqual([]);
  });

  it("the test sees a check without words of its own", () => {
    z.config({ localeError: () => GENERIC });
    const refused = spoilt(VehicleSchema.and(z.object({ extra: z.string().min(1) })), { ...FULL_UNIT, extra: "x" });
    expect(refused.flat().some((issue) => issue.message === GENERIC && issue.path.join(".") === "extra")).toBe(true);
  });

  it.each([
    [{ name: "" }, "name", "Name is required"],
    [{ price: Number.NaN }, "price", "Enter the price in whole dollars, like 12995"],
    [{ price: undefined }, "price", "Enter the price in whole dollars, like 12995"],
    [{ price: 12.5 }, "price", "Price must be a whole number of dollars from $1 to $250,000"],
    [{ id: "Cart One" }, "id", "Use lower-case letters, digits and hyphens, like evolution-d5-ranger-4"],
    [{ id: "a".repeat(200) }, "id", "The ID must be at most 80 characters: it is part of the vehicle's address"],
    [{ receivedAt: "2030-01-15" }, "receivedAt", "The day it arrived on the lot cannot be later than today"],
    [{ stockNumber: "D 10" }, "stockNumber", "Stock number must be 1 to 20 letters, digits or dashes, starting with a letter or digit"],
    [{ vin: "1M8GDM9A" }, "vin", "A VIN has 17 characters; this one has 8"],
    [{ condition: "new" }, "hours", "A new unit has no meter reading: choose Used as the condition, or leave this empty"],
    [{ condition: "new" }, "odometer", "A new unit has no meter reading: choose Used as the condition, or leave this empty"],
  ])("%j: %s says %j", (patch, field, message) => {
    const issues = VehicleSchema.safeParse({ ...FULL_UNIT, ...patch }).error?.issues ?? [];
    expect(issues.find((i) => i.path.join(".") === field)?.message).toBe(message);
  });
});

describe("the words zod's own checks are given", () => {
  it.each([
    [z.string(), undefined, "This field is required"],
    [z.string().min(1), "", "This field is required"],
    [z.string().max(3), "abcd", "This must be at most 3 characters"],
    [z.number(), Number.NaN, "This must be a number"],
    [z.number().int(), 1.5, "This must be a whole number"],
    [z.number().min(1), 0, "This must be at least 1"],
    [z.enum(["a", "b"]), "c", "This must be one of: a, b"],
    [z.string().regex(/^x$/), "y", "This is not in the expected form"],
    [z.email(), "a@", "This must be an e-mail address such as sales@dealer.example"],
  ])("%#: gives %j", (schema: z.ZodType, input: unknown, message: string) => {
    expect(schema.safeParse(input).error!.issues[0]!.message).toBe(message);
  });
});
