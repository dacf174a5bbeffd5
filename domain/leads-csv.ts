import type { Lead } from "./lead";

export const LEAD_CSV_COLUMNS = [
  "id", "createdAt", "firstName", "lastName", "email", "phone", "interest", "message", "source", "origin", "deliveryStatus", "deliveryAttempts", "sentAt",
] as const;

/** One CSV cell: quoted when needed; a leading = + - @ is defused so a spreadsheet never runs it as a formula. */
export function csvCell(value: string | number | null | undefined): string {
  let s = value == null ? "" : String(value);
  if (/^[=+\-@\t\r]/.test(s)) s = `'${s}`;
  return /[",\r\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
}

/** Leads as CSV (RFC 4180, CRLF line ends): a header row, then one row per lead. */
export function leadsToCsv(leads: readonly Lead[]): string {
  const rows = leads.map((l) =>
    [l.id, l.createdAt, l.firstName, l.lastName, l.email, l.phone, l.interest, l.message, l.source, l.origin, l.delivery.status, l.delivery.attempts, l.delivery.sentAt].map(csvCell).join(","),
  );
  return [LEAD_CSV_COLUMNS.join(","), ...rows].join("\r\n") + "\r\n";
}
