import { z } from "zod";
import { VEHICLE_ID_PATTERN, vehicleIdFromName } from "./slug";
import { httpUrl } from "./http-url";
import { vinProblem } from "./vin";
import {
  COLOR_MAX,
  HOURS_MAX,
  MODEL_YEAR_MIN,
  modelYearMax,
  ODOMETER_MAX_MILES,
  PRICE_MAX_USD,
  PRICE_MIN_USD,
  SEATS_MAX,
  SEATS_MIN,
  SERIAL_NUMBER_MAX,
  SPEC_TEXT_MAX,
  STOCK_NUMBER_MAX,
  USED_ONLY_FIELDS,
  VEHICLE_ID_MAX,
  VEHICLE_MESSAGES as M,
  type UnitField,
} from "./vehicle-fields";
import "./plain-messages";

const DAY_MS = 86_400_000;

export {
  COLOR_MAX,
  HOURS_MAX,
  MODEL_YEAR_MIN,
  ODOMETER_MAX_MILES,
  PRICE_MAX_USD,
  PRICE_MIN_USD,
  SEATS_MAX,
  SEATS_MIN,
  SERIAL_NUMBER_MAX,
  SPEC_TEXT_MAX,
  STOCK_NUMBER_MAX,
  VEHICLE_MESSAGES,
} from "./vehicle-fields";

/** A link to elsewhere: http(s) only (never javascript:, data: …). */
const HttpUrlSchema = z.url({ protocol: /^https?$/, error: M.externalUrl });
const SITE = "https://dealer.invalid";
/** Whether `s` is a path of the site itself ("/photos/…", "/images/…"), never "//host" or "/\\host", which leave it. */
const isSitePath = (s: string) => s.startsWith("/") && httpUrl(s, `${SITE}/`)?.startsWith(`${SITE}/`) === true;

/** An uploaded photo's path as the photo store names it (domain/photo.ts; whether it is stored, the API checks). */
const PHOTO_PATH = /^\/photos\/[0-9a-f]{20}-[1-9]\d{0,4}x[1-9]\d{0,4}\.jpg$/;
/** One of the site's own images (host-site/public/images): plain names, so never "..", an escape or another folder. */
const SITE_IMAGE = /^\/images\/(?:[a-z0-9][\w.-]*\/)*[a-z0-9][\w.-]*\.(?:svg|png|jpe?g|webp|avif)$/i;

/**
 * An image the site can show: an uploaded photo (/photos/…) or one of its own images (/images/…). Any other path of
 * the site (a page, the API) is no image, and the pages' Content-Security-Policy loads images from the site only, so
 * another site's URL would show as a broken image too.
 */
export const ImageSchema = z
  .string({ error: M.image })
  .min(1, { error: M.image })
  .refine((s) => isSitePath(s) && (PHOTO_PATH.test(s) || SITE_IMAGE.test(s)), M.image);

/** An image as stored: earlier versions also took http(s) URLs; a vehicle holding one still loads, and drops it at its next save. */
const StoredImageSchema = z
  .string({ error: M.storedImage })
  .min(1, { error: M.storedImage })
  .refine((s) => httpUrl(s, `${SITE}/`) !== undefined, M.storedImage);

export { VEHICLE_ID_PATTERN } from "./slug";

/** A vehicle's price as staff write it: missing or not a number, they are asked for one; a fraction or out of range, told the range. */
export const PriceSchema = z
  .number({ error: M.price })
  .int({ error: M.priceRange })
  .min(PRICE_MIN_USD, { error: M.priceRange })
  .max(PRICE_MAX_USD, { error: M.priceRange });

/** A number from 1 to `max`, or a short text such as "40 miles"; `rule` says so. */
function numberOrText(max: number, rule: string) {
  return z.union(
    [
      z.string({ error: rule }).trim().min(1, { error: rule }).max(SPEC_TEXT_MAX, { error: rule }),
      z.number({ error: rule }).min(1, { error: rule }).max(max, { error: rule }),
    ],
    {
      error: rule,
    },
  );
}
const shortText = (rule: string) => z.string({ error: rule }).max(SPEC_TEXT_MAX, { error: rule });
const SEATS_RULE = M.seatingCapacity;

/**
 * Vehicle specifications. seatingCapacity and range are required; the
 * others are optional; extra keys are allowed, kept, and displayed. Each has
 * a sane range, said in words (a 250-seat cart or a 5,000-character range is a typing slip).
 */
