import { formatUsd } from "./money";
import { specValue } from "./spec-label";
import { VEHICLE_ID_PATTERN, type Vehicle } from "./vehicle";

import { COMPARE_MAX, COMPARE_PARAM } from "./compare-path";

export { COMPARE_MAX, COMPARE_PARAM, comparePath } from "./compare-path";
/** The longest query value read: three ids and then some; the rest of a longer one is ignored. */
const IDS_TEXT_MAX = 600;

/** What a comparison's address asks for: up to COMPARE_MAX well-formed ids in order, and what it asked for beyond them. */
export interface CompareRequest {
  ids: string[];
  /** Well-formed ids past the first COMPARE_MAX, left out. */
  extra: number;
  /** Values that are no vehicle id at all, as written. */
  malformed: string[];
}

/** The ids of `?ids=a,b&ids=c`: trimmed, lower-cased, each once, the first COMPARE_MAX kept. */
export function compareRequest(params: URLSearchParams): CompareRequest {
  const given = params
    .getAll(COMPARE_PARAM)
    .join(",")
    .slice(0, IDS_TEXT_MAX)
    .split(",")
    .map((s) => s.trim().toLowerCase())
    .filter(Boolean);
  const unique = [...new Set(given)];
  const wellFormed = unique.filter((id) => VEHICLE_ID_PATTERN.test(id));
  return {
    ids: wellFormed.slice(0, COMPARE_MAX),
    extra: Math.max(0, wellFormed.length - COMPARE_MAX),
    malformed: unique.filter((id) => !VEHICLE_ID_PATTERN.test(id)),
  };
}

/** One line of a comparison: a label, each vehicle's value ("—" where it has none), and whether they differ. */
export interface CompareRow {
  label: string;
  values: string[];
  differs: boolean;
}

const text = (value: unknown): string => (value === undefined || value === null || value === "" ? "—" : specValue(value));

/** The lines a comparison shows, in order; a line no compared vehicle has a value for is left out. */
const LINES: [label: string, value: (v: Vehicle) => unknown][] = [
  ["Price", (v) => formatUsd(v.price)],
  ["Seats", (v) => v.specifications.seatingCapacity],
  ["Range", (v) => v.specifications.range],
  ["Top speed", (v) => v.specifications.topSpeed],
  ["Battery", (v) => v.specifications.batteryType],
  ["Charging time", (v) => v.specifications.chargingTime],
  ["Payload", (v) => v.specifications.payload],
  ["Condition", (v) => (v.condition === "used" ? "Used" : "New")],
  // A model year reads as one, not as a count ("2025", never "2,025").
  ["Year", (v) => v.year?.toString()],
];

/** The comparison of `vehicles` side by side: price, seats, range, top speed, battery, charging time, payload, condition, year. */
export function compareRows(vehicles: readonly Vehicle[]): CompareRow[] {
  return LINES.map(([label, value]) => {
    const values = vehicles.map((v) => text(value(v)));
    return { label, values, differs: new Set(values).size > 1 };
  }).filter((row) => row.values.some((v) => v !== "—"));
}
