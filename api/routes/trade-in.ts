import { randomUUID } from "node:crypto";
import path from "node:path";
import { pipeline } from "node:stream/promises";
import busboy from "busboy";
import { Router, type Request } from "express";
import { ContactRequestSchema, fieldErrors, MESSAGE_MAX_LENGTH } from "../../domain/contact";
import {
  TRADE_IN_FIELD_NAMES,
  TRADE_IN_MESSAGES,
  TRADE_IN_PHOTO_FIELD,
  TRADE_IN_PHOTO_MAX_BYTES,
  TRADE_IN_PHOTOS_MAX,
  TradeInRequestSchema,
  tradeInMessage,
  type TradeInPhoto,
} from "../../domain/trade-in";
import { HttpError } from "../http-error";
import { BoundedQueue, QueueFullError } from "../photos/bounded-queue";
import { requireSite } from "../middleware/staff-guard";
import type { LeadStore } from "../store/lead-store";
import type { PhotoStore } from "../store/photo-store";
import { leadIntake, type LeadIntakeDeps } from "./contact";
import { cleanTradeInPhoto, TRADE_IN_PHOTOS_DIR, TradeInPhotoFiles } from "./trade-in-photos";

const FIX_FIELDS = "Please correct the highlighted fields.";
const INTERRUPTED = "The upload was interrupted; nothing was stored.";
/**
 * Trade-ins taken at once: the one whose photos are being encoded and those waiting or still arriving, each holding
 * at most 4 × 10 MB. Two bound the memory a burst can take (80 MB); past that, 503 with Retry-After.
 */
export const TRADE_IN_QUEUE_LIMIT = 2;
const busy = (seconds: number) =>
  `We are busy with other trade-ins' photos: nothing was stored. Please send it again in ${seconds} second${seconds === 1 ? "" : "s"}.`;

/** What the visitor typed besides the photos: the contact fields, the trade-in's, a note and the honeypot. */
const TEXT_FIELDS = new Set<string>(["firstName", "lastName", "email", "phone", "vehicleId", "source", "website", "notes", ...TRADE_IN_FIELD_NAMES]);

interface TradeInUpload {
  fields: Record<string, string>;
  photos: { name: string; bytes: Buffer }[];
}

/**
 * A trade-in's multipart/form-data body: its text fields (the first of each name) and up to TRADE_IN_PHOTOS_MAX files
 * in the field "photo", each at most TRADE_IN_PHOTO_MAX_BYTES, held in memory. Past a limit the rest of the body is
 * read and dropped, so the visitor gets the answer in words rather than a cut connection. Throws HttpError: 415 for
 * another content type, 413 for a file or field too large, 400 for too many photos or a malformed body; a client that
 * goes away rejects too, so nothing is stored for it.
 */
