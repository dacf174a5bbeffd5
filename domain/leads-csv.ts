import { CONTACT_FIELDS } from "./contact-fields";
import { multiLine, oneLine } from "./escape";
import type { Lead } from "./lead";
import { toLocalDateTime } from "./local-time";
import { FOLLOW_UP_LABELS, type FollowUp } from "./lead-follow-up";

type Cell = string | number | null | undefined;

/**
 * What a row knows beside its lead: the lead's follow-up and the time zone of its site, in which the
 * follow-up columns give their times. Absent (`npm run leads`, which reads no follow-up): those columns are empty.
 */
export interface LeadCsvContext {
  followUp(id: string): FollowUp;
  timeZone(site: string): string;
}

/** One column of the lead CSV: its header and the cell of a lead. */
export interface LeadCsvColumn {
  name: string;
  cell: (lead: Lead, context?: LeadCsvContext) => Cell;
}

/** The byte order mark the console's download starts with, so a spreadsheet reads the file as UTF-8 (accents intact). */
export const CSV_BOM = "\uFEFF";

/**
 * An instant as a person in `timeZone` reads it: 2026-11-21 10:04 (24-hour, the zone in its own column). Every row's
 * "received" cell is one, so it takes the formatter made once per zone: a formatter made per row held the event loop
 * 50 ms per batch of 250 and made an export of 100,000 leads take 20 s (docs/benchmarks.md §6g).
 */
export const localTime = (iso: string, timeZone: string): string => toLocalDateTime(Date.parse(iso), timeZone).replace("T", " ");

/** A follow-up column: empty without a context. */
const followUpCell =
  (cell: (f: FollowUp, zone: string, lead: Lead) => Cell) =>
  (l: Lead, c?: LeadCsvContext): Cell =>
    c ? cell(c.followUp(l.id), c.timeZone(l.site), l) : undefined;

/** A value kept to one line: control characters of leads stored before the schema refused them become U+FFFD. */
const line = (v: string | null | undefined) => (v == null ? v : oneLine(v));

/** The form's fields through its message, each in the column imports map; those added after them (see below). */
const MESSAGE_AT = CONTACT_FIELDS.findIndex((f) => f.name === "message");
const FORM_FIELDS = CONTACT_FIELDS.slice(0, MESSAGE_AT + 1);
const ADDED_FIELDS = CONTACT_FIELDS.slice(MESSAGE_AT + 1);

/** A contact field's column: only a many-line field keeps its line breaks, as \n. */
const fieldColumn = (f: (typeof CONTACT_FIELDS)[number]): LeadCsvColumn => ({
  name: f.name,
  cell: (l) => {
    const value: string | undefined = l[f.name];
    return f.control === "textarea" ? value && multiLine(value) : line(value);
  },
});

/**
 * The lead CSV, column by column, in order: the lead's id and time, the contact form's fields (domain/contact-fields.ts),
 * where it came from and how its mail fared, its site, the cart, the sales side, and the fields added to the form.
 */
export const LEAD_CSV_COLUMNS: readonly LeadCsvColumn[] = [
  { name: "id", cell: (l) => line(l.id) },
  { name: "createdAt", cell: (l) => line(l.createdAt) },
  ...FORM_FIELDS.map(fieldColumn),
  { name: "source", cell: (l) => line(l.source) },
  { name: "origin", cell: (l) => line(l.origin) },
  { name: "deliveryStatus", cell: (l) => l.delivery.status },
  { name: "deliveryAttempts", cell: (l) => l.delivery.attempts },
  { name: "sentAt", cell: (l) => line(l.delivery.sentAt) },
  // Last, so a spreadsheet or CRM import mapped by column before sites keeps its columns.
  { name: "site", cell: (l) => l.site },
  // The cart the lead is about, as listed when it came in; after the site, for the same reason.
  { name: "kind", cell: (l) => l.kind ?? "message" },
  { name: "vehicleId", cell: (l) => line(l.vehicleId) },
  { name: "vehicleName", cell: (l) => line(l.vehicle?.name) },
  { name: "stockNumber", cell: (l) => line(l.vehicle?.stockNumber) },
  { name: "vinOrSerial", cell: (l) => line(l.vehicle?.vin ?? l.vehicle?.serialNumber) },
  { name: "testDriveSlot", cell: (l) => line(l.slot) },
  // The sales side, after the columns imports already map: times in the site's own time zone, named last.
  { name: "status", cell: followUpCell((f) => FOLLOW_UP_LABELS[f.status]) },
  { name: "assignee", cell: followUpCell((f) => line(f.assignee)) },
  { name: "due", cell: followUpCell((f, zone) => f.due && localTime(f.due, zone)) },
  {
    name: "notes",
    cell: followUpCell((f, zone) => f.notes.map((n) => `${localTime(n.at, zone)} ${oneLine(n.author)}: ${multiLine(n.text)}`).join("\n") || undefined),
  },
  { name: "received", cell: followUpCell((_f, zone, l) => localTime(l.createdAt, zone)) },
  { name: "timeZone", cell: followUpCell((_f, zone) => zone) },
  // A field added to the form after these (docs/development.md): last, so every column before it keeps its place.
  ...ADDED_FIELDS.map(fieldColumn),
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
export function leadCsvRows(leads: readonly Lead[], context?: LeadCsvContext): string {
  let out = "";
  for (const l of leads) out += LEAD_CSV_COLUMNS.map((c) => csvCell(c.cell(l, context))).join(",") + "\r\n";
  return out;
}

/** Leads as one CSV text: the header row, then one row per lead (for `npm run leads`). */
export const leadsToCsv = (leads: readonly Lead[]): string => LEAD_CSV_HEADER + leadCsvRows(leads);
