import { randomBytes, randomUUID } from "node:crypto";
import { createWriteStream } from "node:fs";
import { mkdtemp, readFile, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { pipeline } from "node:stream/promises";
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
import { addressKey } from "../connections-per-address";
import { HttpError } from "../http-error";
import { BoundedQueue, QueueFullError } from "../photos/bounded-queue";
import { readMultipart } from "../photos/read-multipart";
import { isStaffOrigin, requireSite } from "../middleware/staff-guard";
import type { SiteStore } from "../store/site-store";
import type { LeadStore } from "../store/lead-store";
import { PRIVATE_FILE_MODE } from "../store/file-modes";
import type { PhotoStore } from "../store/photo-store";
import { leadIntake, type LeadIntakeDeps } from "./contact";
import { cleanTradeInPhoto, TRADE_IN_PHOTOS_DIR, TradeInPhotoFiles } from "./trade-in-photos";

const FIX_FIELDS = "Please correct the highlighted fields.";
/**
 * Trade-ins whose bodies have all arrived, waiting for the one whose photos are being encoded or being encoded: an
 * upload is admitted only once its last byte is in (so a slow sender holds no place), and its photos wait on disk,
 * read one at a time when its turn comes. Past this, 503 with Retry-After: about a minute's work (4 photos of ~3 s each).
 */
export const TRADE_IN_QUEUE_LIMIT = 4;
/** Trade-ins one address may have arriving or queued at once: a family sending two carts; a third waits for them (429). */
export const TRADE_IN_UPLOADS_PER_ADDRESS = 2;
/** Trade-ins arriving at once from all addresses: each spools up to 4 × 10 MB to disk, so this bounds the disk taken (640 MB). */
export const TRADE_IN_ARRIVING_LIMIT = 16;
const busy = (seconds: number) =>
  `We are busy with other trade-ins' photos: nothing was stored. Please send it again in ${seconds} second${seconds === 1 ? "" : "s"}.`;
const TOO_MANY_FROM_YOU = `You are already sending ${TRADE_IN_UPLOADS_PER_ADDRESS} trade-ins: nothing was stored. Please send this one once they are done.`;

/** What the visitor typed besides the photos: the contact fields, the trade-in's, a note and the honeypot. */
const TEXT_FIELDS = new Set<string>(["firstName", "lastName", "email", "phone", "vehicleId", "source", "website", "notes", ...TRADE_IN_FIELD_NAMES]);

/** A photo as it arrived: its name and the private file it was spooled to. */
interface ArrivedPhoto {
  name: string;
  file: string;
}

interface TradeInUpload {
  fields: Record<string, string>;
  photos: ArrivedPhoto[];
}

/**
 * A trade-in's multipart/form-data body: its text fields (the first of each name) and up to TRADE_IN_PHOTOS_MAX files
 * in the field "photo", each at most TRADE_IN_PHOTO_MAX_BYTES, spooled to files in `spoolDir` as they arrive (memory
 * holds a chunk at a time, however many visitors send at once). Past a limit the rest of the body is read and
 * dropped, so the visitor gets the answer in words rather than a cut connection. Resolves once the whole body is in
 * and every file written. Throws HttpError: 415 for another content type, 413 for a file or field too large, 400 for
 * too many photos or a malformed body; a client that goes away (or is cut at REQUEST_TIMEOUT_MS) rejects too. On any
 * refusal the files spooled are removed.
 */
export function readTradeIn(req: Request, spoolDir: string): Promise<TradeInUpload> {
  if (!req.is("multipart/form-data")) {
    return Promise.reject(new HttpError(415, 'Send the trade-in as multipart/form-data, its photos in the field "photo".'));
  }
  const limits = { files: TRADE_IN_PHOTOS_MAX, fileSize: TRADE_IN_PHOTO_MAX_BYTES, fields: 30, fieldSize: 4 * MESSAGE_MAX_LENGTH, parts: 40 };
  return readMultipart(req, limits, (parser) => {
    const fields: Record<string, string> = {};
    /** In the order the parts were sent (their files finish writing in any order); an empty part leaves a gap. */
    const slots: (ArrivedPhoto | undefined)[] = [];
    /** Every file being written, kept or not: all are removed on a refusal, and the answer waits for them all. */
    const spooled: string[] = [];
    const writes: Promise<void>[] = [];
    const files: NodeJS.ReadableStream[] = [];
    let problem: HttpError | null = null;
    const fail = (err: HttpError) => (problem ??= err);
    parser.on("field", (name, value, info) => {
      if (info.valueTruncated) fail(new HttpError(413, `The field "${name}" is too long.`, { fields: { [name]: "This is too long" } }));
      if (TEXT_FIELDS.has(name) && !(name in fields)) fields[name] = value;
    });
    parser.on("file", (name, stream, info) => {
      // A body cut inside this part errors its stream too: the parser's own error answers that.
      stream.on("error", () => {});
      if (name !== TRADE_IN_PHOTO_FIELD || problem) return stream.resume();
      const file = path.join(spoolDir, `${randomBytes(12).toString("hex")}.part`);
      spooled.push(file);
      files.push(stream);
      const slot = slots.push(undefined) - 1;
      let tooLarge = false;
      let bytes = 0;
      stream.on("data", (chunk: Buffer) => (bytes += chunk.length));
      stream.on("limit", () => {
        tooLarge = true;
        fail(new HttpError(413, `${info.filename || "A photo"}: ${TRADE_IN_MESSAGES.photoSize}.`, { fields: { photos: TRADE_IN_MESSAGES.photoSize } }));
      });
      const written = pipeline(stream, createWriteStream(file, { mode: PRIVATE_FILE_MODE, flags: "wx" })).then(() => {
        // An empty file input sends a part with no bytes: no photo.
        if (!tooLarge && bytes) slots[slot] = { name: info.filename || `Photo ${slot + 1}`, file };
      });
      // Its failure is read when the body settles; until then it must not count as unhandled (which ends the process).
      written.catch(() => {});
      writes.push(written);
    });
    parser.on("filesLimit", () => fail(new HttpError(400, `${TRADE_IN_MESSAGES.photos}.`, { fields: { photos: TRADE_IN_MESSAGES.photos } })));
    parser.on("fieldsLimit", () => fail(new HttpError(413, "Too many fields in the form.")));
    parser.on("partsLimit", () => fail(new HttpError(413, "Too many parts in the form.")));
    return {
      refusal: () => problem,
      finish: async (err) => {
        // A body cut mid-photo leaves that photo's stream open for ever: ended here, its file is written and removed.
        if (err) for (const f of files) (f as unknown as { destroy(e: Error): void }).destroy(err);
        const written = await Promise.allSettled(writes);
        const failed = written.find((w) => w.status === "rejected");
        const refusal = err ?? (failed ? new Error(`A trade-in photo could not be spooled: ${String(failed.reason)}`) : null);
        if (!refusal) return { fields, photos: slots.filter((p) => p !== undefined) };
        await discardArrived(spooled);
        throw refusal;
      },
    };
  });
}

/** Remove spooled files (those not there already are fine). */
const discardArrived = async (files: readonly string[]) => {
  await Promise.all(files.map((f) => rm(f, { force: true })));
};

/**
 * The private folder this process spools arriving trade-ins to: its own (0700) under the system's temporary folder, so
 * two servers sharing PHOTOS_DIR never meet, and what a crash leaves is the system's to clear.
 */
let spool: Promise<string> | undefined;
export const spoolFolder = () => (spool ??= mkdtemp(path.join(os.tmpdir(), "gc-trade-ins-")));

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
  /** Trade-ins arriving or queued, per address (addressKey of req.ip: an IPv6 /64 counts once), and all arriving. */
  const perAddress = new Map<string, number>();
  let arriving = 0;
  const router = Router();
  router.post("/trade-in", async (req, res) => {
    const who = addressKey(req.ip ?? "");
    const held = perAddress.get(who) ?? 0;
    if (held >= TRADE_IN_UPLOADS_PER_ADDRESS || arriving >= TRADE_IN_ARRIVING_LIMIT) {
      // Answered before the body is read: the connection is closed after it rather than read to its end.
      res.set("Connection", "close");
      if (held >= TRADE_IN_UPLOADS_PER_ADDRESS) res.status(429).set("Retry-After", "30").json({ error: TOO_MANY_FROM_YOU });
      else
        res
          .status(503)
          .set("Retry-After", "30")
          .json({ error: busy(30) });
      return;
    }
    perAddress.set(who, held + 1);
    let upload: TradeInUpload | undefined;
    try {
      arriving++;
      try {
        upload = await readTradeIn(req, await spoolFolder());
      } finally {
        arriving--;
      }
      const arrived = upload;
      const answer = await queue.run(
        async () => arrived,
        (u) => takeTradeIn(u, res.locals.site, req.get("origin") ?? null),
      );
      res.status(answer.status).json(answer.body);
    } catch (err) {
      if (!(err instanceof QueueFullError)) throw err;
      res.status(503).set("Retry-After", String(err.retryAfterSeconds)).json({ error: err.message });
    } finally {
      const left = perAddress.get(who)! - 1;
      if (left) perAddress.set(who, left);
      else perAddress.delete(who);
      if (upload) await discardArrived(upload.photos.map((p) => p.file));
    }
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
        // Read in its turn, one photo at a time: the bytes held are this job's, not every waiting visitor's.
        cleaned.push(await cleanTradeInPhoto(await readFile(photo.file)));
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
  sites,
}: {
  leads: LeadStore;
  photos: Pick<PhotoStore, "dir">;
  config: { staffOrigins: readonly string[] };
  sites?: Pick<SiteStore, "forHost">;
}): Router {
  const files = tradeInPhotoFiles(photos);
  const own = isStaffOrigin(config.staffOrigins, sites);
  const router = Router();
  router.get("/leads/:id/trade-in-photos/:n", async (req, res) => {
    // A visitor's photo is shown only in the console: a read asked by another site's page (a fetch with its Origin, or
    // an <img> the browser marks cross-site) is refused, even though the strict session cookie would not go with it.
    const origin = req.get("origin");
    const site = req.get("sec-fetch-site");
    if ((origin !== undefined && !own(origin)) || (site !== undefined && site !== "same-origin" && site !== "none")) {
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
