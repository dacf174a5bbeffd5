/**
 * A spreadsheet's CSV file, read into a header and rows (csv-parse: RFC 4180 quotes, CR, LF or CRLF line ends, a
 * byte-order mark). Server side only: the console sends the file's bytes, and the server reads them, so the browser
 * bundle carries no parser. Decision 0041.
 */
import { CsvError, parse } from "csv-parse/sync";

/** The most rows one import takes: a dealer group's whole inventory (3,500 units) with room to spare. */
export const INVENTORY_CSV_MAX_ROWS = 10_000;

/** What is wrong with the file as a whole (not a row of it), in words. */
export class SheetError extends Error {
  override name = "SheetError";
}

/** A data row: its number as a spreadsheet shows it (the header is row 1), and its cells' texts. */
export interface SheetRow {
  row: number;
  cells: string[];
}

export interface Sheet {
  header: string[];
  rows: SheetRow[];
}

/**
 * The file's text: UTF-8 (with or without a byte-order mark), or, when the bytes are not UTF-8, Windows-1252, which
 * Excel's plain "CSV (Comma delimited)" writes on Windows: either way "Crème" stays "Crème".
 */
export function decodeCsv(bytes: Uint8Array): string {
  try {
    return new TextDecoder("utf-8", { fatal: true }).decode(bytes);
  } catch {
    return new TextDecoder("windows-1252").decode(bytes);
  }
}

/**
 * The delimiter the header row uses: a comma; else the semicolon a spreadsheet in a decimal-comma locale writes, or
 * the tab or the bar some dealer systems export with, whichever the header holds most of.
 */
function delimiterOf(text: string): string {
  const firstLine = text.slice(0, text.search(/\r|\n|$/));
  if (firstLine.includes(",")) return ",";
  const counts = [";", "\t", "|"].map((d) => [d, firstLine.split(d).length - 1] as const).sort((a, b) => b[1] - a[1]);
  return counts[0]![1] > 0 ? counts[0]![0] : ",";
}

/** What csv-parse reports, said for a person. */
const CSV_PROBLEMS: Record<string, string> = {
  CSV_QUOTE_NOT_CLOSED: 'a quoted cell is never closed (a closing " is missing)',
  INVALID_OPENING_QUOTE: 'a " stands inside a cell that is not in quotes; put the whole cell in quotes and write the " twice',
  CSV_INVALID_CLOSING_QUOTE: 'a quoted cell goes on after its closing "; write a " inside a quoted cell twice',
};

/** A cell a spreadsheet wrote with a leading ' to keep it from being run as a formula (as the export does): the ' goes. */
const undefused = (cell: string) => (/^'[=+\-@\t\r]/.test(cell) ? cell.slice(1) : cell);

/** The header and the rows of a CSV text; throws SheetError for a file that is not a CSV, is empty or has too many rows. */
export function readSheet(text: string): Sheet {
  let records: string[][];
  try {
    records = parse(text, { bom: true, delimiter: delimiterOf(text.replace(/^\uFEFF/, "")), relax_column_count: true }) as string[][];
  } catch (err) {
    if (!(err instanceof CsvError)) throw err;
    // `records`: the records read whole before the bad one, the header among them; the bad one is the next row.
    const done = (err as CsvError & { records?: number }).records;
    throw new SheetError(`The file is not a valid CSV${done === undefined ? "" : ` at row ${done + 1}`}: ${CSV_PROBLEMS[err.code] ?? err.message}`);
  }
  const [header, ...data] = records;
  if (!header || header.every((h) => !h.trim())) throw new SheetError("The file is empty: it needs a header row naming its columns, then a row per cart");
  const rows = data.map((cells, i) => ({ row: i + 2, cells: cells.map(undefused) })).filter((r) => r.cells.some((c) => c.trim()));
  if (rows.length > INVENTORY_CSV_MAX_ROWS)
    throw new SheetError(
      `The file has ${rows.length.toLocaleString("en-US")} rows; one import takes at most ${INVENTORY_CSV_MAX_ROWS.toLocaleString("en-US")}`,
    );
  return { header, rows };
}
