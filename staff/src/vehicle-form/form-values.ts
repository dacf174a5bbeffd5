/**
 * The vehicle form's values (what the inputs hold: text, ticks, one item a
 * line) and the two ways between them and the core's vehicle. The form
 * validates with the core's own NewVehicleSchema, so its messages are the API's.
 */
import { isPhoto } from "../../../domain/photo";
import { z } from "zod";
import { lines, numberField, optionalText, text } from "../form-input";
import { NewVehicleSchema, VEHICLE_STATUSES, type NewVehicleInput, type Vehicle, type VehicleStatus } from "../../../domain/vehicle";

/** A vehicle as the console sends it: a new one may leave its id to the API. */
export type VehicleDraft = NewVehicleInput;

export { VEHICLE_STATUSES, type VehicleStatus };
/** How the console names each status. */
export const STATUS_LABELS: Record<VehicleStatus, string> = { available: "Available", "on-hold": "On hold", sold: "Sold" };

/** The specifications the form names; any other key a vehicle has is kept as it is. */
export const SPEC_FIELDS = [
  ["seatingCapacity", "Seating capacity"],
  ["range", "Range"],
  ["topSpeed", "Top speed"],
  ["batteryType", "Battery type"],
  ["chargingTime", "Charging time"],
  ["payload", "Payload"],
] as const;
export type SpecField = (typeof SPEC_FIELDS)[number][0];

/** The unit's fields the form names (issue 29), each a text input; the numeric ones are sent as numbers. */
export const UNIT_FIELDS = [
  ["stockNumber", "Stock number"],
  ["vin", "VIN"],
  ["serialNumber", "Serial number"],
  ["year", "Year"],
  ["color", "Colour"],
  ["hours", "Hours"],
  ["odometer", "Odometer"],
  ["cost", "Cost (staff only)"],
  ["receivedAt", "Received"],
  ["location", "Location"],
] as const;
export type UnitField = (typeof UNIT_FIELDS)[number][0];
const NUMERIC_UNIT_FIELDS: readonly UnitField[] = ["year", "hours", "odometer", "cost"];
/** Whether the unit field holds a whole number (sent as one). */
export const isNumericUnitField = (key: UnitField): boolean => NUMERIC_UNIT_FIELDS.includes(key);

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
  status: VehicleStatus;
  /** One feature a line. */
  features: string;
  externalUrl: string;
  specifications: Record<SpecField, string>;
  /** A street-legal LSV with a title (unticked: not said, as before the field existed). */
  streetLegal: boolean;
  /** Specification keys the form does not name, carried through unchanged. */
  extraSpecifications: Record<string, unknown>;
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
  status: "available",
  features: "",
  externalUrl: "",
  specifications: { seatingCapacity: "", range: "", topSpeed: "", batteryType: "", chargingTime: "", payload: "" },
  ...(Object.fromEntries(UNIT_FIELDS.map(([key]) => [key, ""])) as Record<UnitField, string>),
  streetLegal: false,
  extraSpecifications: {},
};

/** Blank → absent; a plain number → that number; anything else → the text as typed. */
const numberOrText = (value: string): string | number | undefined => {
  const trimmed = value.trim();
  if (trimmed === "") return undefined;
  return /^\d+(\.\d+)?$/.test(trimmed) ? Number(trimmed) : trimmed;
};

/** What the form shows for a stored vehicle. */
export function toFormValues(vehicle: Vehicle): VehicleFormValues {
  const { seatingCapacity, range, topSpeed, batteryType, chargingTime, payload, ...extra } = vehicle.specifications;
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
    status: vehicle.status,
    features: vehicle.features.join("\n"),
    externalUrl: text(vehicle.externalUrl),
    specifications: {
      seatingCapacity: text(seatingCapacity),
      range: text(range),
      topSpeed: text(topSpeed),
      batteryType: text(batteryType),
      chargingTime: text(chargingTime),
      payload: text(payload),
    },
    ...(Object.fromEntries(UNIT_FIELDS.map(([key]) => [key, text(vehicle[key])])) as Record<UnitField, string>),
    streetLegal: vehicle.streetLegal === true,
    extraSpecifications: extra,
  };
}

/** What the API is sent for the form's values (before validation: the schema judges it). */
export function toVehicleInput(values: VehicleFormValues): VehicleDraft {
  const s = values.specifications;
  const specifications: Record<string, unknown> = { ...values.extraSpecifications };
  const set = (key: string, value: unknown) => {
    if (value !== undefined) specifications[key] = value;
  };
  set("seatingCapacity", numberField(s.seatingCapacity));
  set("range", numberOrText(s.range));
  set("topSpeed", numberOrText(s.topSpeed));
  set("batteryType", optionalText(s.batteryType));
  set("chargingTime", optionalText(s.chargingTime));
  set("payload", numberOrText(s.payload));
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
  for (const [key] of UNIT_FIELDS) {
    const value = isNumericUnitField(key) ? numberField(values[key]) : optionalText(values[key]);
    if (value !== undefined) input[key] = value;
  }
  if (values.streetLegal) input.streetLegal = true;
  return input as VehicleDraft;
}

/**
 * The form's schema: the core's NewVehicleSchema (the API's for a vehicle
 * staff send) applied to what the form holds. A new vehicle may leave its id
 * out: the API derives it from the name.
 */
export const VehicleFormSchema = z.custom<VehicleFormValues>().transform(toVehicleInput).pipe(NewVehicleSchema);
