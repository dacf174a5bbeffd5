/** A vehicle field's name and value in the console's words: the conflict panel and the History use the same. */
import { isPhoto } from "../../../domain/photo";
import { formatPrice } from "../format";
import { SPEC_FIELDS, STATUS_LABELS, UNIT_FIELDS, type VehicleStatus } from "./form-values";

const LABELS: Record<string, string> = {
  id: "ID",
  name: "Name",
  description: "Description",
  price: "Price",
  brand: "Brand",
  category: "Category",
  images: "Images",
  inStock: "In stock",
  isNew: "New",
  features: "Features",
  specifications: "Specifications",
  externalUrl: "External URL",
  featured: "Featured",
  condition: "Condition",
  status: "Status",
  ...Object.fromEntries(SPEC_FIELDS.map(({ key, label }) => [`specifications.${key}`, label])),
  ...Object.fromEntries(UNIT_FIELDS.map(({ key, label }) => [key, label])),
  streetLegal: "Street legal",
  draft: "Draft",
  sale: "Sale",
  sites: "Shown on",
};

/** A field's label ("price" → "Price", "specifications.range" → "Range"); an unknown one keeps its path. */
export const fieldLabel = (field: string) => LABELS[field] ?? field.replace(/^specifications\./, "");

const count = (n: number, one: string) => `${n} ${one}${n === 1 ? "" : "s"}`;

/** A field's value as text: prices in dollars, ticks as Yes/No, lists joined, nothing as "—". */
export function fieldText(field: string, value: unknown): string {
  if (field === "sites" && (value === null || value === undefined || (Array.isArray(value) && !value.length))) return "Every site";
  if (value === null || value === undefined || value === "") return "—";
  if ((field === "price" || field === "cost") && typeof value === "number") return formatPrice(value);
  if (field === "status" && typeof value === "string" && value in STATUS_LABELS) return STATUS_LABELS[value as VehicleStatus];
  if (field === "condition") return value === "new" ? "New" : value === "used" ? "Used" : String(value);
  if (typeof value === "boolean") return value ? "Yes" : "No";
  if (field === "sale" && typeof value === "object") {
    const sale = value as { date?: string; price?: number; leadId?: string };
    return `${sale.date ?? "—"} for ${typeof sale.price === "number" ? formatPrice(sale.price) : "—"}${sale.leadId ? `, lead ${sale.leadId}` : ""}`;
  }
  if (field === "images" && Array.isArray(value)) {
    const photos = value.filter((src) => typeof src === "string" && isPhoto(src)).length;
    const others = value.length - photos;
    return value.length ? [photos && count(photos, "photo"), others && count(others, "drawing or link")].filter(Boolean).join(", ") : "—";
  }
  if (field === "sites" && Array.isArray(value)) return value.join(", ");
  if (Array.isArray(value)) return value.length ? value.join("; ") : "—";
  if (typeof value === "object") {
    return (
      Object.entries(value)
        .map(([k, v]) => `${fieldLabel(`specifications.${k}`)}: ${String(v)}`)
        .join("; ") || "—"
    );
  }
  return String(value);
}
