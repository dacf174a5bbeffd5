import { randomUUID } from "node:crypto";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { setImmediate } from "node:timers/promises";
import { createGzip } from "node:zlib";
import express, { Router, type Request, type Response } from "express";
import { z } from "zod";
import { vehicleFieldErrors } from "../../../domain/vehicle";
import {
  decodeCursor,
  FollowUpChangeSchema,
  followUpEtag,
  LEADS_PAGE_DEFAULT,
  LEADS_PAGE_MAX,
  LeadQuerySchema,
  mayResendReply,
  periodProblem,
  ReplyRequestSchema,
  type FollowUpEvent,
  type InboxLead,
  type LeadQuery,
  type LeadSelection,
} from "../../../domain/lead-follow-up";
import type { Lead } from "../../../domain/lead";
import { CSV_BOM, LEAD_CSV_HEADER, leadCsvRows, type LeadCsvContext } from "../../../domain/leads-csv";
import { siteTimeZone } from "../../../domain/site";
import { mayActOnSite, type AuditEntry } from "../../../domain/staff";
import { historyFirst } from "./audited";
import { HttpError } from "../../http-error";
import { smtpReplySender } from "../../mail/reply-sender";
import { requireSite } from "../../middleware/staff-guard";
import { requireJson } from "../../middleware/require-json";
import { ClaimTakenError } from "../../store/follow-up-store";
import type { StaffDeps } from "./staff-router";

/** Overdue leads the inbox's first page lists apart, first, at most (the counts say how many there are in all). */
export const OVERDUE_SHOWN = 100;

/**
 * Rows of the CSV export written per turn of the event loop: under a millisecond of work, so a request waits little
 * behind it (a whole batch of 250 rows per turn more than doubled GET /'s p99 during an export; docs/benchmarks-history.md §6f).
 */