export const SpecificationsSchema = z.looseObject(
  {
    seatingCapacity: z.number({ error: SEATS_RULE }).int({ error: SEATS_RULE }).min(SEATS_MIN, { error: SEATS_RULE }).max(SEATS_MAX, { error: SEATS_RULE }),
    range: numberOrText(200, M.range),
    topSpeed: numberOrText(60, M.topSpeed).optional(),
    batteryType: shortText(M.batteryType).optional(),
    chargingTime: shortText(M.chargingTime).optional(),
    payload: numberOrText(5000, M.payload).optional(),
  },
  { error: M.specifications },
);

export const VEHICLE_CONDITIONS = ["new", "used"] as const;
export type VehicleCondition = (typeof VEHICLE_CONDITIONS)[number];

/** Where a vehicle stands in the sale: a sold one leaves every public list; an on-hold one stays, with a badge. */
export const VEHICLE_STATUSES = ["available", "on-hold", "sold"] as const;
export type VehicleStatus = (typeof VEHICLE_STATUSES)[number];

/** A stock number: the dealer's own label on the windshield ("D-1042"), unique within the catalogue. */
export const STOCK_NUMBER_PATTERN = /^[A-Za-z0-9][A-Za-z0-9-]*$/;
const STOCK_RULE = M.stockNumber;
const YEAR_RULE = M.year;
const wholeNumber = (max: number, rule: string) => z.number({ error: rule }).int({ error: rule }).min(0, { error: rule }).max(max, { error: rule });

/**
 * What makes a model a unit on a lot: every field optional, so a
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
    .string({ error: M.vin })
    .trim()
    .toUpperCase()
    .superRefine((vin, ctx) => {
      const problem = vinProblem(vin);
      if (problem) ctx.addIssue({ code: "custom", message: problem });
    })
    .optional(),
  serialNumber: z.string({ error: M.serialNumber }).trim().min(1, { error: M.serialNumber }).max(SERIAL_NUMBER_MAX, { error: M.serialNumber }).optional(),
  year: z
    .number({ error: YEAR_RULE })
    .int({ error: YEAR_RULE })
    .min(MODEL_YEAR_MIN, { error: YEAR_RULE })
    .refine((y) => y <= modelYearMax(), { error: YEAR_RULE })
    .optional(),
  color: z.string({ error: M.color }).trim().min(1, { error: M.color }).max(COLOR_MAX, { error: M.color }).optional(),
  /** Hours on the meter of a used unit. */
  hours: wholeNumber(HOURS_MAX, M.hours).optional(),
  /** Miles on the odometer of a used unit. */
  odometer: wholeNumber(ODOMETER_MAX_MILES, M.odometer).optional(),
  /** A low-speed vehicle with a title, allowed on public roads. */
  streetLegal: z.boolean({ error: M.streetLegal }).optional(),
  /** What the dealer paid, in whole dollars: staff only, never public. */
  cost: wholeNumber(PRICE_MAX_USD, M.cost).optional(),
  /** The day it arrived on the lot (YYYY-MM-DD); days on the lot derive from it (daysOnLot). */
  // A day after today's UTC date is allowed: it is already today in the dealer's time zone east of UTC.
  receivedAt: z.iso
    .date({ error: M.receivedAt })
    .refine((day) => Date.parse(`${day}T00:00:00Z`) <= Date.now() + DAY_MS, { error: M.receivedFuture })
    .optional(),
  /** The lot it stands on: a site id (domain/site.ts). */
  location: z.string({ error: M.location }).regex(VEHICLE_ID_PATTERN, { error: M.location }).optional(),
  /** The sale of a sold unit: the day, what the buyer paid, and the lead it came from when there is one. Staff only. */
  sale: z
    .object(
      {
        date: z.iso.date({ error: M.saleDate }),
        price: wholeNumber(PRICE_MAX_USD, M.salePrice),
        leadId: z.string({ error: M.saleLead }).trim().min(1, { error: M.saleLead }).max(100, { error: M.saleLead }).optional(),
      },
      { error: M.sale },
    )
    .optional(),
});

