/**
 * Sales staff's follow-up of a lead: its status and notes, each
 * change with who made it and when, and the inbox's filters, search, paging
 * and counts. Kept apart from the stored lead, which is never rewritten for
 * it (docs/decisions/0013-lead-follow-up.md).
 */
import { z } from "zod";
import "./plain-messages";
import { INTERESTS, type Interest } from "./contact";
import type { Lead } from "./lead";
import type { VehicleStatus } from "./vehicle";
import { unaccented } from "./unaccented";
import { SITE_MESSAGES, SLUG_PATTERN } from "./site";

/** A lead's follow-up status; a lead nobody has touched is `new`. */
export const FOLLOW_UP_STATUSES = ["new", "contacted", "won", "lost"] as const;
export type FollowUpStatus = (typeof FOLLOW_UP_STATUSES)[number];

export const FOLLOW_UP_LABELS: Record<FollowUpStatus, string> = { new: "New", contacted: "Contacted", won: "Won", lost: "Lost" };

export const NOTE_MAX_LENGTH = 2000;
export const REPLY_MAX_LENGTH = 5000;

export const FOLLOW_UP_MESSAGES = {
  status: `status must be one of: ${FOLLOW_UP_STATUSES.join(", ")}`,
  noteEmpty: "Write a note first",
  noteLong: `A note is at most ${NOTE_MAX_LENGTH} characters`,
  nothing: "Send a status, a note, an assignee or a due date",
  assignee: "Choose a staff account by its e-mail, or none",
  due: "The follow-up date must be a date and time such as 2026-12-01T15:00:00Z, or none",
  replyEmpty: "Write the reply first",
  replyLong: `A reply is at most ${REPLY_MAX_LENGTH} characters`,
} as const;

export const FollowUpStatusSchema = z.enum(FOLLOW_UP_STATUSES, { error: FOLLOW_UP_MESSAGES.status });

/** What a staff member sends: a new status, a note, an assignee (null: nobody), a due date (null: none), or several. */
export const FollowUpChangeSchema = z
  .object({
    status: FollowUpStatusSchema.optional(),
    note: z
      .string({ error: FOLLOW_UP_MESSAGES.noteEmpty })
      .trim()
      .min(1, FOLLOW_UP_MESSAGES.noteEmpty)
      .max(NOTE_MAX_LENGTH, FOLLOW_UP_MESSAGES.noteLong)
      .optional(),
    assignee: z.string({ error: FOLLOW_UP_MESSAGES.assignee }).trim().toLowerCase().min(3, FOLLOW_UP_MESSAGES.assignee).max(254).nullable().optional(),
    due: z.iso.datetime({ offset: true, error: FOLLOW_UP_MESSAGES.due }).nullable().optional(),
  })
  .strict()
  .refine((c) => c.status !== undefined || c.note !== undefined || c.assignee !== undefined || c.due !== undefined, FOLLOW_UP_MESSAGES.nothing);
export type FollowUpChange = z.infer<typeof FollowUpChangeSchema>;

/** A reply to the visitor, as written. */
export const ReplyTextSchema = z
  .string({ error: FOLLOW_UP_MESSAGES.replyEmpty })
  .trim()
  .min(1, FOLLOW_UP_MESSAGES.replyEmpty)
  .max(REPLY_MAX_LENGTH, FOLLOW_UP_MESSAGES.replyLong);
export const ReplyRequestSchema = z.object({ text: ReplyTextSchema }).strict();

