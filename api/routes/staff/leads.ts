import express, { Router, type Request, type Response } from "express";
import { z } from "zod";
import { vehicleFieldErrors } from "../../../domain/vehicle";
import {
  countLeads,
  decodeCursor,
  FollowUpChangeSchema,
  leadMatcher,
  leadsPage,
  LEADS_PAGE_DEFAULT,
  LEADS_PAGE_MAX,
  LeadQuerySchema,
  periodProblem,
  type InboxLead,
  type LeadQuery,
} from "../../../domain/lead-follow-up";
import type { Lead } from "../../../domain/lead";
import { leadsToCsv } from "../../../domain/leads-csv";
import { HttpError } from "../../http-error";
import { requireSite } from "../../middleware/staff-guard";
import { mayActOnLead } from "../../../domain/site-scope";
import { requireJson } from "../../middleware/require-json";
import type { StaffDeps } from "./staff-router";

const LimitSchema = z.coerce
  .number({ error: `limit must be a whole number from 1 to ${LEADS_PAGE_MAX}` })
  .int(`limit must be a whole number from 1 to ${LEADS_PAGE_MAX}`)
  .min(1, `limit must be a whole number from 1 to ${LEADS_PAGE_MAX}`)
  .max(LEADS_PAGE_MAX, `limit must be a whole number from 1 to ${LEADS_PAGE_MAX}`)
  .default(LEADS_PAGE_DEFAULT);

/** The query's filters, each given at most once; 400 naming the first bad one (or a period that ends before it starts). */
function parseQuery(req: Request): LeadQuery & { limit: number; cursor?: string } {
  const raw: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(req.query)) {
    if (typeof value !== "string") throw new HttpError(400, `Give ${key} once, as text`, { fields: { [key]: "Give it once" } });
    raw[key] = value;
  }
  const parsed = LeadQuerySchema.extend({ limit: LimitSchema, cursor: z.string().max(400).optional() }).safeParse(raw);
  if (!parsed.success) {
    const fields = vehicleFieldErrors(parsed.error);
    throw new HttpError(400, Object.values(fields)[0] ?? "Bad query", { fields });
  }
  const period = periodProblem(parsed.data);
  if (period) throw new HttpError(400, period, { fields: { from: period } });
  return parsed.data;
}

/**
 * The leads inbox (issue 17), for every staff role: GET /leads (a page,
 * newest first), GET /leads.csv (every lead the filters keep, as `npm run
 * leads` writes them), GET /leads/counts (per status, interest and source),
 * GET /leads/:id (one lead),
 * PATCH /leads/:id (status and notes), POST /leads/:id/resend.
 */
export function staffLeadsRouter({ leads, followUps, outbox, audit }: StaffDeps): Router {
  const router = Router();
  const withFollowUp = (lead: Lead): InboxLead => ({ ...lead, ...followUps.get(lead.id) });
  /** The query's filters, one site's leads when it names one (403 for a site not the account's), and (for an account scoped to sites) only its sites' leads. */
  const matcher = (query: LeadQuery, res: Response) => {
    const match = leadMatcher(query, followUps.get);
    const me = res.locals.staff!;
    // One site named: leadMatcher keeps only its leads, once the account may see them.
    if (query.site !== undefined) requireSite(res, query.site);
    if (query.site !== undefined || !me.sites) return match;
    return (l: Lead) => mayActOnLead(me, l) && match(l);
  };
  /** The lead the path names: 404 when there is none, 403 when it came through a site not the account's. */
  const lead = (id: unknown, res: Response) => {
    if (typeof id !== "string") throw new HttpError(404, "No such lead");
    const found = leads.get(id);
    if (!found) throw new HttpError(404, `No lead ${id}`);
    requireSite(res, found.site);
    return found;
  };
  const record = (by: string, action: "lead-status" | "lead-note" | "lead-resend", fields: string[]) =>
    audit.append({ at: new Date().toISOString(), email: by, action, vehicleId: null, fields });

  router.get("/leads", (req, res) => {
    const query = parseQuery(req);
    let before: { id: string; createdAt: string } | null = null;
    if (query.cursor !== undefined) {
      before = decodeCursor(query.cursor);
      if (!before) throw new HttpError(400, "cursor is not one this API gave", { fields: { cursor: "Use the nextCursor of the previous page" } });
    }
    const page = leadsPage(leads.all(), matcher(query, res), { limit: query.limit, before });
    res.json({ leads: page.leads.map(withFollowUp), nextCursor: page.nextCursor });
  });

  router.get("/leads.csv", (req, res) => {
    const query = parseQuery(req);
    const match = matcher(query, res);
    const day = new Date().toISOString().slice(0, 10);
    res.set({ "Content-Type": "text/csv; charset=utf-8", "Content-Disposition": `attachment; filename="leads-${day}.csv"` });
    res.send(leadsToCsv(leads.all().filter(match)));
  });

  router.get("/leads/counts", (req, res) => {
    const query = parseQuery(req);
    res.json(countLeads(leads.all(), matcher(query, res), followUps.get));
  });

  router.get("/leads/:id", (req, res) => {
    res.json(withFollowUp(lead(req.params.id, res)));
  });

  router.patch("/leads/:id", requireJson, express.json({ limit: "8kb" }), async (req, res) => {
    const found = lead(req.params.id, res);
    const parsed = FollowUpChangeSchema.safeParse(req.body);
    if (!parsed.success) {
      const fields = vehicleFieldErrors(parsed.error);
      throw new HttpError(400, Object.values(fields)[0] ?? "Send { status, note }", { fields });
    }
    const by = res.locals.staff!.email;
    const { status, note } = parsed.data;
    await followUps.record({ leadId: found.id, at: new Date().toISOString(), by, status, note });
    if (status !== undefined) await record(by, "lead-status", [found.id, status]);
    if (note !== undefined) await record(by, "lead-note", [found.id]);
    res.json(withFollowUp(found));
  });

  router.post("/leads/:id/resend", async (req, res) => {
    const found = lead(req.params.id, res);
    if (!outbox) throw new HttpError(409, "Lead mail is off on this server (SMTP_URL, LEAD_TO and LEAD_FROM are not set): nothing can be sent");
    const outcome = await outbox.resend(found.id);
    if (outcome === "sent")
      throw new HttpError(409, `This lead's mail was already delivered${found.delivery.sentAt ? ` (${found.delivery.sentAt})` : ""}; it is not sent twice`);
    await record(res.locals.staff!.email, "lead-resend", [found.id]);
    res.status(202).json(withFollowUp(lead(found.id, res)));
  });

  return router;
}