/** The fields of a vehicle as written: `condition` says new or used, and `isNew` (spec §3) is derived from it, never stored apart. */
export const VehicleFieldsSchema = z.object(
  {
    id: z.string({ error: M.id }).max(VEHICLE_ID_MAX, { error: M.idLong }).regex(VEHICLE_ID_PATTERN, { error: M.id }),
    name: z.string({ error: M.name }).min(1, { error: M.name }),
    description: z.string({ error: M.description }).min(1, { error: M.description }),
    /** Price in whole US dollars. */
    price: PriceSchema,
    brand: z.string({ error: M.brand }).min(1, { error: M.brand }),
    category: z.string({ error: M.category }).min(1, { error: M.category }),
    /** Paths the dealership serves; the first is the main image. */
    images: z.array(ImageSchema, { error: M.images }),
    inStock: z.boolean({ error: M.inStock }),
    /** Read only when `condition` is absent (data written before conditions existed); otherwise `condition` decides. */
    isNew: z.boolean({ error: M.isNew }).optional(),
    features: z.array(z.string({ error: M.feature }).min(1, { error: M.feature }), { error: M.features }),
    specifications: SpecificationsSchema,
    externalUrl: HttpUrlSchema.optional(),
    featured: z.boolean({ error: M.featured }).default(false),
    /** Not yet published (isPublic): staff see it, no page, API answer, sitemap or feed does. Absent: published. */
    draft: z.boolean({ error: M.draft }).optional(),
    condition: z.enum(VEHICLE_CONDITIONS, { error: M.condition }).optional(),
    status: z.enum(VEHICLE_STATUSES, { error: M.status }).default("available"),
    /** The ids of the sites it is shown on; absent, every site shows it. */
    sites: z
      .array(z.string({ error: M.site }).regex(VEHICLE_ID_PATTERN, { error: M.site }), { error: M.sites })
      .min(1, { error: M.sites })
      .optional(),
    ...UnitFieldsSchema.shape,
  },
  { error: M.vehicle },
);

/** One truth for new or used: `condition` (else the old `isNew` flag, else new), and `isNew` derived from it. */
function withCondition<T extends { isNew?: boolean; condition?: VehicleCondition }>(
  v: T,
): Omit<T, "isNew" | "condition"> & { isNew: boolean; condition: VehicleCondition } {
  const condition = v.condition ?? (v.isNew === false ? "used" : "new");
  return { ...v, condition, isNew: condition === "new" };
}

/**
 * A meter reading (hours, odometer) is a used unit's: a vehicle written new with one is refused, under that
 * field. Only writes check it; a stored vehicle holding one still loads (StoredVehicleSchema).
 */
function meterOnlyWhenUsed(v: { isNew?: boolean; condition?: VehicleCondition } & Partial<Record<UnitField, unknown>>, ctx: z.RefinementCtx): void {
  if (withCondition(v).condition === "used") return;
  for (const { key } of USED_ONLY_FIELDS) if (v[key] !== undefined) ctx.addIssue({ code: "custom", path: [key], message: M.usedOnly });
}

/** A vehicle as the API serves it (spec §3 "Entities": id, name, description, price, brand, category, images, stock and new flags, features, specifications, external URL; plus featured and condition). */
export const VehicleSchema = VehicleFieldsSchema.superRefine(meterOnlyWhenUsed).transform(withCondition);
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
    message: M.nameHasLetters,
  })
  .superRefine(meterOnlyWhenUsed)
  .transform(withCondition);
export type NewVehicleInput = z.input<typeof NewVehicleSchema>;

/** Each bad field's first message, keyed by its dotted path ("price", "specifications.range"), as forms name fields. */
export function vehicleFieldErrors(error: z.core.$ZodError): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const issue of error.issues) fields[issue.path.length ? issue.path.join(".") : "body"] ??= issue.message;
  return fields;
}

/** Whole days a unit has stood on the lot on `today` (UTC days since receivedAt); undefined when its arrival is not known. */
export function daysOnLot(v: Pick<Vehicle, "receivedAt">, today: Date = new Date()): number | undefined {
  if (!v.receivedAt) return undefined;
  return Math.max(0, Math.floor((today.getTime() - Date.parse(`${v.receivedAt}T00:00:00Z`)) / DAY_MS));
}

/** Whether the public may know of a vehicle at all: a draft is on no page, API answer, sitemap or feed until published. */
export const isPublic = (v: Pick<Vehicle, "draft">): boolean => v.draft !== true;

/** Whether the public site and API list a vehicle: a published one of any status but sold. */
export const isListed = (v: Pick<Vehicle, "status" | "draft">): boolean => v.status !== "sold" && isPublic(v);

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
