/**
 * Cart storage: the prices (spec §9 "Storage") and the quote of a stay, in cents with its lines in words. A stay runs
 * from the day a cart is dropped off to the day it is collected; the pricing rule is
 * docs/decisions/0068-storage-and-service-rules.md.
 */
import { addMonths, daysBetween, formatDay, wallClock } from "./local-time";
import { formatUsd, formatUsdCents } from "./money";

const MONTH_NAMES = ["January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November", "December"];
/** "10-15" → "October 15". */
const monthDay = (md: string) => `${MONTH_NAMES[Number(md.slice(0, 2)) - 1]} ${Number(md.slice(3))}`;
const season = (from: string, to: string) => ({ from, to, season: `${monthDay(from)} to ${monthDay(to)}` });

/** Storage prices and account terms in US dollars; a package's season runs from its first day ("MM-DD") to the day the cart is collected by. */
export const STORAGE_PRICES = {
  indoorMonthly: 125,
  outdoorMonthly: 75,
  winter: { ...season("10-15", "04-15"), indoor: 650, outdoor: 400 },
  summer: { ...season("05-01", "09-30"), indoor: 575, outdoor: 350 },
  maintenanceMonthly: 50,
  preSeasonPrep: 150,
  lateFee: 25,
  lateAfterDays: 10,
  terminationNoticeDays: 30,
  abandonedServiceDays: 30,
} as const;

/** What a cart is released against (spec §5 "Policy rules": valid ID for storage retrieval), on the policy page and at the desk. */
export const STORAGE_RELEASE_RULE =
  "Bring a valid photo ID when you collect your cart; we release carts only to the owner or someone the owner has named in writing.";

/** A part month is charged by the day, at this share of the monthly rate. */
export const DAYS_PER_MONTH_CHARGED = 30;
const CENTS = 100;

export const STORAGE_KINDS = ["indoor", "outdoor"] as const;
export type StorageKind = (typeof STORAGE_KINDS)[number];
export const STORAGE_KIND_LABELS: Record<StorageKind, string> = { indoor: "Indoor climate-controlled storage", outdoor: "Covered outdoor storage" };

/** Monthly: every day by the month. Package: the season packages where a stay is in their season, the rest by the month. */
export const STORAGE_PLANS = ["monthly", "package"] as const;
export type StoragePlan = (typeof STORAGE_PLANS)[number];

export const STORAGE_ADD_ONS = ["maintenance", "pre-season-prep"] as const;
export type StorageAddOn = (typeof STORAGE_ADD_ONS)[number];

export interface StorageQuoteInput {
  kind: StorageKind;
  plan: StoragePlan;
  /** "YYYY-MM-DD": the day the cart is dropped off. */
  start: string;
  /** "YYYY-MM-DD": the day it is collected. */
  end: string;
  addOns?: readonly StorageAddOn[];
}

export interface StorageLine {
  label: string;
  cents: number;
}

export interface StorageQuote {
  lines: StorageLine[];
  totalCents: number;
}

export type StorageQuoteResult = { ok: true; quote: StorageQuote } | { ok: false; error: string };

export const STORAGE_MESSAGES = {
  dates: "Choose the day you drop the cart off and the day you collect it",
  endBeforeStart: "The collection day must be after the drop-off day",
  noSeason: `That stay is outside both seasons (winter ${STORAGE_PRICES.winter.season}, summer ${STORAGE_PRICES.summer.season}): choose the monthly plan`,
} as const;

const plural = (n: number, one: string) => `${n} ${one}${n === 1 ? "" : "s"}`;
const isDay = (s: string) => wallClock(`${s}T00:00`) !== null;

/** Whole calendar months from `from`, then the days left before `to`. */
function monthsAndDays(from: string, to: string): { months: number; days: number } {
  let months = 0;
  while (addMonths(from, months + 1) <= to) months++;
  return { months, days: daysBetween(addMonths(from, months), to) };
}

const spanWords = ({ months, days }: { months: number; days: number }) =>
  [months && plural(months, "month"), days && plural(days, "day")].filter(Boolean).join(" and ");

/** `rate` dollars a month over [from, to): whole months, and a thirtieth of the rate for each day left. */
function byTheMonth(rate: number, from: string, to: string): { cents: number; words: string } {
  const span = monthsAndDays(from, to);
  const cents = rate * CENTS * span.months + Math.round((rate * CENTS * span.days) / DAYS_PER_MONTH_CHARGED);
  return { cents, words: `${spanWords(span)} at ${formatUsd(rate)} a month` };
}

const dates = (from: string, to: string) => `${formatDay(from)} to ${formatDay(to)}`;

