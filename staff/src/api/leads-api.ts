/** The leads inbox's calls, one function per call. */
import { followUpEtag, type AssignedFilter, type FollowUpChange, type FollowUpStatus, type InboxLead, type LeadCounts } from "../../../domain/lead-follow-up";
import type { Interest } from "../../../domain/contact";
import { currentSite } from "../current-site";
import { call } from "./client";

/** The inbox's filters as the API takes them (from and to as ISO date-times). */
export interface LeadFilters {
  status?: FollowUpStatus;
  interest?: Interest;
  source?: string;
  /** The id of the cart the leads are about. */
  vehicle?: string;
  from?: string;
  to?: string;
  q?: string;
  /** The reader's own leads, or nobody's. */
  assigned?: AssignedFilter;
}

/** The filters as a query string, without empty ones; with the site the header's switcher chose, if any. */
export function leadQuery(filters: LeadFilters, extra: Record<string, string | undefined> = {}): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries({ ...filters, site: currentSite(), ...extra })) if (value) params.set(key, value);
  const text = params.toString();
  return text ? `?${text}` : "";
}

/** What the live inbox's poll answers: null while the newest lead is the one it named (304). */
export type LatestAnswer = { etag: string; newest: InboxLead | null } | null;

export const leadsApi = {
  /** A page, newest first; the first page also lists the overdue leads apart (`overdue`), which no page's `leads` holds. */
  page: async (filters: LeadFilters, cursor?: string) =>
    (await call<{ overdue: InboxLead[]; leads: InboxLead[]; nextCursor: string | null }>(`leads${leadQuery(filters, { cursor })}`)).body,
  /**
   * The newest lead the filters keep, asked with the ETag of the last answer (docs/decisions/0043): null (304) while
   * it is unchanged. A plain fetch, so a 304 is an answer and not an error.
   */
  async latest(filters: LeadFilters, etag: string | null): Promise<LatestAnswer> {
    const res = await fetch(`/api/staff/leads/latest${leadQuery(filters)}`, {
      credentials: "same-origin",
      cache: "no-store",
      headers: etag ? { "if-none-match": etag } : {},
    });
    if (res.status === 304) return null;
    if (!res.ok) throw new Error(`The inbox could not be refreshed (${res.status})`);
    const body = (await res.json()) as { newest: InboxLead | null };
    return { etag: res.headers.get("etag") ?? "", newest: body.newest };
  },
  /** The accounts a lead of the site may be assigned to. */
  assignees: async (site: string) =>
    (await call<{ accounts: { email: string; role: string }[] }>(`leads/assignees?site=${encodeURIComponent(site)}`)).body.accounts,
  /** Assign the lead (null: nobody) against the version the reader saw: a 412 says someone changed it meanwhile. */
  assign: async (lead: InboxLead, assignee: string | null) =>
    (await call<InboxLead>(`leads/${encodeURIComponent(lead.id)}`, { method: "patch", json: { assignee }, headers: { "if-match": followUpEtag(lead) } })).body,
  reply: async (id: string, text: string) => (await call<InboxLead>(`leads/${encodeURIComponent(id)}/replies`, { method: "post", json: { text } })).body,
  resendReply: async (id: string, replyId: string) =>
    (await call<InboxLead>(`leads/${encodeURIComponent(id)}/replies/${encodeURIComponent(replyId)}/resend`, { method: "post" })).body,
  lead: async (id: string) => (await call<InboxLead>(`leads/${encodeURIComponent(id)}`)).body,
  counts: async (filters: Pick<LeadFilters, "from" | "to">) => (await call<LeadCounts>(`leads/counts${leadQuery(filters)}`)).body,
  change: async (id: string, change: FollowUpChange) => (await call<InboxLead>(`leads/${encodeURIComponent(id)}`, { method: "patch", json: change })).body,
  resend: async (id: string) => (await call<InboxLead>(`leads/${encodeURIComponent(id)}/resend`, { method: "post" })).body,
  /** The CSV of the filters, as a link the browser downloads (with the session cookie). */
  csvUrl: (filters: LeadFilters) => `/api/staff/leads.csv${leadQuery(filters)}`,
};