const EXPORT_SLICE = 25;

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
 * The leads inbox, for every staff role: GET /leads (a page,
 * newest first), GET /leads.csv (every lead the filters keep, as `npm run
 * leads` writes them), GET /leads/counts (per status, interest and source),
 * GET /leads/:id (one lead),
 * PATCH /leads/:id (status and notes), POST /leads/:id/resend.
 * Also: the assignee and due date in PATCH (with If-Match of the
 * follow-up's version), the overdue leads first, GET /leads/latest (the live
 * inbox's poll, with an ETag), GET /leads/assignees, and replies to the
 * visitor: POST /leads/:id/replies and /replies/:replyId/resend.
 */
export function staffLeadsRouter({ leads, followUps, outbox, audit, accounts, sites, config, vehicles }: StaffDeps): Router {
  const router = Router();
  const sendReply = config.mail ? smtpReplySender(config.mail, sites) : null;
  const withFollowUp = (lead: Lead): InboxLead => ({
    ...lead,
    ...followUps.get(lead.id),
    ...(lead.vehicle && { cartNow: vehicles.get(lead.vehicle.id)?.status ?? "removed" }),
  });
  /** The query's filters, one site's leads when it names one (403 for a site not the account's), and (for an account scoped to sites) only its sites' leads. */
  const selection = (query: LeadQuery, res: Response): LeadSelection => {
    // One site named: the query keeps only its leads, once the account may see them.
    if (query.site !== undefined) requireSite(res, query.site);
    const scoped = query.site === undefined ? res.locals.staff!.sites : undefined;
    return { query, followUp: followUps.get, me: res.locals.staff!.email, ...(scoped ? { sites: scoped } : {}) };
  };
  const csvContext: LeadCsvContext = { followUp: followUps.get, timeZone: (site) => siteTimeZone(sites.get(site) ?? sites.list()[0]!) };
  /** The lead the path names: 404 when there is none, 403 when it came through a site not the account's. */
  const lead = async (id: unknown, res: Response) => {
    if (typeof id !== "string") throw new HttpError(404, "No such lead");
    const found = await leads.get(id);
    if (!found) throw new HttpError(404, `No lead ${id}`);
    requireSite(res, found.site);
    return found;
  };
  type LeadAction = "lead-status" | "lead-note" | "lead-resend" | "lead-assign" | "lead-due" | "lead-reply" | "lead-reply-resend";
  const record = (by: string, action: LeadAction, fields: string[]) =>
    audit.append({ at: new Date().toISOString(), email: by, action, vehicleId: null, fields });
  const { audited } = historyFirst(audit);

  // The first page lists the overdue leads apart, most overdue first (`overdue`); every page leaves them out of `leads`.
  router.get("/leads", async (req, res) => {
    const query = parseQuery(req);
    let before: { id: string; createdAt: string } | null = null;
    if (query.cursor !== undefined) {
      before = decodeCursor(query.cursor);
      if (!before) throw new HttpError(400, "cursor is not one this API gave", { fields: { cursor: "Use the nextCursor of the previous page" } });
    }
    const chosen = selection(query, res);
    const now = Date.now();
    const [page, overdue] = await Promise.all([
      leads.page({ ...chosen, due: { now, overdue: "exclude" } }, { limit: query.limit, before }),
      before ? Promise.resolve([]) : leads.overdue(chosen, now, OVERDUE_SHOWN),
    ]);
    res.json({ overdue: overdue.map(withFollowUp), leads: page.leads.map(withFollowUp), nextCursor: page.nextCursor });
  });

  // The live inbox's poll (docs/decisions/0043): the newest lead the filters keep, with its id as a strong ETag, 304 while it is the same.
  router.get("/leads/latest", async (req, res) => {
    const page = await leads.page(selection(parseQuery(req), res), { limit: 1 });
    const newest = page.leads[0];
    const etag = `"latest-${newest?.id ?? "none"}"`;
    res.set("ETag", etag);
    if (req.get("if-none-match") === etag) {
      res.status(304).end();
      return;
    }
    res.json({ newest: newest ? withFollowUp(newest) : null });
  });

  // The accounts a lead of the site may be assigned to: every account that may act on it. A site removed since (its
  // leads kept with ?force=1) still names its leads' assignees: the accounts that may act on it yet.
  router.get("/leads/assignees", async (req, res) => {
    const site = req.query.site;
    if (typeof site !== "string" || site === "" || site.length > 100)
      throw new HttpError(400, "Name a site: ?site=ID", { fields: { site: "Name one of the sites" } });
    requireSite(res, site);
    const list = (await accounts.list()).filter((a) => mayActOnSite(a, site)).map((a) => ({ email: a.email, role: a.role }));
    res.json({ accounts: list });
  });

  // Streamed batch by batch (gzip when the client takes it): memory holds one batch, whatever the number of leads, and other requests run between batches.
  router.get("/leads.csv", async (req, res) => {
    const chosen = selection(parseQuery(req), res);
    const day = new Date().toISOString().slice(0, 10);
    const gzip = req.acceptsEncodings(["gzip", "identity"]) === "gzip";
    res.set({ "Content-Type": "text/csv; charset=utf-8", "Content-Disposition": `attachment; filename="leads-${day}.csv"`, Vary: "Accept-Encoding" });
    if (gzip) res.set("Content-Encoding", "gzip");
    async function* csv() {
      // The byte order mark first, so a spreadsheet opens the file as UTF-8.
      yield CSV_BOM + LEAD_CSV_HEADER;
      // A few rows per turn of the event loop: the requests that came in meanwhile are answered between them.
      for await (const batch of leads.stream(chosen)) {
        for (let i = 0; i < batch.length; i += EXPORT_SLICE) {
          yield leadCsvRows(batch.slice(i, i + EXPORT_SLICE), csvContext);
          await setImmediate();
        }
      }
    }
    // One batch read ahead at most: the next query waits until the client (through gzip) has taken the last one.
    const body = Readable.from(csv(), { highWaterMark: 1 });
    try {
      // gzip's fastest level: the CSV still shrinks sixfold (sevenfold at the default level), for under half the CPU,
      // which the compressing thread would take from the requests it runs beside.
      await (gzip ? pipeline(body, createGzip({ level: 1 }), res) : pipeline(body, res));
    } catch (err) {
      // Once the first bytes are out no error page can follow: the cut connection tells the client, the log tells operators.
      if ((err as NodeJS.ErrnoException).code !== "ERR_STREAM_PREMATURE_CLOSE") console.error("[leads] the CSV export failed:", err);
    }
  });

  router.get("/leads/counts", async (req, res) => {
    res.json(await leads.count(selection(parseQuery(req), res)));
  });

  /** A lead as the inbox shows it, with its follow-up's version as ETag. */
  const sendLead = (res: Response, found: Lead, status = 200) => {
    const shown = withFollowUp(found);
    res.status(status).set("ETag", followUpEtag(shown)).json(shown);
  };

  router.get("/leads/:id", async (req, res) => {
    sendLead(res, await lead(req.params.id, res));
  });

  router.patch("/leads/:id", requireJson, express.json({ limit: "8kb" }), async (req, res) => {
    const found = await lead(req.params.id, res);
    const parsed = FollowUpChangeSchema.safeParse(req.body);
    if (!parsed.success) {
      const fields = vehicleFieldErrors(parsed.error);
      throw new HttpError(400, Object.values(fields)[0] ?? "Send { status, note }", { fields });
    }
    const by = res.locals.staff!.email;
    const { status, note, assignee, due } = parsed.data;
    if (assignee) {
      const account = (await accounts.list()).find((a) => a.email === assignee);
      if (!account || !mayActOnSite(account, found.site))
        throw new HttpError(400, `No staff account ${assignee} may take the leads of the site ${found.site}`, {
          fields: { assignee: "Choose one of the site's accounts" },
        });
    }
    // If-Match: made against the version the sender saw, or refused (412) with the lead as it is now; claimed, so two such changes never both pass.
    const ifMatch = req.get("if-match");
    const current = followUps.get(found.id);
    const stale = () => {
      const now = withFollowUp(found);
      throw new HttpError(
        412,
        `Someone changed this lead meanwhile${now.assignee ? ` (it is now ${now.assignee}'s)` : ""}: see it as it is now, then try again`,
        {
          current: now,
        },
      );
    };
    if (ifMatch !== undefined && ifMatch !== followUpEtag(current)) stale();
    const event: FollowUpEvent = { leadId: found.id, at: new Date().toISOString(), by, status, note, assignee, due: due && new Date(due).toISOString() };
    const entry = (action: LeadAction, fields: string[]): AuditEntry => ({ at: event.at, email: by, action, vehicleId: null, fields });
    const entries = [
      ...(status !== undefined ? [entry("lead-status", [found.id, status])] : []),
      ...(note !== undefined ? [entry("lead-note", [found.id])] : []),
      ...(assignee !== undefined ? [entry("lead-assign", [found.id, assignee ?? ""])] : []),
      ...(due !== undefined ? [entry("lead-due", [found.id, event.due ?? ""])] : []),
    ];
    // The history first (audited.ts): a change that answers 500 stored neither.
    await audited(entries, async () => {
      try {
        await followUps.record(ifMatch !== undefined ? { ...event, claim: `${found.id}:version:${current.version + 1}` } : event);
      } catch (err) {
        if (err instanceof ClaimTakenError) stale();
        throw err;
      }
      return true;
    });
    sendLead(res, found);
  });

  /** One attempt at a reply's mail, then its result recorded: sent, or failed with why. */
  const attemptReply = async (found: Lead, reply: { id: string; text: string }, author: string, by: string) => {
    let result: FollowUpEvent["replyResult"];
    try {
      await sendReply!(found, reply, author);
      result = { id: reply.id, ok: true };
    } catch (err) {
      const error = err instanceof Error ? err.message : String(err);
      console.warn(`[mail] reply ${reply.id} to lead ${found.id} not sent: ${error}`);
      result = { id: reply.id, ok: false, error };
    }
    await followUps.record({ leadId: found.id, at: new Date().toISOString(), by, replyResult: result });
    // A reply that reached the visitor is a contact made: a new lead says so, as if marked by hand (a later status stays).
    if (result.ok && followUps.get(found.id).status === "new") {
      await followUps.record({ leadId: found.id, at: new Date().toISOString(), by, status: "contacted" });
      await record(by, "lead-status", [found.id, "contacted"]);
    }
  };
  const mailOff = () => new HttpError(409, "Mail is off on this server (SMTP_URL, LEAD_TO and LEAD_FROM are not set): no reply can be sent");

  // A reply to the visitor, mailed now from the site's address with the salesperson as Reply-To; 201 with the lead, whose reply says sent or failed.
  router.post("/leads/:id/replies", requireJson, express.json({ limit: "16kb" }), async (req, res) => {
    const found = await lead(req.params.id, res);
    if (!sendReply) throw mailOff();
    const parsed = ReplyRequestSchema.safeParse(req.body);
    if (!parsed.success) {
      const fields = vehicleFieldErrors(parsed.error);
      throw new HttpError(400, Object.values(fields)[0] ?? "Send { text }", { fields });
    }
    const by = res.locals.staff!.email;
    const reply = { id: randomUUID(), text: parsed.data.text };
    await followUps.record({ leadId: found.id, at: new Date().toISOString(), by, reply, claim: `${reply.id}:1` });
    await record(by, "lead-reply", [found.id, reply.id]);
    await attemptReply(found, reply, by, by);
    sendLead(res, found, 201);
  });

  // A failed reply sent again (the same text, from its author's address); 409 once sent, or while another attempt is under way.
  router.post("/leads/:id/replies/:replyId/resend", async (req, res) => {
    const found = await lead(req.params.id, res);
    if (!sendReply) throw mailOff();
    const reply = followUps.get(found.id).replies.find((r) => r.id === req.params.replyId);
    if (!reply) throw new HttpError(404, `No reply ${req.params.replyId} on this lead`);
    if (reply.status === "sent") throw new HttpError(409, `This reply was already sent${reply.sentAt ? ` (${reply.sentAt})` : ""}; it is not sent twice`);
    const busy = () => new HttpError(409, "This reply is being sent right now; wait for the result");
    if (!mayResendReply(reply, Date.now())) throw busy();
    const by = res.locals.staff!.email;
    const attempt = reply.attempts + 1;
    try {
      await followUps.record({ leadId: found.id, at: new Date().toISOString(), by, replyRetry: { id: reply.id, attempt }, claim: `${reply.id}:${attempt}` });
    } catch (err) {
      if (err instanceof ClaimTakenError) throw busy();
      throw err;
    }
    await record(by, "lead-reply-resend", [found.id, reply.id]);
    await attemptReply(found, reply, reply.author, by);
    sendLead(res, found);
  });

  router.post("/leads/:id/resend", async (req, res) => {
    const found = await lead(req.params.id, res);
    if (!outbox) throw new HttpError(409, "Lead mail is off on this server (SMTP_URL, LEAD_TO and LEAD_FROM are not set): nothing can be sent");
    // Read now: the store may hand the outbox's later delivery to this same lead object.
    const before = found.delivery;
    const outcome = await outbox.resend(found.id);
    if (outcome === "sent")
      throw new HttpError(409, `This lead's mail was already delivered${found.delivery.sentAt ? ` (${found.delivery.sentAt})` : ""}; it is not sent twice`);
    await record(res.locals.staff!.email, "lead-resend", [found.id]);
    // What was queued: the lead as read before the resend, its mail pending (a not-sent lead became so, on disk, first),
    // whatever the outbox has done with it since; the console follows it with GET /leads/:id.
    const queued: Lead = { ...found, delivery: before.status === "not-sent" ? { status: "pending", attempts: before.attempts } : before };
    res.status(202).json(withFollowUp(queued));
  });

  return router;
}
