/**
 * The inventory as a dealer's spreadsheet has it: one table of columns, each with its header, the cell it
 * writes for a cart and how it reads a cell back, so the export's header, its cells and the import can never disagree.
 * Import planning is in inventory-csv-import.ts; reading a file's bytes in inventory-csv-parse.ts (server only).
 */
import { csvCell } from "./leads-csv";
import type { Vehicle } from "./vehicle";

/** A cell's value as read: undefined for an empty cell; a string for what a column could not read, for the schema to refuse in words. */
export type CellValue = string | number | string[] | undefined;

/**
 * How an empty cell (or a column the file leaves out) counts:
 * - `key`: the stock number, which every row must have: it is how a row finds its cart;
 * - `unit`: a fact of this unit (VIN, year, cost…): an empty cell means the unit has none, so an update removes it;
 * - `kept`: a field every cart must have (price, model…) or a fact of the model: an empty cell keeps the cart's value,
 *   and a new cart takes it from a cart of the same brand and model already in the catalogue.
 */
export type CsvColumnKind = "key" | "unit" | "kept";

/** One column of the inventory CSV. */
export interface InventoryCsvColumn {
  /** The header, as the export writes it. */
  name: string;
  /** The vehicle field it holds, as a dotted path ("specifications.range"), which is also how the schema names its errors. */
  path: string;
  kind: CsvColumnKind;
  /** The cell the export writes. */
  cell: (v: Vehicle) => string | number | undefined;
  /** The cell's text as the value the schema judges (trimmed; empty is undefined). */
  read: (text: string) => CellValue;
}

const text = (s: string): CellValue => s.trim() || undefined;
const lower = (s: string): CellValue => s.trim().toLowerCase() || undefined;
/** "12,995", "$12,995.00" and "12995" are all 12995, as a spreadsheet formats money; anything else is left for the schema to refuse. */
const wholeNumber = (s: string): CellValue => {
  const t = s.trim();
  if (!t) return undefined;
  const plain = t.replace(/^\$\s*/, "").replace(/,(?=\d{3}(\D|$))/g, "");
  return /^\d+(\.0+)?$/.test(plain) ? Number(plain) : t;
};
/** A range as a number of miles ("40") or a text ("40 miles"), as the schema takes it. */
const numberOrText = (s: string): CellValue => {
  const t = s.trim();
  if (!t) return undefined;
  return /^\d+(\.\d+)?$/.test(t) ? Number(t) : t;
};
/** "2026-11-03", "2026-11-03T14:00:00Z" and the US "11/3/2026" are all 2026-11-03; anything else is left for the schema to refuse. */
const day = (s: string): CellValue => {
  const t = s.trim();
  if (!t) return undefined;
  const iso = /^(\d{4}-\d{2}-\d{2})(?:[T ][\d:.]+(?:Z|[+-]\d{2}:?\d{2})?)?$/.exec(t);
  if (iso) return iso[1];
  const us = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/.exec(t);
  return us ? `${us[3]}-${us[1]!.padStart(2, "0")}-${us[2]!.padStart(2, "0")}` : t;
};
/** The separator of the Sites cell's site ids ("sussex-coast;cape-may"): a comma would need the cell quoted. */
export const SITES_SEPARATOR = ";";
/** "sussex-coast;cape-may", "Sussex-Coast ; cape-may;" → each id, lower-cased; empty is every site (undefined). */
const siteList = (s: string): CellValue => {
  const ids = s
    .split(SITES_SEPARATOR)
    .map((id) => id.trim().toLowerCase())
    .filter(Boolean);
  return ids.length ? ids : undefined;
};

/** "On hold", "on hold" and "on-hold" are one status. */
const status = (s: string): CellValue => s.trim().toLowerCase().replace(/\s+/g, "-") || undefined;

/**
 * The columns, in the export's order: the unit's own facts first, as a dealer's spreadsheet has them, then location
 * (the lot; an account scoped to sites imports only onto its own) and the sites it is shown on, then the model's facts a new cart needs when no
 * cart of its brand and model is in the catalogue yet (category, seats, range, description).
 */
