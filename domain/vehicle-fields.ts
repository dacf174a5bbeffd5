/**
 * A vehicle's limits, its messages and the fields the console's form lists: written once, beside the schema
 * (domain/vehicle.ts builds its checks from them, staff/src/vehicle-form/ renders and converts the inputs from them).
 * Framework-free and without zod, so that the schema and the form both import it.
 */
import { formatUsd } from "./money";

/** A vehicle's price, in whole US dollars: the dearest cart we could list is well under this. */
export const PRICE_MIN_USD = 1;
export const PRICE_MAX_USD = 250_000;
/** Seats in a cart: from a single-seat utility to the largest shuttle. */
export const SEATS_MIN = 1;
export const SEATS_MAX = 14;
/** A specification written as text ("40 miles", "72V Lithium") is at most this long. */
export const SPEC_TEXT_MAX = 40;
/** A stock number: the dealer's own label on the windshield ("D-1042"), unique within the catalogue. */
export const STOCK_NUMBER_MAX = 20;
/** A vehicle id is part of its page's address: a model's name and a stock number fit well within it. */
export const VEHICLE_ID_MAX = 80;
/** A manufacturer's serial number (golf carts have one where an LSV has a VIN). */
export const SERIAL_NUMBER_MAX = 30;
/** Model years: the first electric golf carts were sold in the 1950s; a maker names next year's models this year. */
export const MODEL_YEAR_MIN = 1950;
export const modelYearMax = () => new Date().getUTCFullYear() + 1;
/** A colour as the dealer says it ("Lime Green Metallic"). */
export const COLOR_MAX = 40;
/** Hours on a used cart's meter and miles on its odometer: a cart past these is a typing slip. */
export const HOURS_MAX = 50_000;
export const ODOMETER_MAX_MILES = 500_000;

const count = (n: number) => n.toLocaleString("en-US");
const numberOrTextRule = (label: string, max: number, unit: string) =>
  `${label} must be a number from 1 to ${count(max)} ${unit}, or a text of at most ${SPEC_TEXT_MAX} characters`;

/**
 * What a staff member reads under a vehicle's field when its value is refused: every check of the schema has its
 * words here, never a validator's text (domain/schema-messages.test.ts fails on a check without them).
 */
export const VEHICLE_MESSAGES = {
  vehicle: "Send the vehicle as a group of fields: name, price, brand and the others",
  id: "Use lower-case letters, digits and hyphens, like evolution-d5-ranger-4",
  idLong: `The ID must be at most ${VEHICLE_ID_MAX} characters: it is part of the vehicle's address`,
  name: "Name is required",
  nameHasLetters: "The name needs at least one letter or digit",
  description: "Description is required",
  price: "Enter the price in whole dollars, like 12995",
  priceRange: `Price must be a whole number of dollars from ${formatUsd(PRICE_MIN_USD)} to ${formatUsd(PRICE_MAX_USD)}`,
  brand: "Brand is required",
  category: "Category is required",
  images: "Images must be a list of paths, one a line",
  image: "must be an uploaded photo or one of the site's images (/images/…): other paths and other sites' images cannot be shown",
  storedImage: "must be a path or an http(s) URL",
  inStock: "In stock must be yes or no",
  isNew: "New must be yes or no",
  features: "Features must be a list, one feature a line",
  feature: "A feature cannot be empty",
  specifications: "Specifications must be given: at least the seating capacity and the range",
  seatingCapacity: `Seating capacity must be a whole number of seats from ${SEATS_MIN} to ${SEATS_MAX}`,
  range: numberOrTextRule("Range", 200, "miles"),
  topSpeed: numberOrTextRule("Top speed", 60, "mph"),
  batteryType: `Battery type must be at most ${SPEC_TEXT_MAX} characters`,
  chargingTime: `Charging time must be at most ${SPEC_TEXT_MAX} characters`,
  payload: numberOrTextRule("Payload", 5000, "lbs"),
  externalUrl: "External URL must be a web address starting http:// or https://",
  featured: "Featured must be yes or no",
  draft: "Draft must be yes or no",
  saleDate: "The sale's date must be a day written YYYY-MM-DD",
  salePrice: "The sale price must be a whole number of dollars from $0 to $250,000",
  saleLead: "The sale's lead must be a lead's id",
  sale: "A sale is its date, its price and, when there is one, the lead it came from",
  condition: "Condition must be New or Used",
  status: "Status must be Available, On hold or Sold",
  sites: "Name at least one site, or leave the sites out to show it on every site",
  site: "Each site must be a site id, like cape-may",
  stockNumber: `Stock number must be 1 to ${STOCK_NUMBER_MAX} letters, digits or dashes, starting with a letter or digit`,
  vin: "VIN must be a text of 17 characters",
  serialNumber: `Serial number must be 1 to ${SERIAL_NUMBER_MAX} characters: leave it empty when there is none`,
  year: () => `Year must be a model year from ${MODEL_YEAR_MIN} to ${modelYearMax()}`,
  color: `Colour must be 1 to ${COLOR_MAX} characters: leave it empty when not known`,
  hours: `Hours must be a whole number from 0 to ${count(HOURS_MAX)}`,
  odometer: `Odometer must be a whole number of miles from 0 to ${count(ODOMETER_MAX_MILES)}`,
  usedOnly: "A new unit has no meter reading: choose Used as the condition, or leave this empty",
  streetLegal: "Street legal must be yes or no",
  cost: `Cost must be a whole number of dollars from $0 to ${formatUsd(PRICE_MAX_USD)}`,
  receivedAt: "Enter the day it arrived on the lot, like 2026-11-25",
  receivedFuture: "The day it arrived on the lot cannot be later than today",
  location: "Choose the lot from the organisation's sites",
  edit: "Send the edit as its changes and the edited version's values (base)",
  editFields: "Name the fields of a vehicle, each with its value (null to leave it out)",
} as const;

