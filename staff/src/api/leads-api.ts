/** The leads inbox's calls (issue 17), one function per call. */
import type { FollowUpChange, FollowUpStatus, InboxLead, LeadCounts } from "../../../domain/lead-follow-up";
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
}

/** The filters as a query string, without empty ones; with the site the header's switcher chose, if any. */
export function leadQuery(filters: LeadFilters, extra: Record<string, string | undefined> = {}): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries({ ...filters, site: currentSite(), ...extra })) if (value) params.set(key, value);
  const text = params.toString();
  return text ? `?${text}` : "";
}

export const leadsApi = {
  page: async (filters: LeadFilters, cursor?: string) =>
    (await call<{ leads: InboxLead[]; nextCursor: string | null }>(`leads${leadQuery(filters, { cursor })}`)).body,
  lead: async (id: string) => (await call<InboxLead>(`leads/${encodeURIComponent(id)}`)).body,
  counts: async (filters: Pick<LeadFilters, "from" | "to">) => (await call<LeadCounts>(`leads/counts${leadQuery(filters)}`)).body,
  change: async (id: string, change: FollowUpChange) => (await call<InboxLead>(`leads/${encodeURIComponent(id)}`, { method: "patch", json: change })).body,
  resend: async (id: string) => (await call<InboxLead>(`leads/${encodeURIComponent(id)}/resend`, { method: "post" })).body,
  /** The CSV of the filters, as a link the browser downloads (with the session cookie). */
  csvUrl: (filters: LeadFilters) => `/api/staff/leads.csv${leadQuery(filters)}`,
};
