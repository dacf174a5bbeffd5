/**
 * Sales staff's follow-up of a lead (issue 17): its status and notes, each
 * change with who made it and when, and the inbox's filters, search, paging
 * and counts. Kept apart from the stored lead, which is never rewritten for
 * it (docs/decisions/0013-lead-follow-up.md).
 */
import { z } from "zod";
import "./plain-messages";
import { INTERESTS, type Interest } from "./contact";
import type { Lead } from "./lead";
import { SITE_MESSAGES, SLUG_PATTERN } from "./site";

/** A lead's follow-up status; a lead nobody has touched is `new`. */
export const FOLLOW_UP_STATUSES = ["new", "contacted", "won", "lost"] as const;
export type FollowUpStatus = (typeof FOLLOW_UP_STATUSES)[number];

export const FOLLOW_UP_LABELS: Record<FollowUpStatus, string> = { new: "New", contacted: "Contacted", won: "Won", lost: "Lost" };

export const NOTE_MAX_LENGTH = 2000;

export const FOLLOW_UP_MESSAGES = {
  status: `status must be one of: ${FOLLOW_UP_STATUSES.join(", ")}`,
  noteEmpty: "Write a note first",
  noteLong: `A note is at most ${NOTE_MAX_LENGTH} characters`,
  nothing: "Send a status, a note or both",
} as const;

export const FollowUpStatusSchema = z.enum(FOLLOW_UP_STATUSES, { error: FOLLOW_UP_MESSAGES.status });

/** What a staff member sends: a new status, a note, or both. */
export const FollowUpChangeSchema = z
  .object({
    status: FollowUpStatusSchema.optional(),
    note: z
      .string({ error: FOLLOW_UP_MESSAGES.noteEmpty })
      .trim()
      .min(1, FOLLOW_UP_MESSAGES.noteEmpty)
      .max(NOTE_MAX_LENGTH, FOLLOW_UP_MESSAGES.noteLong)
      .optional(),
  })
  .strict()
  .refine((c) => c.status !== undefined || c.note !== undefined, FOLLOW_UP_MESSAGES.nothing);
export type FollowUpChange = z.infer<typeof FollowUpChangeSchema>;

/** One change as the follow-up log keeps it (one line each, appended). */
export const FollowUpEventSchema = z.object({
  leadId: z.string().min(1),
  at: z.iso.datetime(),
  /** The staff member's e-mail. */
  by: z.string(),
  status: FollowUpStatusSchema.optional(),
  note: z.string().optional(),
});
export type FollowUpEvent = z.infer<typeof FollowUpEventSchema>;

export interface LeadNote {
  text: string;
  author: string;
  at: string;
}

/** A lead's follow-up, folded from its events. */
export interface FollowUp {
  status: FollowUpStatus;
  /** Who set the status, and when; null while it is the default `new`. */
  statusBy: string | null;
  statusAt: string | null;
  /** Oldest first. */
  notes: LeadNote[];
}

export const NO_FOLLOW_UP: FollowUp = Object.freeze({ status: "new", statusBy: null, statusAt: null, notes: Object.freeze([]) as unknown as LeadNote[] });

/** The follow-up after one more event. */
export function applyFollowUpEvent(current: FollowUp, e: FollowUpEvent): FollowUp {
  const next: FollowUp = { ...current, notes: current.notes };
  if (e.status !== undefined) Object.assign(next, { status: e.status, statusBy: e.by, statusAt: e.at });
  if (e.note !== undefined) next.notes = [...current.notes, { text: e.note, author: e.by, at: e.at }];
  return next;
}

/** A lead as the inbox shows it: as stored, plus its follow-up. */
export type InboxLead = Lead & FollowUp;

// ---------------------------------------------------------------- filters

export const LEADS_PAGE_DEFAULT = 50;
export const LEADS_PAGE_MAX = 500;

/** An ISO date (2026-11-01) or date-time; a date alone means that day's start (from) or its end (to), in UTC. */
const isoDateOrTime = (field: "from" | "to") =>
  z
    .string()
    .trim()
    .refine(
      (s) => /^\d{4}-\d{2}-\d{2}(T[\d:.]+(Z|[+-]\d{2}:?\d{2})?)?$/.test(s) && !Number.isNaN(Date.parse(s)),
      `${field} must be an ISO date such as 2026-11-01`,
    )
    .transform((s) => (/^\d{4}-\d{2}-\d{2}$/.test(s) && field === "to" ? Date.parse(s) + 86_400_000 : Date.parse(s)));

const optionalText = (max: number, name: string) =>
  z
    .string()
    .trim()
    .max(max, `${name} can be at most ${max} characters long`)
    .transform((s) => s || undefined)
    .optional();

