import { z } from "zod";
import { VEHICLE_ID_PATTERN, vehicleIdFromName } from "./slug";
import { httpUrl } from "./http-url";
import { formatUsd } from "./money";
import { vinProblem } from "./vin";

/** A link to elsewhere: http(s) only (never javascript:, data: …). */
const HttpUrlSchema = z.url({ protocol: /^https?$/, error: "must be an http(s) URL" });
const SITE = "https://dealer.invalid";
/** Whether `s` is a path of the site itself ("/photos/…", "/images/…"), never "//host" or "/\\host", which leave it. */
const isSitePath = (s: string) => s.startsWith("/") && httpUrl(s, `${SITE}/`)?.startsWith(`${SITE}/`) === true;

/**
 * An image the site can show: a path it serves, an uploaded photo (/photos/…) or one of its drawings (/images/…). The
 * pages' Content-Security-Policy loads images from the site only, so another site's URL would show as a broken image.
 */
export const ImageSchema = z
  .string()
  .min(1)
  .refine(isSitePath, "must be a path on this site (an uploaded photo or /images/…): images from other sites cannot be shown");

/** An image as stored: earlier versions also took http(s) URLs; a vehicle holding one still loads, and drops it at its next save. */
const StoredImageSchema = z
  .string()
  .min(1)
  .refine((s) => httpUrl(s, `${SITE}/`) !== undefined, "must be a path or an http(s) URL");

export { VEHICLE_ID_PATTERN } from "./slug";

/** A vehicle's price, in whole US dollars: the dearest cart we could list is well under this. */
export const PRICE_MIN_USD = 1;
export const PRICE_MAX_USD = 250_000;
/** Seats in a cart: from a single-seat utility to the largest shuttle. */
export const SEATS_MIN = 1;
export const SEATS_MAX = 14;
/** A specification written as text ("40 miles", "72V Lithium") is at most this long. */
export const SPEC_TEXT_MAX = 40;

/** Price: a whole number of dollars in range, said in words. */
const PRICE_RULE = `Price must be a whole number of dollars from ${formatUsd(PRICE_MIN_USD)} to ${formatUsd(PRICE_MAX_USD)}`;
/** A vehicle's price as staff write it. */
export const PriceSchema = z
  .number({ error: PRICE_RULE })
  .int({ error: PRICE_RULE })
  .min(PRICE_MIN_USD, { error: PRICE_RULE })
  .max(PRICE_MAX_USD, { error: PRICE_RULE });

/** A number from `min` to `max` (`unit` after it in the message), or a short text such as "40 miles". */
function numberOrText(label: string, max: number, unit: string) {
  const rule = `${label} must be a number from 1 to ${max} ${unit}, or a text of at most ${SPEC_TEXT_MAX} characters`;
  return z.union(
    [
      z.string().trim().min(1, { error: rule }).max(SPEC_TEXT_MAX, { error: rule }),
      z.number({ error: rule }).min(1, { error: rule }).max(max, { error: rule }),
    ],
    {
      error: rule,
    },
  );
}
const shortText = (label: string) => z.string().max(SPEC_TEXT_MAX, { error: `${label} must be at most ${SPEC_TEXT_MAX} characters` });

const SEATS_RULE = `Seating capacity must be a whole number of seats from ${SEATS_MIN} to ${SEATS_MAX}`;

/**
 * Vehicle specifications. seatingCapacity and range are required; the
 * others are optional; extra keys are allowed, kept, and displayed. Each has
 * a sane range, said in words (a 250-seat cart or a 5,000-character range is a typing slip).
 */
export const SpecificationsSchema = z.looseObject({
  seatingCapacity: z.number({ error: SEATS_RULE }).int({ error: SEATS_RULE }).min(SEATS_MIN, { error: SEATS_RULE }).max(SEATS_MAX, { error: SEATS_RULE }),
  range: numberOrText("Range", 200, "miles"),
  topSpeed: numberOrText("Top speed", 60, "mph").optional(),
  batteryType: shortText("Battery type").optional(),
  chargingTime: shortText("Charging time").optional(),
  payload: numberOrText("Payload", 5000, "lbs").optional(),
});
export type Specifications = z.infer<typeof SpecificationsSchema>;

export const VEHICLE_CONDITIONS = ["new", "used"] as const;
export type VehicleCondition = (typeof VEHICLE_CONDITIONS)[number];

/** Where a vehicle stands in the sale: a sold one leaves every public list; an on-hold one stays, with a badge. */
export const VEHICLE_STATUSES = ["available", "on-hold", "sold"] as const;
export type VehicleStatus = (typeof VEHICLE_STATUSES)[number];