/** One change as the follow-up log keeps it (one line each, appended). */
export const FollowUpEventSchema = z.object({
  leadId: z.string().min(1),
  at: z.iso.datetime(),
  /** The staff member's e-mail, or the assignment rule's name (ASSIGNED_BY_RULE) for a lead it assigned. */
  by: z.string(),
  status: FollowUpStatusSchema.optional(),
  note: z.string().optional(),
  /** The staff account the lead is assigned to; null: nobody. */
  assignee: z.string().nullable().optional(),
  /** When the lead is due for follow-up (ISO, UTC); null: no date. */
  due: z.iso.datetime().nullable().optional(),
  /** A site's round-robin turn this assignment took (lowdb folds them back at start-up). */
  turn: z.object({ site: z.string(), n: z.number().int().nonnegative() }).optional(),
  /** A reply written to the visitor: it is being sent (its first attempt). */
  reply: z.object({ id: z.string().min(1), text: z.string() }).optional(),
  /** Another attempt at a reply whose mail failed. */
  replyRetry: z.object({ id: z.string().min(1), attempt: z.number().int().positive() }).optional(),
  /** How an attempt at a reply ended. */
  replyResult: z.object({ id: z.string().min(1), ok: z.boolean(), error: z.string().optional() }).optional(),
  /**
   * A key no other event may carry: a write that must not happen twice (a reply's attempt, a change made against
   * a version) claims it, and the store refuses the second (a unique index on PostgreSQL).
   */
  claim: z.string().optional(),
});
export type FollowUpEvent = z.infer<typeof FollowUpEventSchema>;

export interface LeadNote {
  text: string;
  author: string;
  at: string;
}

/** A reply's mail: being sent, sent, or failed (then staff may send it again). */
export type ReplyStatus = "sending" | "sent" | "failed";

/** A reply to the visitor, as the lead's history shows it. */
export interface LeadReply {
  id: string;
  text: string;
  author: string;
  at: string;
  status: ReplyStatus;
  attempts: number;
  /** When the last attempt started. */
  attemptAt: string;
  sentAt?: string;
  /** Why the last attempt failed. */
  error?: string;
}

/** Who assigned a lead that no person assigned: the site's rule. */
export const ASSIGNED_BY_RULE = "assignment rule";

/** A lead's follow-up, folded from its events. */
export interface FollowUp {
  status: FollowUpStatus;
  /** Who set the status, and when; null while it is the default `new`. */
  statusBy: string | null;
  statusAt: string | null;
  /** Oldest first. */
  notes: LeadNote[];
  /** The staff account the lead is assigned to, who assigned it (an e-mail or ASSIGNED_BY_RULE), and when; null: nobody. */
  assignee: string | null;
  assignedBy: string | null;
  assignedAt: string | null;
  /** When it is due for follow-up; null: no date. */
  due: string | null;
  /** Replies to the visitor, oldest first. */
  replies: LeadReply[];
  /** How many changes it has had: its version, for If-Match. */
  version: number;
}

export const NO_FOLLOW_UP: FollowUp = Object.freeze({
  status: "new",
  statusBy: null,
  statusAt: null,
  notes: Object.freeze([]) as unknown as LeadNote[],
  assignee: null,
  assignedBy: null,
  assignedAt: null,
  due: null,
  replies: Object.freeze([]) as unknown as LeadReply[],
  version: 0,
});

/** The follow-up after one more event. */
export function applyFollowUpEvent(current: FollowUp, e: FollowUpEvent): FollowUp {
  const next: FollowUp = { ...current, version: current.version + 1 };
  if (e.status !== undefined) Object.assign(next, { status: e.status, statusBy: e.by, statusAt: e.at });
  if (e.note !== undefined) next.notes = [...current.notes, { text: e.note, author: e.by, at: e.at }];
  if (e.assignee !== undefined) Object.assign(next, { assignee: e.assignee, assignedBy: e.by, assignedAt: e.at });
  if (e.due !== undefined) next.due = e.due;
  if (e.reply)
    next.replies = [...current.replies, { id: e.reply.id, text: e.reply.text, author: e.by, at: e.at, status: "sending", attempts: 1, attemptAt: e.at }];
  const change = (id: string, f: (r: LeadReply) => LeadReply) => (next.replies = next.replies.map((r) => (r.id === id ? f(r) : r)));
  if (e.replyRetry) {
    const { attempt } = e.replyRetry;
    change(e.replyRetry.id, ({ error: _error, ...r }) => ({ ...r, status: "sending", attempts: attempt, attemptAt: e.at }));
  }
  if (e.replyResult) {
    const { ok, error } = e.replyResult;
    change(e.replyResult.id, ({ error: _error, ...r }) =>
      ok ? { ...r, status: "sent", sentAt: e.at } : { ...r, status: "failed", error: error ?? "not sent" },
    );
  }
  return next;
}

