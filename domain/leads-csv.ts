import { multiLine, oneLine } from "./escape";
import type { Lead } from "./lead";

export const LEAD_CSV_COLUMNS = [
  "id",
  "createdAt",
  "firstName",
  "lastName",
  "email",
  "phone",
  "interest",
  "message",
  "source",
  "origin",
  "deliveryStatus",
  "deliveryAttempts",
  "sentAt",
  // Last, so a spreadsheet or CRM import mapped by column before sites keeps its columns.
  "site",
] as const;

/** One CSV cell: quoted when needed; a leading = + - @ is defused so a spreadsheet never runs it as a formula. */
export function csvCell(value: string | number | null | undefined): string {
  let s = value == null ? "" : String(value);
  if (/^[=+\-@\t\r]/.test(s)) s = `'${s}`;
  return /[",\r\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
}

/** The CSV's header row, with its CRLF. */
export const LEAD_CSV_HEADER = `${LEAD_CSV_COLUMNS.join(",")}\r\n`;

/**
 * Leads as CSV rows (RFC 4180, each ending CRLF), without the header: a
 * streamed export writes the header once and then rows batch by batch.
 * Control characters of leads stored before the schema refused them become
 * U+FFFD; only the message keeps its line breaks (as \n, inside its quoted cell).
 */
export function leadCsvRows(leads: readonly Lead[]): string {
  const line = (v: string | null | undefined) => (v == null ? v : oneLine(v));
  let out = "";
  for (const l of leads) {
    out +=
      [
        line(l.id),
        line(l.createdAt),
        line(l.firstName),
        line(l.lastName),
        line(l.email),
        line(l.phone),
        l.interest,
        multiLine(l.message),
        line(l.source),
        line(l.origin),
        l.delivery.status,
        l.delivery.attempts,
        line(l.delivery.sentAt),
        l.site,
      ]
        .map(csvCell)
        .join(",") + "\r\n";
  }
  return out;
}

/** Leads as one CSV text: the header row, then one row per lead (for `npm run leads`). */
export const leadsToCsv = (leads: readonly Lead[]): string => LEAD_CSV_HEADER + leadCsvRows(leads);
