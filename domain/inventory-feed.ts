/**
 * A dealer system's inventory file, read into a header and rows whatever its shape: a CSV in any delimiter
 * and encoding a DMS writes (readSheet, decodeCsv), or JSON, an array of units or an object holding one. A file that
 * is no inventory at all (an error page, nothing, a cut-off CSV) throws FeedError, so a sync changes nothing with it.
 * Server side only, as inventory-csv-parse.ts.
 */
import { decodeCsv, readSheet, SheetError, type Sheet } from "./inventory-csv-parse";

import type { FeedFormat } from "./inventory-source";

export { FEED_FORMATS, type FeedFormat } from "./inventory-source";

/** Why the file as a whole is not an inventory, in words; `stop` names the safety stop it is (docs/staff/inventory-sources.md, "The safety stop"). */
export class FeedError extends Error {
  override name = "FeedError";
  constructor(
    message: string,
    readonly stop: "html" | "empty" | "truncated" | "unreadable",
  ) {
    super(message);
  }
}

/** A feed read: its rows as a sheet (row numbers are a CSV's line numbers, or a JSON unit's place from 1), and what it was. */
export interface Feed extends Sheet {
  format: "csv" | "json";
}

/** "Line 4" of a CSV, "Unit 3" of a JSON array: how a run's report names a row. */
export const rowLabel = (feed: Pick<Feed, "format">, row: number): string => (feed.format === "csv" ? `Line ${row}` : `Unit ${row}`);

const looksLikeHtml = (text: string) => /^\s*(<!doctype html|<html|<head|<body|<\?xml|<)/i.test(text.slice(0, 512));
const looksLikeJson = (text: string) => /^\s*[[{]/.test(text);

/** The units of a parsed JSON document: the array itself, or the first array of objects an object holds (two levels deep). */
function unitsOf(data: unknown, depth = 0): Record<string, unknown>[] | undefined {
  const isUnit = (x: unknown): x is Record<string, unknown> => typeof x === "object" && x !== null && !Array.isArray(x);
  if (Array.isArray(data)) return data.every(isUnit) ? data : undefined;
  if (!isUnit(data) || depth > 1) return undefined;
  for (const value of Object.values(data)) {
    const units = unitsOf(value, depth + 1);
    if (units) return units;
  }
  return undefined;
}

/** A JSON value as a cell's text: numbers and booleans as written, a list's items joined by " | ", an object's values by " ". */
function cellText(value: unknown): string {
  if (value === null || value === undefined) return "";
  if (Array.isArray(value)) return value.map(cellText).filter(Boolean).join(" | ");
  if (typeof value === "object") return Object.values(value).map(cellText).filter(Boolean).join(" ");
  return String(value as string | number | boolean);
}

function readJsonFeed(text: string): Feed {
  let data: unknown;
  try {
    data = JSON.parse(text.replace(/^\uFEFF/, ""));
  } catch (err) {
    const cut = /end of (json )?input|unterminated/i.test((err as Error).message);
    throw new FeedError(
      cut
        ? "The JSON file ends before its last unit does: it was cut off while it was written or sent"
        : `The file is not valid JSON: ${(err as Error).message}`,
      cut ? "truncated" : "unreadable",
    );
  }
  const units = unitsOf(data);
  if (!units) throw new FeedError("The JSON file holds no list of units: it needs an array of objects, or an object holding one", "unreadable");
  if (!units.length) throw new FeedError("The file lists no units: an inventory with nothing in it is taken for a failed export", "empty");
  const header = [...new Set(units.flatMap((unit) => Object.keys(unit)))];
  return { format: "json", header, rows: units.map((unit, i) => ({ row: i + 1, cells: header.map((key) => cellText(unit[key])) })) };
}

function readCsvFeed(text: string): Feed {
  let sheet: Sheet;
  try {
    sheet = readSheet(text);
  } catch (err) {
    if (!(err instanceof SheetError)) throw err;
    const cut = /never closed/.test(err.message);
    throw new FeedError(err.message, /empty/.test(err.message) ? "empty" : cut ? "truncated" : "unreadable");
  }
  if (!sheet.rows.length) throw new FeedError("The file has a header row but no units: an inventory with nothing in it is taken for a failed export", "empty");
  // A file cut off in the middle of its last line: that line is short of cells and the file does not end a line.
  const last = sheet.rows.at(-1)!;
  if (!/[\r\n]\s*$/.test(text) && last.cells.length < sheet.header.length)
    throw new FeedError(
      `The file ends in the middle of line ${last.row} (${last.cells.length} of ${sheet.header.length} columns): it was cut off while it was written or sent`,
      "truncated",
    );
  return { format: "csv", ...sheet };
}

/** The feed in `bytes`; throws FeedError for an HTML page, an empty file, a cut-off file, or one neither CSV nor JSON. */
export function readFeed(bytes: Uint8Array, format: FeedFormat = "auto"): Feed {
  const text = decodeCsv(bytes);
  if (!text.replace(/^\uFEFF/, "").trim()) throw new FeedError("The file is empty", "empty");
  if (format !== "json" && !looksLikeJson(text) && looksLikeHtml(text.replace(/^\uFEFF/, "")))
    throw new FeedError("The file is a web page, not an inventory: the dealer system answered with an error or sign-in page", "html");
  return format === "json" || (format === "auto" && looksLikeJson(text)) ? readJsonFeed(text) : readCsvFeed(text);
}
