/**
 * The vehicle form's values (what the inputs hold: text, ticks, one item a
 * line) and the two ways between them and the core's vehicle. The form
 * validates with the core's own NewVehicleSchema, so its messages are the API's.
 * The specifications and the unit's fields are the core's field lists (domain/vehicle-fields.ts), each converted by its kind.
 */
import { isPhoto } from "../../../domain/photo";
import { z } from "zod";
import { lines, numberField, optionalText, text } from "../form-input";
import { NewVehicleSchema, VEHICLE_STATUSES, type NewVehicleInput, type Vehicle, type VehicleStatus } from "../../../domain/vehicle";
import { SPEC_FIELDS, UNIT_FIELDS, type SpecField, type UnitField, type VehicleFieldKind } from "../../../domain/vehicle-fields";

/** A vehicle as the console sends it: a new one may leave its id to the API. */
export type VehicleDraft = NewVehicleInput;

export { VEHICLE_STATUSES, type VehicleStatus };
/** How the console names each status. */
export const STATUS_LABELS: Record<VehicleStatus, string> = { available: "Available", "on-hold": "On hold", sold: "Sold" };

export { SPEC_FIELDS, UNIT_FIELDS, type SpecField, type UnitField };

/** What the inputs hold; the unit's fields (UNIT_FIELDS) sit beside the others, at the core's paths, as typed (blank: not known). */
export interface VehicleFormValues extends Record<UnitField, string> {
  id: string;
  name: string;
  price: string;
  brand: string;
  category: string;
  description: string;
  /** One path or URL a line. */
  images: string;
  inStock: boolean;
  /** New or used; the vehicle's `isNew` is derived from it by the core schema. */
  condition: string;
  featured: boolean;
  /** Not on the site until published: a new cart starts as one, so it is not public before its photos. */
  draft: boolean;
  status: VehicleStatus;
  /** One feature a line. */
  features: string;
  externalUrl: string;
  specifications: Record<SpecField, string>;
  /** A street-legal LSV with a title (unticked: not said, as before the field existed). */
  streetLegal: boolean;
  /** Specification keys the form does not name, carried through unchanged. */
  extraSpecifications: Record<string, unknown>;
  /** "every": shown on every site, and on sites added later (the vehicle names none); "some": on the ticked `sites` only. */
  shownOn: "every" | "some";
  /** With "some": the ids of the sites ticked (as stored, then each one ticked since). */
  sites: string[];
}

export const EMPTY_FORM: VehicleFormValues = {
  id: "",
  name: "",
  price: "",
  brand: "",
  category: "",
  description: "",
  images: "",
  inStock: true,
  condition: "new",
  featured: false,
  draft: true,
  status: "available",
  features: "",
  externalUrl: "",
  specifications: Object.fromEntries(SPEC_FIELDS.map(({ key }) => [key, ""])) as Record<SpecField, string>,
  ...(Object.fromEntries(UNIT_FIELDS.map(({ key }) => [key, ""])) as Record<UnitField, string>),
  streetLegal: false,
  extraSpecifications: {},
  shownOn: "every",
  sites: [],
};

/** A new cart's form for an account scoped to `own` sites: shown on those, as the API would make it. */
export const newCartForm = (own: readonly string[] | undefined): VehicleFormValues => (own ? { ...EMPTY_FORM, shownOn: "some", sites: [...own] } : EMPTY_FORM);

/** Blank → absent; a plain number → that number; anything else → the text as typed. */
const numberOrText = (value: string): string | number | undefined => {
  const trimmed = value.trim();
  if (trimmed === "") return undefined;
  return /^\d+(\.\d+)?$/.test(trimmed) ? Number(trimmed) : trimmed;
};

/** What an input of each kind sends for its text (blank: absent, for the schema to judge). */
const FROM_TEXT: Record<VehicleFieldKind, (value: string) => unknown> = {
  count: numberField,
  "number-or-text": numberOrText,
  text: optionalText,
  date: optionalText,
  site: optionalText,
};

/** What the form shows for a stored vehicle. */
export function toFormValues(vehicle: Vehicle): VehicleFormValues {
  const specs: Record<string, unknown> = vehicle.specifications;
  const extra = Object.fromEntries(Object.entries(specs).filter(([key]) => !SPEC_FIELDS.some((f) => f.key === key)));
  return {
    id: vehicle.id,
    name: vehicle.name,
    price: text(vehicle.price),
    brand: vehicle.brand,
    category: vehicle.category,
    description: vehicle.description,
    // Photos have their own panel (PhotosPanel); this field holds drawings and links.
    images: vehicle.images.filter((src) => !isPhoto(src)).join("\n"),
    inStock: vehicle.inStock,
    condition: vehicle.condition,
    featured: vehicle.featured,
    draft: vehicle.draft === true,
    status: vehicle.status,
    features: vehicle.features.join("\n"),
    externalUrl: text(vehicle.externalUrl),
    specifications: Object.fromEntries(SPEC_FIELDS.map(({ key }) => [key, text(specs[key])])) as Record<SpecField, string>,
    ...(Object.fromEntries(UNIT_FIELDS.map(({ key }) => [key, text(vehicle[key])])) as Record<UnitField, string>),
    streetLegal: vehicle.streetLegal === true,
    extraSpecifications: extra,
    shownOn: vehicle.sites?.length ? "some" : "every",
    sites: vehicle.sites ? [...vehicle.sites] : [],
  };
}

/** What the API is sent for the form's values (before validation: the schema judges it). */
export function toVehicleInput(values: VehicleFormValues): VehicleDraft {
  const specifications: Record<string, unknown> = { ...values.extraSpecifications };
  for (const { key, kind } of SPEC_FIELDS) {
    const value = FROM_TEXT[kind](values.specifications[key]);
    if (value !== undefined) specifications[key] = value;
  }
  const input: Record<string, unknown> = {
    name: values.name.trim(),
    description: values.description.trim(),
    price: numberField(values.price),
    brand: values.brand.trim(),
    category: values.category.trim(),
    images: lines(values.images),
    inStock: values.inStock,
    features: lines(values.features),
    specifications,
    featured: values.featured,
    condition: values.condition,
    status: values.status,
  };
  const id = optionalText(values.id);
  if (id !== undefined) input.id = id;
  const url = optionalText(values.externalUrl);
  if (url !== undefined) input.externalUrl = url;
  for (const { key, kind } of UNIT_FIELDS) {
    const value = FROM_TEXT[kind](values[key]);
    if (value !== undefined) input[key] = value;
  }
  if (values.streetLegal) input.streetLegal = true;
  if (values.draft) input.draft = true;
  // None ticked is sent as an empty list, for the schema to refuse in words ("Name at least one site…").
  if (values.shownOn === "some") input.sites = [...values.sites];
  return input as VehicleDraft;
}

/**
 * The form's schema: the core's NewVehicleSchema (the API's for a vehicle
 * staff send) applied to what the form holds. A new vehicle may leave its id
 * out: the API derives it from the name.
 */
export const VehicleFormSchema = z.custom<VehicleFormValues>().transform(toVehicleInput).pipe(NewVehicleSchema);