/**
 * How a field is typed and what it becomes: `count` a whole number, `number-or-text` a number when it is one ("40")
 * else the text ("40 miles"), `text` the trimmed text, `date` a day (YYYY-MM-DD), `site` one of the organisation's sites.
 * A blank input is always "not said" (the field is left out).
 */
export type VehicleFieldKind = "count" | "number-or-text" | "text" | "date" | "site";

/** One field of the vehicle form that is typed into one input: its key, label, kind, unit, hint and message. */
export interface VehicleFormField<Key extends string = string> {
  key: Key;
  label: string;
  kind: VehicleFieldKind;
  /** What a number in it counts ("miles"), said in the hint. */
  unit?: string;
  /** Said under the label. */
  hint?: string;
  /** What is said when its value is refused (the schema's own message). */
  message: string;
  /** Only a used unit has it: the form shows it when the condition is Used, and the schema refuses it on a new unit. */
  usedOnly?: true;
}

/** The specifications the form names. */
export type SpecField = "seatingCapacity" | "range" | "topSpeed" | "batteryType" | "chargingTime" | "payload";
/** The unit's fields the form names; the street-legal tick has its own box. */
export type UnitField = "stockNumber" | "vin" | "serialNumber" | "year" | "color" | "hours" | "odometer" | "cost" | "receivedAt" | "location";

/** The specifications the form names, in its order; any other key a vehicle has is kept as it is. */
export const SPEC_FIELDS: readonly VehicleFormField<SpecField>[] = [
  {
    key: "seatingCapacity",
    label: "Seating capacity",
    kind: "count",
    unit: "seats",
    hint: `Seats, ${SEATS_MIN} to ${SEATS_MAX}.`,
    message: VEHICLE_MESSAGES.seatingCapacity,
  },
  {
    key: "range",
    label: "Range",
    kind: "number-or-text",
    unit: "miles",
    hint: "Miles on a charge, or a text such as “40 miles”.",
    message: VEHICLE_MESSAGES.range,
  },
  { key: "topSpeed", label: "Top speed", kind: "number-or-text", unit: "mph", message: VEHICLE_MESSAGES.topSpeed },
  { key: "batteryType", label: "Battery type", kind: "text", message: VEHICLE_MESSAGES.batteryType },
  { key: "chargingTime", label: "Charging time", kind: "text", message: VEHICLE_MESSAGES.chargingTime },
  { key: "payload", label: "Payload", kind: "number-or-text", unit: "lbs", message: VEHICLE_MESSAGES.payload },
];

/** The unit's fields the form names, in its order. */
export const UNIT_FIELDS: readonly VehicleFormField<UnitField>[] = [
  {
    key: "stockNumber",
    label: "Stock number",
    kind: "text",
    hint: "The label on the windshield; no two units share one.",
    message: VEHICLE_MESSAGES.stockNumber,
  },
  { key: "vin", label: "VIN", kind: "text", hint: "17 characters, for a street-legal LSV; its check digit is verified.", message: VEHICLE_MESSAGES.vin },
  {
    key: "serialNumber",
    label: "Serial number",
    kind: "text",
    hint: "The maker's serial, for a golf cart without a VIN.",
    message: VEHICLE_MESSAGES.serialNumber,
  },
  {
    key: "year",
    label: "Year",
    kind: "count",
    hint: "The model year.",
    get message() {
      return VEHICLE_MESSAGES.year();
    },
  },
  { key: "color", label: "Colour", kind: "text", message: VEHICLE_MESSAGES.color },
  { key: "hours", label: "Hours", kind: "count", unit: "hours", hint: "Hours on the meter.", message: VEHICLE_MESSAGES.hours, usedOnly: true },
  { key: "odometer", label: "Odometer", kind: "count", unit: "miles", hint: "Miles.", message: VEHICLE_MESSAGES.odometer, usedOnly: true },
  {
    key: "cost",
    label: "Cost (staff only)",
    kind: "count",
    unit: "dollars",
    hint: "What the dealership paid, whole dollars. Staff only: never shown on the site, in feeds or widgets.",
    message: VEHICLE_MESSAGES.cost,
  },
  { key: "receivedAt", label: "Received", kind: "date", hint: "The day it arrived on the lot.", message: VEHICLE_MESSAGES.receivedAt },
  { key: "location", label: "Location", kind: "site", hint: "The lot it stands on.", message: VEHICLE_MESSAGES.location },
];

/** The fields a new unit may not have (a meter reading says it was used). */
export const USED_ONLY_FIELDS = UNIT_FIELDS.filter((f) => f.usedOnly);
