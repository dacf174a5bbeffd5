import type { PublicVehicle } from "./public-vehicle";

/** One fact of a unit as a buyer reads it: its label and its value in words. */
export interface UnitFact {
  label: string;
  value: string;
}

/**
 * The public facts that make a model a unit on the lot, in the
 * order a dealer reads them off the windshield: stock number, year, colour,
 * condition, VIN or serial, then hours and odometer. Only the facts set; the
 * vehicle page and the listing feeds show the same list.
 */
export function unitFacts(v: PublicVehicle): UnitFact[] {
  const facts: [string, string | number | undefined][] = [
    ["Stock number", v.stockNumber],
    ["Year", v.year],
    ["Colour", v.color],
    ["Condition", v.condition === "used" ? "Used" : "New"],
    ["VIN", v.vin],
    ["Serial number", v.serialNumber],
    ["Street legal", v.streetLegal === undefined ? undefined : v.streetLegal ? "Yes (LSV with title)" : "No"],
    ["Hours", v.hours === undefined ? undefined : `${v.hours.toLocaleString("en-US")} hours`],
    ["Odometer", v.odometer === undefined ? undefined : `${v.odometer.toLocaleString("en-US")} miles`],
  ];
  return facts.flatMap(([label, value]) => (value === undefined ? [] : [{ label, value: String(value) }]));
}
