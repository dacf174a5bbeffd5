/** A specification key as people read it: "seatingCapacity" → "Seating Capacity", "battery_type" → "Battery Type". */
export function specLabel(key: string): string {
  return key
    .replace(/[_-]+/g, " ")
    .replace(/([a-z0-9])([A-Z])/g, "$1 $2")
    .trim()
    .replace(/(^|\s)\S/g, (c) => c.toUpperCase());
}

import { formatNumber } from "./number-format";

/** A specification value as text: numbers in en-US form, booleans as Yes/No, lists joined. */
export function specValue(value: unknown): string {
  if (typeof value === "number") return formatNumber(value, { max: 3 });
  if (typeof value === "boolean") return value ? "Yes" : "No";
  if (Array.isArray(value)) return value.map(specValue).join(", ");
  if (value && typeof value === "object") return JSON.stringify(value);
  return String(value ?? "");
}
