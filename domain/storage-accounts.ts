/**
 * A storage contract's rules after the quote: the spaces it takes, the steps on an overdue account (spec §4
 * "Delinquent storage account", §9 "Storage"), and its end after notice. docs/decisions/0068-storage-and-service-rules.md.
 */
import { addDays, daysBetween, formatDay, localDay } from "./local-time";
import { formatUsd } from "./money";
import { busiestOverlap } from "./rental-booking";
import { STORAGE_KIND_LABELS, STORAGE_PRICES, type StorageKind } from "./storage";

/** A contract as the capacity check reads it: its kind, and the days it holds a space, [start, end); no end while it runs on monthly. */
export interface StorageStay {
  kind: StorageKind;
  start: string;
  end?: string;
}

export type StorageSpaces = Record<StorageKind, number>;

const dayNumber = (day: string) => daysBetween("1970-01-01", day);

/**
 * Why `stay` does not fit beside `contracts` in the site's `spaces`, in words; null when on every one of its days a
 * space of its kind is free. A cart collected on a day frees its space for one dropped off that day.
 */
export function storageSpaceProblem(contracts: readonly StorageStay[], stay: StorageStay, spaces: StorageSpaces): string | null {
  const holds = contracts.filter((c) => c.kind === stay.kind).map((c) => ({ start: dayNumber(c.start), end: c.end ? dayNumber(c.end) : Infinity }));
  const taken = busiestOverlap(holds, dayNumber(stay.start), stay.end ? dayNumber(stay.end) : Infinity);
  if (taken < spaces[stay.kind]) return null;
  const n = spaces[stay.kind];
  const all = n === 1 ? "its one space is" : `all ${n} spaces are`;
  return `${STORAGE_KIND_LABELS[stay.kind]} is full on some of those days (${all} taken): choose other dates or the other kind of storage`;
}

/** The steps on an overdue account, by days overdue; `notice` is what the storage policy tells customers (its {state} filled by the page). */
export const STORAGE_DELINQUENCY_STEPS = [
  { id: "late-fee", days: STORAGE_PRICES.lateAfterDays + 1, task: `Charge the ${formatUsd(STORAGE_PRICES.lateFee)} late fee` },
  { id: "written-notice", days: 30, task: "Mail a written notice of the overdue balance", notice: "We send a written notice of the overdue balance." },
  { id: "final-notice", days: 60, task: "Mail the final written notice", notice: "We call you and send a final written notice." },
  { id: "phone-call", days: 60, task: "Phone the customer about the overdue balance" },
  { id: "lien", days: 90, task: "Lien process: start it under the state's law", notice: "The lien process under {state} law begins." },
  {
    id: "may-be-sold",
    days: 120,
    task: "May be sold: the cart may be sold to recover the balance",
    notice: "The cart may be sold to recover the balance owed.",
  },
] as const;
export type DelinquencyStepId = (typeof STORAGE_DELINQUENCY_STEPS)[number]["id"];

/** A step taken, for the overdue balance that began after `paidThrough`. */
export interface TakenStep {
  id: DelinquencyStepId;
  paidThrough: string;
}

/** Days a payment is overdue on `today`: it falls due the day after `paidThrough`, which is day 0. */
export const daysOverdue = (paidThrough: string, today: string): number => Math.max(0, daysBetween(addDays(paidThrough, 1), today));

/**
 * The steps due on an account paid through `paidThrough` at `now` (the site's day) and not yet in `taken`: a
 * scheduler runs it as often as it likes, records what it did, and nothing is done twice for one overdue balance.
 */
export function dueDelinquencySteps(
  paidThrough: string,
  now: Date,
  taken: readonly TakenStep[],
  timeZone: string,
): (typeof STORAGE_DELINQUENCY_STEPS)[number][] {
  const overdue = daysOverdue(paidThrough, localDay(now, timeZone));
  return STORAGE_DELINQUENCY_STEPS.filter((s) => overdue >= s.days && !taken.some((t) => t.id === s.id && t.paidThrough === paidThrough));
}

/** The last day of a contract ended by notice given on `noticeDay`: 30 days on. */
export const terminationEndDay = (noticeDay: string): string => addDays(noticeDay, STORAGE_PRICES.terminationNoticeDays);

/** The notice's end in words, for the letter and the console. */
export const terminationText = (noticeDay: string): string =>
  `Notice given on ${formatDay(noticeDay)}: the storage agreement ends on ${formatDay(terminationEndDay(noticeDay))}.`;
