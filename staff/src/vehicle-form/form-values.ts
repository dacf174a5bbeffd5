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

export interface VehicleFormValues {
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
  return input as VehicleDraft;
}

/**
 * The form's schema: the core's NewVehicleSchema (the API's for a vehicle
 * staff send) applied to what the form holds. A new vehicle may leave its id
 * out: the API derives it from the name.
 */
export const VehicleFormSchema = z.custom<VehicleFormValues>().transform(toVehicleInput).pipe(NewVehicleSchema);