export function readTradeIn(req: Request): Promise<TradeInUpload> {
  if (!req.is("multipart/form-data")) {
    return Promise.reject(new HttpError(415, 'Send the trade-in as multipart/form-data, its photos in the field "photo".'));
  }
  return new Promise((resolve, reject) => {
    if (req.destroyed && !req.complete) return reject(new HttpError(400, INTERRUPTED));
    let parser: busboy.Busboy;
    try {
      parser = busboy({
        headers: req.headers,
        limits: { files: TRADE_IN_PHOTOS_MAX, fileSize: TRADE_IN_PHOTO_MAX_BYTES, fields: 30, fieldSize: 4 * MESSAGE_MAX_LENGTH, parts: 40 },
      });
    } catch {
      return reject(new HttpError(400, "Malformed multipart body."));
    }
    const fields: Record<string, string> = {};
    const photos: { name: string; bytes: Buffer }[] = [];
    let problem: HttpError | null = null;
    let settled = false;
    const fail = (err: HttpError) => (problem ??= err);
    const settle = (err: Error | null) => {
      if (settled) return;
      settled = true;
      req.unpipe(parser);
      if (err) {
        req.resume();
        reject(err);
      } else resolve({ fields, photos });
    };
    parser.on("field", (name, value, info) => {
      if (info.valueTruncated) fail(new HttpError(413, `The field "${name}" is too long.`, { fields: { [name]: "This is too long" } }));
      if (TEXT_FIELDS.has(name) && !(name in fields)) fields[name] = value;
    });
    parser.on("file", (name, stream, info) => {
      // A body cut inside this part errors its stream too: the parser's own error answers that.
      stream.on("error", () => {});
      if (name !== TRADE_IN_PHOTO_FIELD) return stream.resume();
      const chunks: Buffer[] = [];
      let tooLarge = false;
      stream.on("data", (chunk: Buffer) => {
        if (!tooLarge) chunks.push(chunk);
      });
      stream.on("limit", () => {
        tooLarge = true;
        chunks.length = 0;
        fail(new HttpError(413, `${info.filename || "A photo"}: ${TRADE_IN_MESSAGES.photoSize}.`, { fields: { photos: TRADE_IN_MESSAGES.photoSize } }));
      });
      stream.on("end", () => {
        const bytes = Buffer.concat(chunks);
        // An empty file input sends a part with no bytes: no photo.
        if (!tooLarge && bytes.length) photos.push({ name: info.filename || `Photo ${photos.length + 1}`, bytes });
      });
    });
    parser.on("filesLimit", () => fail(new HttpError(400, `${TRADE_IN_MESSAGES.photos}.`, { fields: { photos: TRADE_IN_MESSAGES.photos } })));
    parser.on("fieldsLimit", () => fail(new HttpError(413, "Too many fields in the form.")));
    parser.on("partsLimit", () => fail(new HttpError(413, "Too many parts in the form.")));
    parser.on("error", () => settle(new HttpError(400, "Malformed multipart body.")));
    parser.on("close", () => settle(problem));
    req.on("close", () => {
      if (!req.complete) settle(new HttpError(400, INTERRUPTED));
    });
    req.pipe(parser);
  });
}

export interface TradeInDeps extends LeadIntakeDeps {
  /** The photo store: trade-in photos go in a private folder beside its own (DATA_DIR/photos/trade-ins). */
  photos: Pick<PhotoStore, "dir">;
}

/** The private folder of trade-in photos, under the photo store's. */
export const tradeInPhotoFiles = (photos: Pick<PhotoStore, "dir">) => new TradeInPhotoFiles(path.join(photos.dir, TRADE_IN_PHOTOS_DIR));

/**
 * POST /api/contact/trade-in (mounted beside POST /api/contact, behind its origin rule and rate limit): a trade-in
 * lead, as multipart/form-data: the contact fields, the trade-in's (domain/trade-in.ts), an optional note, the cart of
 * the page it was sent from (`vehicleId`), and up to 4 photos in "photo". Every field is checked first (400 naming
 * each), then every photo (415 or 400 naming it), then the photos are stored privately and the lead with them
 * (201 { id }). If the lead is refused, the photos stored for it are removed.
 */
