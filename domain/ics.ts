/**
 * Calendar files (iCalendar, RFC 5545) for the appointments the site makes: a test drive, a rental's delivery and
 * pickup. A mail attaches one as `text/calendar` so the visitor's calendar app offers to add it. Written by
 * ical-generator, which folds long lines, escapes text and writes UTC times as the RFC asks; this module only says
 * what an appointment of ours holds, so every caller writes the same kind of file.
 */
import ical, { ICalCalendarMethod, ICalEventStatus } from "ical-generator";

/** One appointment: an instant range (written in UTC, so no time-zone table is needed) and what it is. */
export interface CalendarEvent {
  /** Globally unique and stable for the appointment, e.g. `test-drive-<lead id>@<site domain>`: a calendar updates the event it already has. */
  uid: string;
  start: Date;
  end: Date;
  summary: string;
  description?: string;
  /** Where it happens: the showroom's address, or the renter's delivery address. */
  location?: string;
  /** A page about the appointment (the vehicle, the reservation). */
  url?: string;
  /** Who holds it: the site, with the address replies go to. */
  organizer?: { name: string; email: string };
  /** "cancelled" tells a calendar to drop an event it already has (with the same uid and a higher sequence). */
  status?: "confirmed" | "tentative" | "cancelled";
  /** Raised each time the same uid is sent again with changes (RFC 5545 §3.8.7.4). */
  sequence?: number;
}

export interface CalendarOptions {
  /** The calendar's name, e.g. the site's name. */
  name: string;
  /** When the file is written (DTSTAMP); tests pass a fixed instant. */
  now?: Date;
}

const STATUS = { confirmed: ICalEventStatus.CONFIRMED, tentative: ICalEventStatus.TENTATIVE, cancelled: ICalEventStatus.CANCELLED } as const;

/** The product that writes our calendar files (PRODID, RFC 5545 §3.7.3). */
export const ICS_PRODUCT = { company: "Sussex Golf Carts", product: "Dealership site", language: "EN" } as const;

/** The MIME type of a calendar file attached to a mail (RFC 5545 §8.1). */
export const ICS_CONTENT_TYPE = "text/calendar; charset=utf-8; method=PUBLISH";

/** A calendar file holding the given appointments, published (not an invitation that asks for a reply). */
export function icsCalendar(events: readonly CalendarEvent[], { name, now = new Date() }: CalendarOptions): string {
  const calendar = ical({ name, prodId: ICS_PRODUCT, method: ICalCalendarMethod.PUBLISH });
  for (const e of events) {
    if (!(e.end.getTime() > e.start.getTime())) throw new RangeError(`ics: the event "${e.uid}" must end after it starts`);
    calendar.createEvent({
      id: e.uid,
      stamp: now,
      start: e.start,
      end: e.end,
      summary: e.summary,
      description: e.description ?? null,
      location: e.location ?? null,
      url: e.url ?? null,
      organizer: e.organizer ?? null,
      status: e.status ? STATUS[e.status] : null,
      sequence: e.sequence ?? 0,
    });
  }
  // RFC 5545 §3.1 ends every content line with CRLF, the last one (END:VCALENDAR) too; the writer leaves it off.
  const text = calendar.toString();
  return text.endsWith("\r\n") ? text : `${text}\r\n`;
}