export const INVENTORY_CSV_COLUMNS: readonly InventoryCsvColumn[] = [
  { name: "Stock number", path: "stockNumber", kind: "key", cell: (v) => v.stockNumber, read: text },
  { name: "VIN", path: "vin", kind: "unit", cell: (v) => v.vin, read: text },
  { name: "Serial number", path: "serialNumber", kind: "unit", cell: (v) => v.serialNumber, read: text },
  { name: "Year", path: "year", kind: "unit", cell: (v) => v.year, read: wholeNumber },
  { name: "Brand", path: "brand", kind: "kept", cell: (v) => v.brand, read: text },
  { name: "Model", path: "name", kind: "kept", cell: (v) => v.name, read: text },
  { name: "Colour", path: "color", kind: "unit", cell: (v) => v.color, read: text },
  { name: "Condition", path: "condition", kind: "kept", cell: (v) => v.condition, read: lower },
  { name: "Price", path: "price", kind: "kept", cell: (v) => v.price, read: wholeNumber },
  { name: "Cost", path: "cost", kind: "unit", cell: (v) => v.cost, read: wholeNumber },
  { name: "Status", path: "status", kind: "kept", cell: (v) => v.status, read: status },
  { name: "Location", path: "location", kind: "unit", cell: (v) => v.location, read: lower },
  // The day it came onto the lot, so migrated stock keeps its days on the lot; empty keeps the cart's (a new one: today).
  { name: "Received", path: "receivedAt", kind: "kept", cell: (v) => v.receivedAt, read: day },
  // The sites the cart is shown on, by id, separated by ";"; empty: every site (and every site added later).
  { name: "Sites", path: "sites", kind: "unit", cell: (v) => v.sites?.join(SITES_SEPARATOR), read: siteList },
  { name: "Category", path: "category", kind: "kept", cell: (v) => v.category, read: text },
  { name: "Seats", path: "specifications.seatingCapacity", kind: "kept", cell: (v) => v.specifications.seatingCapacity, read: wholeNumber },
  { name: "Range", path: "specifications.range", kind: "kept", cell: (v) => v.specifications.range, read: numberOrText },
  { name: "Description", path: "description", kind: "kept", cell: (v) => v.description, read: (s) => (s.trim() ? s.replace(/\r\n?/g, "\n") : undefined) },
];

/** Header spellings a spreadsheet may have besides the export's own (compared without case, spaces or punctuation). */
const ALIASES: Record<string, string> = {
  stock: "Stock number",
  stockno: "Stock number",
  color: "Colour",
  serial: "Serial number",
  name: "Model",
  modelname: "Model",
};

const squash = (s: string) => s.toLowerCase().replace(/[^a-z0-9]/g, "");
const byHeader = new Map<string, InventoryCsvColumn>(INVENTORY_CSV_COLUMNS.map((c) => [squash(c.name), c]));
for (const [alias, name] of Object.entries(ALIASES)) byHeader.set(alias, byHeader.get(squash(name))!);

/** The column a header names ("Stock number", "stock no.", "Color"), or undefined. */
export const columnOfHeader = (header: string): InventoryCsvColumn | undefined => byHeader.get(squash(header));

/** The column that holds a vehicle field (a schema error's path), or undefined. */
export const columnOfPath = (path: string): InventoryCsvColumn | undefined => INVENTORY_CSV_COLUMNS.find((c) => c.path === path);

/** The byte-order mark that makes a spreadsheet read the file as UTF-8, so accents stay intact. */
export const UTF8_BOM = "\uFEFF";

/**
 * The inventory CSV of `vehicles`, in their order: a byte-order mark, the header, one row per cart, each line ending
 * CRLF (RFC 4180); cells quoted where needed, and a leading = + - @ defused so a spreadsheet never runs it.
 */
export function inventoryCsv(vehicles: readonly Vehicle[]): string {
  let out = UTF8_BOM + INVENTORY_CSV_COLUMNS.map((c) => csvCell(c.name)).join(",") + "\r\n";
  for (const v of vehicles) out += INVENTORY_CSV_COLUMNS.map((c) => csvCell(c.cell(v))).join(",") + "\r\n";
  return out;
}

/** The name the export is saved under: the day's date, so a week's exports do not overwrite each other. */
export const inventoryCsvFileName = (today: Date = new Date()): string => `inventory-${today.toISOString().slice(0, 10)}.csv`;