/** The inbox's query: GET /api/staff/leads and leads.csv take it as query parameters. */
export const LeadQuerySchema = z.object({
  status: z.enum(FOLLOW_UP_STATUSES, { error: FOLLOW_UP_MESSAGES.status }).optional(),
  interest: z.enum(INTERESTS, { error: `interest must be one of: ${INTERESTS.join(", ")}` }).optional(),
  /** The id of the site the lead came through. */
  site: z.string().regex(SLUG_PATTERN, `site ${SITE_MESSAGES.id}`).optional(),
  /** A `source` label or an origin, matched exactly. */
  source: optionalText(200, "The source"),
  /** The id of the cart the leads are about (issue 30). */
  vehicle: z.string().regex(SLUG_PATTERN, "vehicle must be a vehicle id").optional(),
  /** Epoch ms, inclusive. */
  from: isoDateOrTime("from").optional(),
  /** Epoch ms, exclusive (a date alone takes in its whole day). */
  to: isoDateOrTime("to").optional(),
  /** Words that must each appear in the name, e-mail, phone or message, in any case and with or without accents. */
  q: optionalText(200, "A search"),
});
export type LeadQuery = z.infer<typeof LeadQuerySchema>;

/** Said of a period that ends before it starts. */
export const FROM_AFTER_TO = "The From date is after the To date: no lead can match. Choose a From date on or before the To date.";

/** What the schema alone cannot see in a parsed query: a period that ends before it starts (else undefined). */
export const periodProblem = ({ from, to }: Pick<LeadQuery, "from" | "to">): string | undefined =>
  from !== undefined && to !== undefined && from >= to ? FROM_AFTER_TO : undefined;

const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
/** Text without its accents: "Núñez" → "Nunez", so a search typed without them finds it (and one typed with them finds text without). */
const unaccented = (s: string) => s.normalize("NFD").replace(/\p{M}/gu, "");
/** Any letter beyond printable ASCII (and its spaces), which may carry an accent. */
const NOT_ASCII = /[^\t\n\r -~]/;

/**
 * A search's words, each as it is matched: without accents and in lower case
 * (`text`), and for a word of phone characters alone its digits (a phone
 * search ignores punctuation: "302 555" finds "(302) 555-0100"), else null.
 */
export function searchWords(q: string | undefined): { text: string; digits: string | null }[] {
  return (q ?? "")
    .split(/\s+/)
    .filter(Boolean)
    .map((w) => ({ text: unaccented(w).toLowerCase(), digits: /^[\d\s().+-]+$/.test(w) ? w.replace(/\D/g, "") || null : null }));
}

/**
 * The text a search looks in, as a database keeps it beside the lead: name,
 * e-mail, phone and message, one a line (a search word holds no line break,
 * so it never matches across two), without accents and in lower case.
 */
export const leadSearchText = (lead: Pick<Lead, "firstName" | "lastName" | "email" | "phone" | "message">): string =>
  unaccented([lead.firstName, lead.lastName, lead.email, lead.phone, lead.message].join("\n")).toLowerCase();

/** A test for one lead under a query; built once per query, so a scan of 100,000 leads compiles nothing per lead. */
export function leadMatcher(query: LeadQuery, followUp: (id: string) => FollowUp): (lead: Lead) => boolean {
  const words = searchWords(query.q);
  const patterns = words.map((w) => new RegExp(escapeRegExp(w.text), "i"));
  // Most text is plain ASCII and is tested as it is; only text with other letters is unaccented first.
  const has = (p: RegExp, text: string) => p.test(text) || (NOT_ASCII.test(text) && p.test(unaccented(text)));
  const digits = words.map((w) => w.digits);
  const { status, interest, site, source, from, to, vehicle } = query;
  return (lead) => {
    if (site && lead.site !== site) return false;
    if (vehicle && lead.vehicleId !== vehicle) return false;
    if (interest && lead.interest !== interest) return false;
    if (source && lead.source !== source && lead.origin !== source) return false;
    if (from !== undefined || to !== undefined) {
      const t = Date.parse(lead.createdAt);
      if (from !== undefined && t < from) return false;
      if (to !== undefined && t >= to) return false;
    }
    if (status && followUp(lead.id).status !== status) return false;
    for (let i = 0; i < patterns.length; i++) {
      const p = patterns[i]!;
      if (has(p, lead.firstName) || has(p, lead.lastName) || has(p, lead.email) || has(p, lead.phone) || has(p, lead.message)) continue;
      const d = digits[i];
      if (d && lead.phone.replace(/\D/g, "").includes(d)) continue;
      return false;
    }
    return true;
  };
}

/**
 * What the inbox asks a lead store for: the query's filters and, for an
 * account scoped to sites, only those sites' leads (undefined: every site).
 * `followUp` gives a lead's status to a store that keeps it apart (lowdb).
 */