/** A stock number: the dealer's own label on the windshield ("D-1042"), unique within the catalogue. */
export const STOCK_NUMBER_PATTERN = /^[A-Za-z0-9][A-Za-z0-9-]*$/;
export const STOCK_NUMBER_MAX = 20;
const STOCK_RULE = `Stock number must be 1 to ${STOCK_NUMBER_MAX} letters, digits or dashes, starting with a letter or digit`;
/** A manufacturer's serial number (golf carts have one where an LSV has a VIN). */
export const SERIAL_NUMBER_MAX = 30;
/** Model years: the first electric golf carts were sold in the 1950s; a maker names next year's models this year. */
export const MODEL_YEAR_MIN = 1950;
const modelYearMax = () => new Date().getUTCFullYear() + 1;
/** A colour as the dealer says it ("Lime Green Metallic"). */
export const COLOR_MAX = 40;
/** Hours on a used cart's meter and miles on its odometer: a cart past these is a typing slip. */
export const HOURS_MAX = 50_000;
export const ODOMETER_MAX_MILES = 500_000;

const YEAR_RULE = () => `Year must be a model year from ${MODEL_YEAR_MIN} to ${modelYearMax()}`;
const COST_RULE = `Cost must be a whole number of dollars from $0 to ${formatUsd(PRICE_MAX_USD)}`;
const HOURS_RULE = `Hours must be a whole number from 0 to ${HOURS_MAX.toLocaleString("en-US")}`;
const ODOMETER_RULE = `Odometer must be a whole number of miles from 0 to ${ODOMETER_MAX_MILES.toLocaleString("en-US")}`;
const wholeNumber = (max: number, rule: string) => z.number({ error: rule }).int({ error: rule }).min(0, { error: rule }).max(max, { error: rule });

/**
 * What makes a model a unit on a lot (issue 29): every field optional, so a
 * catalogue of models written before it stays valid. `cost` is staff-only:
 * every public answer is built from publicVehicle (public-vehicle.ts), which leaves it out.
 */
export const UnitFieldsSchema = z.object({
  stockNumber: z
    .string({ error: STOCK_RULE })
    .trim()
    .max(STOCK_NUMBER_MAX, { error: STOCK_RULE })
    .regex(STOCK_NUMBER_PATTERN, { error: STOCK_RULE })
    .optional(),
  /** The 17-character VIN of a street-legal unit, its check digit verified (domain/vin.ts). */
  vin: z
    .string({ error: "VIN must be a text of 17 characters" })
    .trim()
    .toUpperCase()
    .superRefine((vin, ctx) => {
      const problem = vinProblem(vin);
      if (problem) ctx.addIssue({ code: "custom", message: problem });
    })
    .optional(),
  serialNumber: z
    .string({ error: "Serial number must be a text" })
    .trim()
    .min(1, { error: "Serial number must not be empty: leave it out instead" })
    .max(SERIAL_NUMBER_MAX, { error: `Serial number must be at most ${SERIAL_NUMBER_MAX} characters` })
    .optional(),
  year: z
    .number({ error: YEAR_RULE })
    .int({ error: YEAR_RULE })
    .min(MODEL_YEAR_MIN, { error: YEAR_RULE })
    .refine((y) => y <= modelYearMax(), { error: YEAR_RULE })
    .optional(),
  color: z
    .string({ error: "Colour must be a text" })
    .trim()
    .min(1, { error: "Colour must not be empty: leave it out instead" })
    .max(COLOR_MAX, { error: `Colour must be at most ${COLOR_MAX} characters` })
    .optional(),
  /** Hours on the meter of a used unit. */
  hours: wholeNumber(HOURS_MAX, HOURS_RULE).optional(),
  /** Miles on the odometer of a used unit. */
  odometer: wholeNumber(ODOMETER_MAX_MILES, ODOMETER_RULE).optional(),
  /** A low-speed vehicle with a title, allowed on public roads. */
  streetLegal: z.boolean({ error: "Street legal must be yes or no" }).optional(),
  /** What the dealer paid, in whole dollars: staff only, never public. */
  cost: wholeNumber(PRICE_MAX_USD, COST_RULE).optional(),
  /** The day it arrived on the lot (YYYY-MM-DD); days on the lot derive from it (daysOnLot). */
  receivedAt: z.iso.date({ error: "Received must be a date (YYYY-MM-DD)" }).optional(),
  /** The lot it stands on: a site id (domain/site.ts). */
  location: z.string().regex(VEHICLE_ID_PATTERN, { error: "Location must be a site id" }).optional(),
});