/** The ETag of a lead's follow-up version (GET and PATCH /leads/:id), which a change may send back as If-Match. */
export const followUpEtag = (f: Pick<FollowUp, "version">): string => `"follow-up-${f.version}"`;

/** The statuses of a lead still being worked: only these can be overdue. */
export const OPEN_STATUSES: readonly FollowUpStatus[] = ["new", "contacted"];

/** Whether a lead's follow-up is past its due time at `now` (epoch ms) and the lead is still open. */
export const isOverdue = (f: Pick<FollowUp, "due" | "status">, now: number): boolean =>
  f.due !== null && Date.parse(f.due) < now && OPEN_STATUSES.includes(f.status);

/** A reply still "sending" this long after its attempt began was cut short (a stopped server): it may be sent again. */
export const REPLY_STUCK_MS = 2 * 60_000;

/** Whether staff may send a reply again: its mail failed, or its attempt was cut short. */
export const mayResendReply = (r: Pick<LeadReply, "status" | "attemptAt">, now: number): boolean =>
  r.status === "failed" || (r.status === "sending" && now - Date.parse(r.attemptAt) > REPLY_STUCK_MS);

/** The cart a lead is about as it is now: its status, or gone from the catalogue. */
export type LeadCartNow = VehicleStatus | "removed";

/** A lead as the inbox shows it: as stored, plus its follow-up and (for a lead about a cart) that cart as it is now. */
export type InboxLead = Lead & FollowUp & { cartNow?: LeadCartNow };

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

/** The inbox's assignment filters. */
export const ASSIGNED_FILTERS = ["mine", "unassigned"] as const;
export type AssignedFilter = (typeof ASSIGNED_FILTERS)[number];
export const ASSIGNED_FILTER_LABELS: Record<AssignedFilter, string> = { mine: "Mine", unassigned: "Unassigned" };

/** The inbox's query: GET /api/staff/leads and leads.csv take it as query parameters. */
export const LeadQuerySchema = z.object({
  status: z.enum(FOLLOW_UP_STATUSES, { error: FOLLOW_UP_MESSAGES.status }).optional(),
  interest: z.enum(INTERESTS, { error: `interest must be one of: ${INTERESTS.join(", ")}` }).optional(),
  /** The id of the site the lead came through. */
  site: z.string().regex(SLUG_PATTERN, `site ${SITE_MESSAGES.id}`).optional(),
  /** A `source` label or an origin, matched exactly. */
  source: optionalText(200, "The source"),
  /** The id of the cart the leads are about. */
  vehicle: z.string().regex(SLUG_PATTERN, "vehicle must be a vehicle id").optional(),
  /** Epoch ms, inclusive. */
  from: isoDateOrTime("from").optional(),
  /** Epoch ms, exclusive (a date alone takes in its whole day). */
  to: isoDateOrTime("to").optional(),
  /** Words that must each appear in the name, e-mail, phone or message, in any case and with or without accents. */
  q: optionalText(200, "A search"),
  /** The asker's own leads (`mine`), or those nobody is assigned to (`unassigned`). */
  assigned: z.enum(ASSIGNED_FILTERS, { error: `assigned must be one of: ${ASSIGNED_FILTERS.join(", ")}` }).optional(),
});
export type LeadQuery = z.infer<typeof LeadQuerySchema>;

/** Said of a period that ends before it starts. */
export const FROM_AFTER_TO = "The From date is after the To date: no lead can match. Choose a From date on or before the To date.";

/** What the schema alone cannot see in a parsed query: a period that ends before it starts (else undefined). */
export const periodProblem = ({ from, to }: Pick<LeadQuery, "from" | "to">): string | undefined =>
  from !== undefined && to !== undefined && from >= to ? FROM_AFTER_TO : undefined;

const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
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
 * `me` is the asker's e-mail (for `assigned=mine`); `due` keeps only the leads
 * overdue at `now`, or leaves them out (the inbox lists them apart, first).
 */