export function tradeInRouter(deps: TradeInDeps): Router {
  const take = leadIntake(deps);
  const files = tradeInPhotoFiles(deps.photos);
  const queue = new BoundedQueue(1, TRADE_IN_QUEUE_LIMIT, busy);
  const router = Router();
  router.post("/trade-in", async (req, res) => {
    let answer: { status: number; body: Record<string, unknown> };
    try {
      answer = await queue.run(
        () => readTradeIn(req),
        (upload) => takeTradeIn(upload, res.locals.site, req.get("origin") ?? null),
      );
    } catch (err) {
      if (!(err instanceof QueueFullError)) throw err;
      res.status(503).set("Retry-After", String(err.retryAfterSeconds)).json({ error: err.message });
      return;
    }
    res.status(answer.status).json(answer.body);
  });

  async function takeTradeIn({ fields, photos }: TradeInUpload, site: Parameters<typeof take>[1]["site"], origin: string | null) {
    // Honeypot: people never see "website", so a value means a bot. Answer as if stored; keep nothing.
    if (fields.website?.trim()) return { status: 201, body: { id: randomUUID() } };
    const trade = TradeInRequestSchema.safeParse(fields);
    const notes = fields.notes?.trim() ?? "";
    const body = {
      firstName: fields.firstName,
      lastName: fields.lastName,
      email: fields.email,
      phone: fields.phone,
      interest: "sales",
      kind: "trade-in",
      // The trade-in's facts open the message, so the mail and the CSV carry them; the visitor's note follows.
      message: trade.success ? `${tradeInMessage(trade.data)}${notes ? `\n\n${notes}` : ""}` : notes || "A trade-in.",
      ...(fields.vehicleId?.trim() && { vehicleId: fields.vehicleId }),
      ...(fields.source?.trim() && { source: fields.source }),
    };
    const contact = ContactRequestSchema.safeParse(body);
    // In the form's order: the cart first, then the visitor (the form moves focus to the first one named).
    const problems = { ...(trade.success ? {} : fieldErrors(trade.error)), ...(contact.success ? {} : fieldErrors(contact.error)) };
    if ("message" in problems) problems.notes = `The note must be at most ${MESSAGE_MAX_LENGTH - 200} characters`;
    delete problems.message;
    if (Object.keys(problems).length || !trade.success) throw new HttpError(400, FIX_FIELDS, { fields: problems });

    // Every photo checked before any is stored: one refused, none kept.
    const cleaned = [];
    for (const [i, photo] of photos.entries()) {
      try {
        cleaned.push(await cleanTradeInPhoto(photo.bytes));
      } catch (err) {
        if (!(err instanceof HttpError)) throw err;
        const message = `Photo ${i + 1} (${photo.name}): ${err.message}`;
        throw new HttpError(err.status, message, { fields: { photos: message } });
      }
    }
    const stored: TradeInPhoto[] = [];
    try {
      for (const photo of cleaned) stored.push(await files.save(photo));
      const taken = await take(body, { site, origin, tradeIn: { ...trade.data, photos: stored } });
      if ("status" in taken) {
        await files.discard(stored);
        const { status, error, ...extra } = taken;
        throw new HttpError(status, error, extra);
      }
      return { status: 201, body: { id: taken.id } };
    } catch (err) {
      await files.discard(stored);
      throw err;
    }
  }
  return router;
}

/**
 * GET /api/staff/leads/:id/trade-in-photos/:n: the n-th photo (from 1) of a trade-in lead, to a signed-in account that
 * may see the lead's site (behind the staff router's session guard); 404 in words otherwise; 403 for a request from
 * another origin. Never cached, never embeddable by another site (Cross-Origin-Resource-Policy: same-origin).
 */
export function staffTradeInPhotosRouter({
  leads,
  photos,
  config,
}: {
  leads: LeadStore;
  photos: Pick<PhotoStore, "dir">;
  config: { staffOrigins: readonly string[] };
}): Router {
  const files = tradeInPhotoFiles(photos);
  const own = new Set(config.staffOrigins);
  const router = Router();
  router.get("/leads/:id/trade-in-photos/:n", async (req, res) => {
    // A visitor's photo is shown only in the console: a read asked by another site's page (a fetch with its Origin, or
    // an <img> the browser marks cross-site) is refused, even though the strict session cookie would not go with it.
    const origin = req.get("origin");
    const site = req.get("sec-fetch-site");
    if ((origin !== undefined && !own.has(origin)) || (site !== undefined && site !== "same-origin" && site !== "none")) {
      throw new HttpError(403, "Trade-in photos are shown only in the staff console.");
    }
    const lead = await leads.get(req.params.id);
    if (!lead) throw new HttpError(404, `No lead ${req.params.id}`);
    requireSite(res, lead.site);
    const n = /^[1-9]\d?$/.test(req.params.n) ? Number(req.params.n) : 0;
    const photo = lead.tradeIn?.photos[n - 1];
    if (!photo) throw new HttpError(404, `This lead has no trade-in photo ${req.params.n}.`);
    const file = await files.open(photo);
    if (!file) throw new HttpError(404, `Trade-in photo ${n} of this lead is missing from the server's disk.`);
    res.set({
      "Content-Type": "image/jpeg",
      "Content-Length": String(file.size),
      "Content-Disposition": `inline; filename="trade-in-${lead.id.slice(0, 8)}-${n}.jpg"`,
      "Cross-Origin-Resource-Policy": "same-origin",
      "Cache-Control": "private, no-store",
    });
    await pipeline(file.stream(), res).catch(() => {});
  });
  return router;
}
