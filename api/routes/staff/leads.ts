import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { createGzip } from "node:zlib";
import express, { Router, type Request, type Response } from "express";
import { z } from "zod";
import { vehicleFieldErrors } from "../../../domain/vehicle";
import {
  decodeCursor,
  FollowUpChangeSchema,
  LEADS_PAGE_DEFAULT,
  LEADS_PAGE_MAX,
  LeadQuerySchema,
  periodProblem,
  type InboxLead,
  type LeadQuery,
  type LeadSelection,
} from "../../../domain/lead-follow-up";
import type { Lead } from "../../../domain/lead";
import { LEAD_CSV_HEADER, leadCsvRows } from "../../../domain/leads-csv";
import { HttpError } from "../../http-error";
import { requireSite } from "../../middleware/staff-guard";
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
  const selection = (query: LeadQuery, res: Response): LeadSelection => {
    // One site named: the query keeps only its leads, once the account may see them.
    if (query.site !== undefined) requireSite(res, query.site);
    const sites = query.site === undefined ? res.locals.staff!.sites : undefined;
    return { query, followUp: followUps.get, ...(sites ? { sites } : {}) };
  };
  /** The lead the path names: 404 when there is none, 403 when it came through a site not the account's. */
  const lead = async (id: unknown, res: Response) => {
    if (typeof id !== "string") throw new HttpError(404, "No such lead");
    const found = await leads.get(id);
    if (!found) throw new HttpError(404, `No lead ${id}`);
    requireSite(res, found.site);
    return found;
  };
  const record = (by: string, action: "lead-status" | "lead-note" | "lead-resend", fields: string[]) =>
    audit.append({ at: new Date().toISOString(), email: by, action, vehicleId: null, fields });

  router.get("/leads", async (req, res) => {
    const query = parseQuery(req);
    let before: { id: string; createdAt: string } | null = null;
    if (query.cursor !== undefined) {
      before = decodeCursor(query.cursor);
      if (!before) throw new HttpError(400, "cursor is not one this API gave", { fields: { cursor: "Use the nextCursor of the previous page" } });
    }
    const page = await leads.page(selection(query, res), { limit: query.limit, before });
    res.json({ leads: page.leads.map(withFollowUp), nextCursor: page.nextCursor });
  });

  // Streamed batch by batch (gzip when the client takes it): memory holds one batch, whatever the number of leads, and other requests run between batches.
  router.get("/leads.csv", async (req, res) => {
    const chosen = selection(parseQuery(req), res);
    const day = new Date().toISOString().slice(0, 10);
    const gzip = req.acceptsEncodings(["gzip", "identity"]) === "gzip";
    res.set({ "Content-Type": "text/csv; charset=utf-8", "Content-Disposition": `attachment; filename="leads-${day}.csv"`, Vary: "Accept-Encoding" });
    if (gzip) res.set("Content-Encoding", "gzip");
    async function* csv() {
      yield LEAD_CSV_HEADER;
      for await (const batch of leads.stream(chosen)) yield leadCsvRows(batch);
    }
    // One batch read ahead at most: the next query waits until the client (through gzip) has taken the last one.
    const body = Readable.from(csv(), { highWaterMark: 1 });
    try {
      await (gzip ? pipeline(body, createGzip(), res) : pipeline(body, res));
    } catch (err) {
      // Once the first bytes are out no error page can follow: the cut connection tells the client, the log tells operators.
      if ((err as NodeJS.ErrnoException).code !== "ERR_STREAM_PREMATURE_CLOSE") console.error("[leads] the CSV export failed:", err);
    }
  });

  router.get("/leads/counts", async (req, res) => {
    res.json(await leads.count(selection(parseQuery(req), res)));
  });

  router.get("/leads/:id", async (req, res) => {
    res.json(withFollowUp(await lead(req.params.id, res)));
  });

  router.patch("/leads/:id", requireJson, express.json({ limit: "8kb" }), async (req, res) => {
    const found = await lead(req.params.id, res);
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
    const found = await lead(req.params.id, res);
    if (!outbox) throw new HttpError(409, "Lead mail is off on this server (SMTP_URL, LEAD_TO and LEAD_FROM are not set): nothing can be sent");
    const outcome = await outbox.resend(found.id);
    if (outcome === "sent")
      throw new HttpError(409, `This lead's mail was already delivered${found.delivery.sentAt ? ` (${found.delivery.sentAt})` : ""}; it is not sent twice`);
    await record(res.locals.staff!.email, "lead-resend", [found.id]);
    res.status(202).json(withFollowUp(await lead(found.id, res)));
  });

  return router;
}