interface Part {
  from: string;
  to: string;
  package?: typeof STORAGE_PRICES.winter | typeof STORAGE_PRICES.summer;
  title?: string;
}

/** [start, end) cut at the seasons' edges, each part with the package whose season holds it. */
function parts(start: string, end: string): Part[] {
  const seasons: Part[] = [];
  for (let y = Number(start.slice(0, 4)) - 1; y <= Number(end.slice(0, 4)); y++) {
    const { winter, summer } = STORAGE_PRICES;
    seasons.push({ from: `${y}-${winter.from}`, to: `${y + 1}-${winter.to}`, package: winter, title: "Winter package" });
    seasons.push({ from: `${y}-${summer.from}`, to: `${y}-${summer.to}`, package: summer, title: "Summer package" });
  }
  const inside = seasons
    .map((s) => ({ ...s, from: s.from > start ? s.from : start, to: s.to < end ? s.to : end }))
    .filter((s) => s.from < s.to)
    .sort((a, b) => (a.from < b.from ? -1 : 1));
  const out: Part[] = [];
  let at = start;
  for (const s of inside) {
    if (at < s.from) out.push({ from: at, to: s.from });
    out.push(s);
    at = s.to;
  }
  if (at < end) out.push({ from: at, to: end });
  return out;
}

/** The storage lines of a stay: by the month, or for the package plan each season's package where it costs less than its days by the month. */
function storageLines({ kind, plan, start, end }: StorageQuoteInput): StorageLine[] {
  const rate = kind === "indoor" ? STORAGE_PRICES.indoorMonthly : STORAGE_PRICES.outdoorMonthly;
  const label = STORAGE_KIND_LABELS[kind];
  if (addMonths(start, 1) > end)
    return [{ label: `${label}, ${dates(start, end)}: ${plural(daysBetween(start, end), "day")}, charged as the one-month minimum`, cents: rate * CENTS }];
  if (plan === "monthly") {
    const m = byTheMonth(rate, start, end);
    return [{ label: `${label}, ${dates(start, end)}: ${m.words}`, cents: m.cents }];
  }
  // A season's package where it costs less than its days by the month; runs of the other days, by the month.
  const lines: StorageLine[] = [];
  let run: { from: string; to: string; skipped: string[] } | null = null;
  const endRun = () => {
    if (!run) return;
    const m = byTheMonth(rate, run.from, run.to);
    const note = run.skipped.length ? `, less than the ${run.skipped.join(" or the ")}` : "";
    lines.push({ label: `${label}, ${dates(run.from, run.to)}: ${m.words}${note}`, cents: m.cents });
    run = null;
  };
  for (const p of parts(start, end)) {
    const price = p.package?.[kind];
    if (price !== undefined && price * CENTS < byTheMonth(rate, p.from, p.to).cents) {
      endRun();
      lines.push({ label: `${p.title}, ${kind === "indoor" ? "indoor climate-controlled" : "covered outdoor"}, ${dates(p.from, p.to)}`, cents: price * CENTS });
      continue;
    }
    run ??= { from: p.from, to: p.to, skipped: [] };
    run.to = p.to;
    if (price !== undefined) run.skipped.push(`${p.title!.toLowerCase()} (${formatUsd(price)})`);
  }
  endRun();
  return lines;
}

/** What a stay costs, in cents, line by line in words: storage, then the add-ons chosen; or why it cannot be quoted. */
export function quoteStorage(input: StorageQuoteInput): StorageQuoteResult {
  const { start, end } = input;
  if (!isDay(start) || !isDay(end)) return { ok: false, error: STORAGE_MESSAGES.dates };
  if (end <= start) return { ok: false, error: STORAGE_MESSAGES.endBeforeStart };
  if (input.plan === "package" && parts(start, end).every((p) => !p.package)) return { ok: false, error: STORAGE_MESSAGES.noSeason };
  const lines = storageLines(input);
  if (input.addOns?.includes("maintenance")) {
    const minimum = addMonths(start, 1) > end;
    const m = byTheMonth(STORAGE_PRICES.maintenanceMonthly, start, minimum ? addMonths(start, 1) : end);
    lines.push({ label: `Maintenance add-on: ${minimum ? "the one-month minimum" : m.words}`, cents: m.cents });
  }
  if (input.addOns?.includes("pre-season-prep")) lines.push({ label: "Pre-season preparation", cents: STORAGE_PRICES.preSeasonPrep * CENTS });
  return { ok: true, quote: { lines, totalCents: lines.reduce((sum, l) => sum + l.cents, 0) } };
}

/** Cents as a customer reads them: 18333 → "$183.33". */
export const formatCents = (cents: number): string => formatUsdCents(cents / CENTS);