export interface LeadSelection {
  query: LeadQuery;
  sites?: readonly string[];
  followUp: (id: string) => FollowUp;
  me?: string;
  due?: { now: number; overdue: "only" | "exclude" };
}

/** A test for one lead under a selection (the query, then the account's sites, assignment and due time). */
export function selectionMatcher({ query, sites, followUp, me, due }: LeadSelection): (lead: Lead) => boolean {
  const match = leadMatcher(query, followUp);
  const allowed = sites && new Set(sites);
  const { assigned } = query;
  if (!allowed && !assigned && !due) return match;
  return (lead) => {
    if (allowed && !allowed.has(lead.site)) return false;
    if (!match(lead)) return false;
    if (assigned || due) {
      const f = followUp(lead.id);
      if (assigned === "mine" && (me === undefined || f.assignee !== me)) return false;
      if (assigned === "unassigned" && f.assignee !== null) return false;
      if (due && isOverdue(f, due.now) !== (due.overdue === "only")) return false;
    }
    return true;
  };
}

/** The overdue leads of `all` a selection keeps, most overdue first (lowdb's reference for PostgreSQL's query). */
export function overdueLeads(all: Iterable<Lead>, selection: LeadSelection, now: number, limit: number): Lead[] {
  const match = selectionMatcher({ ...selection, due: { now, overdue: "only" } });
  const found: Lead[] = [];
  for (const lead of all) if (match(lead)) found.push(lead);
  const dueAt = (l: Lead) => Date.parse(selection.followUp(l.id).due!);
  return found.sort((a, b) => dueAt(a) - dueAt(b)).slice(0, limit);
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
  /** Of these, the asker's own, those nobody is assigned to, and those overdue now. */
  mine: number;
  unassigned: number;
  overdue: number;
}

/**
 * Most leads first, then by source label and origin: an order that does not
 * depend on which lead came first, so a store can count from running totals.
 */
export const bySourceOrder = (a: SourceCount, b: SourceCount): number =>
  b.count - a.count || String(a.source).localeCompare(String(b.source)) || String(a.origin).localeCompare(String(b.origin));

/** How many leads a period brought, per status, interest and source; `me` and `now` for the asker's own and the overdue ones. */
export function countLeads(
  leads: Iterable<Lead>,
  match: (lead: Lead) => boolean,
  followUp: (id: string) => FollowUp,
  { me, now = Date.now() }: { me?: string; now?: number } = {},
): LeadCounts {
  const byStatus = Object.fromEntries(FOLLOW_UP_STATUSES.map((s) => [s, 0])) as Record<FollowUpStatus, number>;
  const byInterest = Object.fromEntries(INTERESTS.map((s) => [s, 0])) as Record<Interest, number>;
  // Per source label, then per origin: no key is built per lead.
  const sources = new Map<string | null, Map<string | null, SourceCount>>();
  const sites = new Map<string, number>();
  let total = 0;
  let mine = 0;
  let unassigned = 0;
  let overdue = 0;
  for (const lead of leads) {
    if (!match(lead)) continue;
    total++;
    sites.set(lead.site, (sites.get(lead.site) ?? 0) + 1);
    const f = followUp(lead.id);
    byStatus[f.status]++;
    if (f.assignee === null) unassigned++;
    else if (f.assignee === me) mine++;
    if (isOverdue(f, now)) overdue++;
    byInterest[lead.interest]++;
    let origins = sources.get(lead.source);
    if (!origins) sources.set(lead.source, (origins = new Map()));
    const entry = origins.get(lead.origin);
    if (entry) entry.count++;
    else origins.set(lead.origin, { source: lead.source, origin: lead.origin, count: 1 });
  }
  const bySource = [...sources.values()].flatMap((origins) => [...origins.values()]).sort(bySourceOrder);
  const bySite = [...sites].map(([site, count]) => ({ site, count })).sort((a, b) => b.count - a.count || a.site.localeCompare(b.site));
  return { total, byStatus, byInterest, bySource, bySite, mine, unassigned, overdue };
}