export interface LeadSelection {
  query: LeadQuery;
  sites?: readonly string[];
  followUp: (id: string) => FollowUp;
}

/** A test for one lead under a selection (the query, then the account's sites). */
export function selectionMatcher({ query, sites, followUp }: LeadSelection): (lead: Lead) => boolean {
  const match = leadMatcher(query, followUp);
  if (!sites) return match;
  const allowed = new Set(sites);
  return (lead) => allowed.has(lead.site) && match(lead);
}

/** One page of the inbox, newest first, and the cursor of the next (null on the last). */
export interface LeadsPage {
  leads: Lead[];
  nextCursor: string | null;
}

/** A page cursor: the last lead a page showed (its time and id), opaque to clients. */
export const encodeCursor = (lead: Pick<Lead, "id" | "createdAt">): string => `${Date.parse(lead.createdAt).toString(36)}.${lead.id}`;

export function decodeCursor(cursor: string): { id: string; createdAt: string } | null {
  const m = /^([0-9a-z]{1,12})\.(.+)$/.exec(cursor);
  if (!m) return null;
  const t = parseInt(m[1]!, 36);
  if (!Number.isSafeInteger(t) || t > 8.64e15) return null;
  return { id: m[2]!, createdAt: new Date(t).toISOString() };
}

/**
 * One page of leads, newest first, from `all` (oldest first, as the store
 * keeps them): walks back from the cursor and stops once it has one lead more
 * than the page, so the first page costs the same at 100 or 100,000 leads.
 */
export function leadsPage(
  all: readonly Lead[],
  match: (lead: Lead) => boolean,
  { limit, before }: { limit: number; before?: { id: string; createdAt: string } | null },
): LeadsPage {
  let start = all.length - 1;
  if (before) {
    let i = start;
    while (i >= 0 && all[i]!.id !== before.id) i--;
    if (i >= 0) start = i - 1;
    else {
      // The cursor's lead is gone: go on from the first lead older than it.
      const t = Date.parse(before.createdAt);
      start = all.length - 1;
      while (start >= 0 && Date.parse(all[start]!.createdAt) >= t) start--;
    }
  }
  const leads: Lead[] = [];
  for (let i = start; i >= 0; i--) {
    const lead = all[i]!;
    if (!match(lead)) continue;
    if (leads.length === limit) return { leads, nextCursor: encodeCursor(leads[leads.length - 1]!) };
    leads.push(lead);
  }
  return { leads, nextCursor: null };
}

// ---------------------------------------------------------------- counts

export interface SourceCount {
  source: string | null;
  origin: string | null;
  count: number;
}
export interface LeadCounts {
  total: number;
  byStatus: Record<FollowUpStatus, number>;
  byInterest: Record<Interest, number>;
  /** Each source label and origin pair, most leads first. */
  bySource: SourceCount[];
  /** Each site the leads came through (its id), most leads first. */
  bySite: { site: string; count: number }[];
}

/**
 * Most leads first, then by source label and origin: an order that does not
 * depend on which lead came first, so a store can count from running totals.
 */
export const bySourceOrder = (a: SourceCount, b: SourceCount): number =>
  b.count - a.count || String(a.source).localeCompare(String(b.source)) || String(a.origin).localeCompare(String(b.origin));

/** How many leads a period brought, per status, interest and source. */
export function countLeads(leads: Iterable<Lead>, match: (lead: Lead) => boolean, followUp: (id: string) => FollowUp): LeadCounts {
  const byStatus = Object.fromEntries(FOLLOW_UP_STATUSES.map((s) => [s, 0])) as Record<FollowUpStatus, number>;
  const byInterest = Object.fromEntries(INTERESTS.map((s) => [s, 0])) as Record<Interest, number>;
  // Per source label, then per origin: no key is built per lead.
  const sources = new Map<string | null, Map<string | null, SourceCount>>();
  const sites = new Map<string, number>();
  let total = 0;
  for (const lead of leads) {
    if (!match(lead)) continue;
    total++;
    sites.set(lead.site, (sites.get(lead.site) ?? 0) + 1);
    byStatus[followUp(lead.id).status]++;
    byInterest[lead.interest]++;
    let origins = sources.get(lead.source);
    if (!origins) sources.set(lead.source, (origins = new Map()));
    const entry = origins.get(lead.origin);
    if (entry) entry.count++;
    else origins.set(lead.origin, { source: lead.source, origin: lead.origin, count: 1 });
  }
  const bySource = [...sources.values()].flatMap((origins) => [...origins.values()]).sort(bySourceOrder);
  const bySite = [...sites].map(([site, count]) => ({ site, count })).sort((a, b) => b.count - a.count || a.site.localeCompare(b.site));
  return { total, byStatus, byInterest, bySource, bySite };
}
