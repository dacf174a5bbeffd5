import { CONTACT_FIELDS } from "./contact-fields";
import { multiLine, oneLine } from "./escape";
import type { Lead } from "./lead";

type Cell = string | number | null | undefined;

/** One column of the lead CSV: its header and the cell of a lead. */
export interface LeadCsvColumn {
  name: string;
  cell: (lead: Lead) => Cell;
}

/** A value kept to one line: control characters of leads stored before the schema refused them become U+FFFD. */
const line = (v: string | null | undefined) => (v == null ? v : oneLine(v));

/**
 * The lead CSV, column by column, in order: the lead's id and time, the contact form's fields (domain/contact-fields.ts;
 * only a many-line field keeps its line breaks, as \n), where it came from and how its mail fared, and its site.
 */
export const LEAD_CSV_COLUMNS: readonly LeadCsvColumn[] = [
  { name: "id", cell: (l) => line(l.id) },
  { name: "createdAt", cell: (l) => line(l.createdAt) },
  ...CONTACT_FIELDS.map((f): LeadCsvColumn => ({
    name: f.name,
    cell: (l) => {
      const value: string | undefined = l[f.name];
      return f.control === "textarea" ? value && multiLine(value) : line(value);
    },
  })),
  { name: "source", cell: (l) => line(l.source) },
  { name: "origin", cell: (l) => line(l.origin) },
  { name: "deliveryStatus", cell: (l) => l.delivery.status },
  { name: "deliveryAttempts", cell: (l) => l.delivery.attempts },
  { name: "sentAt", cell: (l) => line(l.delivery.sentAt) },
  // Last, so a spreadsheet or CRM import mapped by column before sites keeps its columns.
  { name: "site", cell: (l) => l.site },
  // The cart the lead is about (issue 30), as listed when it came in; after the site, for the same reason.
  { name: "kind", cell: (l) => l.kind ?? "message" },
  { name: "vehicleId", cell: (l) => line(l.vehicleId) },
  { name: "vehicleName", cell: (l) => line(l.vehicle?.name) },
  { name: "stockNumber", cell: (l) => line(l.vehicle?.stockNumber) },
  { name: "vinOrSerial", cell: (l) => line(l.vehicle?.vin ?? l.vehicle?.serialNumber) },
  { name: "testDriveSlot", cell: (l) => line(l.slot) },
];

/** One CSV cell: quoted when needed; a leading = + - @ is defused so a spreadsheet never runs it as a formula. */
export function csvCell(value: Cell): string {
  let s = value == null ? "" : String(value);
  if (/^[=+\-@\t\r]/.test(s)) s = `'${s}`;
  return /[",\r\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
}

/** The CSV's header row, with its CRLF. */
export const LEAD_CSV_HEADER = `${LEAD_CSV_COLUMNS.map((c) => c.name).join(",")}\r\n`;

/**
 * Leads as CSV rows (RFC 4180, each ending CRLF), without the header: a
 * streamed export writes the header once and then rows batch by batch.
 */
export function leadCsvRows(leads: readonly Lead[]): string {
  let out = "";
  for (const l of leads) out += LEAD_CSV_COLUMNS.map((c) => csvCell(c.cell(l))).join(",") + "\r\n";
  return out;
}

/** Leads as one CSV text: the header row, then one row per lead (for `npm run leads`). */
export const leadsToCsv = (leads: readonly Lead[]): string => LEAD_CSV_HEADER + leadCsvRows(leads);
