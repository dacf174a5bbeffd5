import { z } from "zod";
import { vehicleIdFromName } from "./slug";
import { httpUrl } from "./http-url";

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

/** A vehicle id: the slug that the site's links use. */
export const VEHICLE_ID_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/**
 * Vehicle specifications. seatingCapacity and range are required; the
 * others are optional; extra keys are allowed, kept, and displayed.
 */
export const SpecificationsSchema = z.looseObject({
  seatingCapacity: z.number().int().positive(),
  range: z.union([z.string().min(1), z.number().positive()]),
  topSpeed: z.union([z.string(), z.number()]).optional(),
  batteryType: z.string().optional(),
  chargingTime: z.string().optional(),
  payload: z.union([z.string(), z.number()]).optional(),
});
export type Specifications = z.infer<typeof SpecificationsSchema>;

export const VEHICLE_CONDITIONS = ["new", "used"] as const;
export type VehicleCondition = (typeof VEHICLE_CONDITIONS)[number];

/** Where a vehicle stands in the sale: a sold one leaves every public list; an on-hold one stays, with a badge. */
export const VEHICLE_STATUSES = ["available", "on-hold", "sold"] as const;
export type VehicleStatus = (typeof VEHICLE_STATUSES)[number];

/** A vehicle as the API serves it (spec §3 "Entities": id, name, description, price, brand, category, images, stock and new flags, features, specifications, external URL; plus featured and condition). */
export const VehicleSchema = z.object({
  id: z.string().regex(VEHICLE_ID_PATTERN),
  name: z.string().min(1),
  description: z.string().min(1),
  /** Price in whole US dollars. */
  price: z.number().nonnegative(),
  brand: z.string().min(1),
  category: z.string().min(1),
  /** Paths the dealership serves; the first is the main image. */
  images: z.array(ImageSchema),
  inStock: z.boolean(),
  isNew: z.boolean(),
  features: z.array(z.string().min(1)),
  specifications: SpecificationsSchema,
  externalUrl: HttpUrlSchema.optional(),
  featured: z.boolean().default(false),
  condition: z.enum(VEHICLE_CONDITIONS).default("new"),
  status: z.enum(VEHICLE_STATUSES).default("available"),
});
export type Vehicle = z.infer<typeof VehicleSchema>;
/** A vehicle as written in a seed or data file, before defaults apply. */
export type VehicleInput = z.input<typeof VehicleSchema>;

/** The catalogue as stored (data file, database, backup): each vehicle as VehicleSchema, its images as stored. */
export const VehicleListSchema = z.array(VehicleSchema.extend({ images: z.array(StoredImageSchema) }));

/** A vehicle as staff send it: the id may be left out, and is then derived from the name (vehicleIdFromName). */
export const NewVehicleSchema = VehicleSchema.extend({ id: VehicleSchema.shape.id.optional() }).refine(
  (v) => v.id !== undefined || vehicleIdFromName(v.name) !== "",
  {
    path: ["name"],
    message: "The name needs at least one letter or digit",
  },
);
export type NewVehicleInput = z.input<typeof NewVehicleSchema>;

/** Each bad field's first message, keyed by its dotted path ("price", "specifications.range"), as forms name fields. */
export function vehicleFieldErrors(error: z.core.$ZodError): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const issue of error.issues) fields[issue.path.length ? issue.path.join(".") : "body"] ??= issue.message;
  return fields;
}

/** Whether the public site and API list a vehicle: every status but sold. */
export const isListed = (v: Pick<Vehicle, "status">): boolean => v.status !== "sold";

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
