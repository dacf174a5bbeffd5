/**
 * Local date-times of a site: "2027-06-12T10:00" on the wall clock of its time zone, and the instants they name.
 * Rentals and the lead export read a site's clock through these; each zone's formatter is made once.
 */

/** A local date-time as the widget's inputs give it: "2027-06-12T10:00" (seconds allowed, ignored). */
const LOCAL_DATE_TIME = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::\d{2})?$/;

/** The wall-clock fields of a local date-time, or null when it is not one or names no real day (2027-02-30). */
export function wallClock(local: string): number | null {
  const m = LOCAL_DATE_TIME.exec(local);
  if (!m) return null;
  const [y, mo, d, h, mi] = m.slice(1).map(Number) as [number, number, number, number, number];
  const ms = Date.UTC(y, mo - 1, d, h, mi);
  const back = new Date(ms);
  if (back.getUTCFullYear() !== y || back.getUTCMonth() !== mo - 1 || back.getUTCDate() !== d || h > 23 || mi > 59) return null;
  return ms;
}

export const isLocalDateTime = (s: string): boolean => wallClock(s) !== null;

const formatters = new Map<string, Intl.DateTimeFormat>();
function partsIn(instant: number, timeZone: string): Record<string, number> {
  let f = formatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat("en-US", {
      timeZone,
      hourCycle: "h23",
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
      hour: "2-digit",
      minute: "2-digit",
      second: "2-digit",
    });
    formatters.set(timeZone, f);
  }
  const out: Record<string, number> = {};
  for (const p of f.formatToParts(new Date(instant))) if (p.type !== "literal") out[p.type] = Number(p.value);
  return out;
}

/** `timeZone`'s offset from UTC at `instant`, in ms (whole seconds), as its formatter reads it. */
function exactOffset(instant: number, timeZone: string): number {
  const p = partsIn(instant, timeZone);
  return Date.UTC(p.year!, p.month! - 1, p.day!, p.hour!, p.minute!, p.second!) - Math.floor(instant / 1000) * 1000;
}

/**
 * Spans over which a zone's offset is worked out once: a UTC day, else (on the day of a clock change) a UTC hour.
 * Two clock changes never fall within one day, so a span whose two ends agree holds one offset throughout.
 */
const SPANS = [86_400_000, 3_600_000];
/** Per zone, per span: the offset of each span start met, or NaN for a span with a clock change in it. */
const known = new Map<string, Map<number, number>[]>();
/** Starts kept per span, so a long-running server's memory stays small (years of days, weeks of hours). */
const MAX_KEPT = 20_000;

/**
 * `timeZone`'s offset at `instant`, asked of the formatter twice per day (a formatter call costs 10 µs, and an export
 * reads thousands of leads a day). A clock change can fall inside a UTC hour (Newfoundland, Lord Howe): an hour whose
 * two ends differ is never kept, and each of its instants is asked of the formatter.
 */
function offsetAt(instant: number, timeZone: string): number {
  let spans = known.get(timeZone);
  if (!spans) known.set(timeZone, (spans = SPANS.map(() => new Map())));
  for (let i = 0; i < SPANS.length; i++) {
    const span = SPANS[i]!;
    const kept = spans[i]!;
    const start = Math.floor(instant / span) * span;
    let offset = kept.get(start);
    if (offset === undefined) {
      offset = exactOffset(start, timeZone);
      if (offset !== exactOffset(start + span - 1, timeZone)) offset = NaN;
      if (kept.size >= MAX_KEPT) kept.clear();
      kept.set(start, offset);
    }
    if (!Number.isNaN(offset)) return offset;
  }
  return exactOffset(instant, timeZone);
}

/** The wall clock of `instant` in `timeZone` to the second, as milliseconds of a UTC date with the same fields. */
function wallClockOf(instant: number, timeZone: string): number {
  return Math.floor(instant / 1000) * 1000 + offsetAt(instant, timeZone);
}

/** "2027-06-12T10:00" at `instant` in `timeZone`. */
export function toLocalDateTime(instant: Date | number, timeZone: string): string {
  return new Date(wallClockOf(+instant, timeZone)).toISOString().slice(0, 16);
}

/** "2027-06-12": the day `instant` falls on in `timeZone`. */
export const localDay = (instant: Date | number, timeZone: string): string => toLocalDateTime(instant, timeZone).slice(0, 10);

/** The day `n` days after `day` ("2027-06-12"), by the calendar (whatever clock change falls between). */
export function addDays(day: string, n: number): string {
  const [y, m, d] = day.split("-").map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d + n)).toISOString().slice(0, 10);
}

/** Whole days from `from` to `to` ("2027-06-12" to "2027-06-14" → 2), by the calendar. */
export const daysBetween = (from: string, to: string): number => Math.round((Date.parse(`${to}T00:00Z`) - Date.parse(`${from}T00:00Z`)) / 86_400_000);

/** The day `n` calendar months after `day`, on the month's last day when it is shorter ("2028-01-31" + 1 → "2028-02-29"). */
export function addMonths(day: string, n: number): string {
  const [y, m, d] = day.split("-").map(Number) as [number, number, number];
  const last = new Date(Date.UTC(y, m - 1 + n + 1, 0)).getUTCDate();
  return new Date(Date.UTC(y, m - 1 + n, Math.min(d, last))).toISOString().slice(0, 10);
}

/** "October 15, 2027": a day as customers and staff read it. */
export const formatDay = (day: string): string =>
  new Date(`${day}T12:00:00Z`).toLocaleDateString("en-US", { year: "numeric", month: "long", day: "numeric", timeZone: "UTC" });

/** The instant `day` begins in `timeZone` (its midnight, or the first minute after it when a clock change skips it). */
export const dayStartsAt = (day: string, timeZone: string): Date => fromLocalDateTime(`${day}T00:00`, timeZone);

/**
 * The instant a local date-time of `timeZone` names. A time skipped by a clock change (2:30 on a spring-forward
 * night) is read as the instant an hour later on the new clock; a time met twice (autumn) is its first.
 */
export function fromLocalDateTime(local: string, timeZone: string): Date {
  const wall = wallClock(local);
  if (wall === null) throw new Error(`Not a local date-time: ${local}`);
  const offsetAt = (t: number) => wallClockOf(t, timeZone) - t;
  const guess = wall - offsetAt(wall);
  const offset = offsetAt(guess);
  if (wall - offset === guess) return new Date(guess);
  const other = wall - offset;
  // Across a clock change: the other offset holds there, or the time was skipped and the first guess is an hour on.
  return new Date(wallClockOf(other, timeZone) === wall ? other : guess);
}