/** The fields of a vehicle as written: `condition` says new or used, and `isNew` (spec §3) is derived from it, never stored apart. */
export const VehicleFieldsSchema = z.object({
  id: z.string().regex(VEHICLE_ID_PATTERN),
  name: z.string().min(1),
  description: z.string().min(1),
  /** Price in whole US dollars. */
  price: PriceSchema,
  brand: z.string().min(1),
  category: z.string().min(1),
  /** Paths the dealership serves; the first is the main image. */
  images: z.array(ImageSchema),
  inStock: z.boolean(),
  /** Read only when `condition` is absent (data written before conditions existed); otherwise `condition` decides. */
  isNew: z.boolean().optional(),
  features: z.array(z.string().min(1)),
  specifications: SpecificationsSchema,
  externalUrl: HttpUrlSchema.optional(),
  featured: z.boolean().default(false),
  condition: z.enum(VEHICLE_CONDITIONS).optional(),
  status: z.enum(VEHICLE_STATUSES).default("available"),
  /** The ids of the sites it is shown on (issue 26); absent, every site shows it. */
  sites: z
    .array(z.string().regex(VEHICLE_ID_PATTERN, "must be a site id"))
    .min(1, "must name at least one site, or be left out to show it on every site")
    .optional(),
  ...UnitFieldsSchema.shape,
});

/** One truth for new or used: `condition` (else the old `isNew` flag, else new), and `isNew` derived from it. */
function withCondition<T extends { isNew?: boolean; condition?: VehicleCondition }>(
  v: T,
): Omit<T, "isNew" | "condition"> & { isNew: boolean; condition: VehicleCondition } {
  const condition = v.condition ?? (v.isNew === false ? "used" : "new");
  return { ...v, condition, isNew: condition === "new" };
}

/** A vehicle as the API serves it (spec §3 "Entities": id, name, description, price, brand, category, images, stock and new flags, features, specifications, external URL; plus featured and condition). */
export const VehicleSchema = VehicleFieldsSchema.transform(withCondition);
export type Vehicle = z.infer<typeof VehicleSchema>;
/** A vehicle as written in a seed or data file, before defaults apply. */
export type VehicleInput = z.input<typeof VehicleSchema>;

/**
 * A vehicle as stored before these rules (docs/decisions/0019-vehicle-condition-and-price.md):
 * read, never written. A price with cents is rounded to the dollar the page always showed, and
 * a price or specification out of today's bounds still loads, so that one old record cannot stop
 * the catalogue; staff meet the rule when they next save it.
 */
const StoredVehicleSchema = VehicleFieldsSchema.extend({
  images: z.array(StoredImageSchema),
  price: z.number().nonnegative().transform(Math.round),
  specifications: z.looseObject({
    seatingCapacity: z.number().int().positive(),
    range: z.union([z.string().min(1), z.number().positive()]),
  }),
}).transform(withCondition);

/** The catalogue as stored (data file, database, backup): each vehicle read with StoredVehicleSchema, its images as stored. */
export const VehicleListSchema = z.array(StoredVehicleSchema) as z.ZodType<Vehicle[], VehicleInput[]>;

/** A vehicle as staff send it: the id may be left out, and is then derived from the name (vehicleIdFromName). */
export const NewVehicleSchema = VehicleFieldsSchema.extend({ id: VehicleFieldsSchema.shape.id.optional() })
  .refine((v) => v.id !== undefined || vehicleIdFromName(v.name) !== "", {
    path: ["name"],
    message: "The name needs at least one letter or digit",
  })
  .transform(withCondition);
export type NewVehicleInput = z.input<typeof NewVehicleSchema>;

/** Each bad field's first message, keyed by its dotted path ("price", "specifications.range"), as forms name fields. */
export function vehicleFieldErrors(error: z.core.$ZodError): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const issue of error.issues) fields[issue.path.length ? issue.path.join(".") : "body"] ??= issue.message;
  return fields;
}

const DAY_MS = 86_400_000;
/** Whole days a unit has stood on the lot on `today` (UTC days since receivedAt); undefined when its arrival is not known. */
export function daysOnLot(v: Pick<Vehicle, "receivedAt">, today: Date = new Date()): number | undefined {
  if (!v.receivedAt) return undefined;
  return Math.max(0, Math.floor((today.getTime() - Date.parse(`${v.receivedAt}T00:00:00Z`)) / DAY_MS));
}

/** Whether the public site and API list a vehicle: every status but sold. */
export const isListed = (v: Pick<Vehicle, "status">): boolean => v.status !== "sold";

/** Whether the site `siteId` shows the vehicle: it names no sites (every site shows it), or names this one. */
export const isShownOn = (v: Pick<Vehicle, "sites">, siteId: string): boolean => !v.sites || v.sites.includes(siteId);

/** The fields that differ between two versions of a vehicle, specifications by their dotted path ("specifications.range"). */
export function changedVehicleFields(before: Partial<Vehicle>, after: Partial<Vehicle>): string[] {
  const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);
  const keys = (a: object, b: object) => [...new Set([...Object.keys(a), ...Object.keys(b)])];
  const changed: string[] = [];
  for (const key of keys(before, after) as (keyof Vehicle)[]) {
    if (key === "specifications") {
      const a = before.specifications ?? {};
      const b = after.specifications ?? {};
      for (const k of keys(a, b)) if (!same((a as Record<string, unknown>)[k], (b as Record<string, unknown>)[k])) changed.push(`specifications.${k}`);
    } else if (!same(before[key], after[key])) changed.push(key);
  }
  return changed;
}
