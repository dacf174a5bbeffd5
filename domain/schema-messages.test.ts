import { describe, expect, it } from "vitest";
import { z } from "zod";
import { ContactRequestSchema, LeadSourceSchema } from "./contact";
import { InventoryQuerySchema } from "./inventory-query";
import { FollowUpChangeSchema, LeadQuerySchema } from "./lead-follow-up";
import { OriginSchema } from "./origin";
import { SiteSchema } from "./site";
import { firstSite } from "./site-seed";
import { NewPasswordSchema, NewStaffAccountSchema, SignInSchema, StaffSitesSchema } from "./staff";
import { VALID_MESSAGE } from "./testing/valid-lead";

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

describe("every message a person reads is words, not a validator's text", () => {
  it.each(SCHEMAS)("%s: the valid example passes", (_, schema, valid) => {
    expect(schema.safeParse(valid).error?.issues).toBeUndefined();
  });

  it.each(SCHEMAS)("%s: no failing input is answered in zod's or a pattern's words", (_, schema, valid) => {
    const machine = new Set<string>();
    let failures = 0;
    for (const path of paths(valid))
      for (const bad of BAD_VALUES) {
        const issues = schema.safeParse(replaced(valid, path, bad)).error?.issues ?? [];
        failures += issues.length;
        for (const issue of issues) if (VALIDATOR_TEXT.test(issue.message)) machine.add(`${issue.path.join(".") || "(value)"}: ${issue.message}`);
      }
    expect(failures).toBeGreaterThan(0);
    expect([...machine]).toEqual([]);
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
