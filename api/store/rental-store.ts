/**
 * Rental reservations: every site's requests and bookings, each holding one cart of its plan from its start
 * to its end plus the site's turnaround while requested or confirmed, the site's fleet and turnaround, and the mails
 * owed to renters. No cart is ever promised twice: a reservation is taken, and a move made, only after the check that
 * a cart is free, with no other write between the two (one process on lowdb; an advisory lock per site and plan on
 * PostgreSQL, pg/rental-store.ts). Every write resolves once on disk (fsynced) or committed.
 */
import { randomBytes, randomUUID } from "node:crypto";
import { chmod, readFile } from "node:fs/promises";
import path from "node:path";
import { z } from "zod";
import {
  busiestOverlap,
  DEFAULT_BOOKING_HORIZON_DAYS,
  DEFAULT_RENTAL_SETTINGS,
  holdEndsAt,
  holdsCartAt,
  isUnconfirmedHold,
  makeReference,
  type RentalSettings,
  type Reservation,
} from "../../domain/rental-booking";
import type { RentalPlanId } from "../../domain/rentals";
import { writeFileDurably } from "./durable-file";
import { MissingDataFileError } from "./json-file";
import { exists, openJournaledFiles, readJournaled, type JournalFormat } from "./journaled-files";

export const RENTALS_FILE = "rentals.json";
/** The key of the renters' cancellation links (HMAC-SHA256), made on first start; a backup keeps it, so old links still work. */
export const RENTAL_LINK_KEY_FILE = "rental-link.key";

/** A site's settings as stored: `version` makes the ETag (0: never set, the defaults). */
export interface StoredRentalSettings extends RentalSettings {
  bookingHorizonDays: number;
  version: number;
}

/** The mails a renter is sent, one for each step of a reservation. */
export const RENTAL_MAIL_KINDS = ["received", "confirmed", "declined", "moved", "cancelled"] as const;
export type RentalMailKind = (typeof RENTAL_MAIL_KINDS)[number];

/** A mail owed to a renter, kept with the change it tells of, so a mail server's failure never loses it. */
export interface RentalMail {
  id: string;
  reservationId: string;
  kind: RentalMailKind;
  status: "pending" | "sent";
  attempts: number;
  createdAt: string;
  nextAttemptAt?: string;
  lastError?: string;
  sentAt?: string;
}
export type RentalMailDelivery = Pick<RentalMail, "status" | "attempts" | "nextAttemptAt" | "lastError" | "sentAt">;

/** A reservation to take: what the store adds (id, reference, version) left out. */
export type NewReservation = Omit<Reservation, "id" | "reference" | "version">;

/** How many carts of a plan a site has and how many are free over a time. */
export interface Availability {
  fleet: number;
  free: number;
}

export type ReserveResult =
  | { ok: true; reservation: Reservation }
  | { ok: false; availability: Availability }
  /** The renter's e-mail or address holds `unconfirmed` requests already, the most allowed. */
  | { ok: false; unconfirmed: number };

/** The cap on requests one renter may hold unconfirmed: by e-mail (any case) or by client address. */
export interface UnconfirmedCap {
  max: number;
}

/** What a change to a reservation came to. */
export type ChangeResult =
  | { ok: true; reservation: Reservation }
  | { ok: false; reason: "missing" }
  | { ok: false; reason: "stale"; current: Reservation }
  | { ok: false; reason: "full"; current: Reservation; availability: Availability }
  | { ok: false; reason: "refused"; current: Reservation; message: string };

/** A change to apply to a reservation as stored: the new reservation, or a refusal in words. */
export type ReservationChange = (current: Reservation) => Reservation | { refused: string };

export interface ReservationQuery {
  /** Reservations whose hold reaches past `from` and starts before `to` (instants). */
  from?: Date;
  to?: Date;
  status?: Reservation["status"];
}

export interface RentalStore {
  settings(site: string): Promise<StoredRentalSettings>;
  /** Stored when `ifVersion` is the stored version; the stored settings otherwise ("stale"). */
  setSettings(
    site: string,
    settings: RentalSettings,
    ifVersion: number,
  ): Promise<{ ok: true; settings: StoredRentalSettings } | { ok: false; current: StoredRentalSettings }>;
  /** Carts of `plan` free over [startsAt, endsAt + turnaround), `except` one reservation (a move). */
  availability(site: string, plan: RentalPlanId, startsAt: Date, endsAt: Date, except?: string): Promise<Availability>;
  /**
   * Takes a cart for a new reservation when one is free over its hold, with its mail (when mail is on), in one write;
   * with `cap`, only when its renter's e-mail and address each hold fewer unconfirmed requests of the site than `max`.
   */
  reserve(reservation: NewReservation, mail: RentalMailKind | null, cap?: UnconfirmedCap): Promise<ReserveResult>;
  get(id: string): Promise<Reservation | undefined>;
  byReference(reference: string): Promise<Reservation | undefined>;
  /** A site's reservations, by start. */
  list(site: string, query?: ReservationQuery): Promise<Reservation[]>;
  /**
   * Applies `change` to the reservation when its version is `ifVersion` (any version when undefined); a change that
   * moves a reservation which holds a cart is taken only when a cart is free over the new hold. The mail is kept with it.
   */
  change(id: string, ifVersion: number | undefined, change: ReservationChange, mail: RentalMailKind | null): Promise<ChangeResult>;
  /** Mails not yet delivered, oldest first. */
  pendingMails(): Promise<RentalMail[]>;
  /**
   * One delivery attempt of a pending mail, the mail held for it so no other server sends it meanwhile; `attempt`
   * says what came of it. False when the mail is not pending or another server holds it.
   */
  deliverMail(id: string, attempt: (mail: RentalMail, reservation: Reservation) => Promise<RentalMailDelivery>): Promise<boolean>;
  /** The key that signs the renters' cancellation links: the same for every server of one deployment. */
  linkKey(): Promise<Buffer>;
}

// --- Shared by both engines --------------------------------------------------------------------------------------

/** The window a reservation's availability is checked over: its start to its end plus the turnaround. */
export const holdWindow = (startsAt: Date | string, endsAt: Date | string, turnaroundHours: number) => ({
  start: +new Date(startsAt),
  end: holdEndsAt(typeof endsAt === "string" ? endsAt : endsAt.toISOString(), turnaroundHours),
});

/** Free carts given the reservations that may overlap a window (every engine computes it the same way). */
export function freeCarts(
  fleet: number,
  turnaroundHours: number,
  reservations: Iterable<Pick<Reservation, "id" | "startsAt" | "endsAt" | "status" | "holdUntil">>,
  window: { start: number; end: number },
  now: number,
  except?: string,
): number {
  const holds: { start: number; end: number }[] = [];
  for (const r of reservations) {
    if (r.id === except || !holdsCartAt(r, now)) continue;
    holds.push(holdWindow(r.startsAt, r.endsAt, turnaroundHours));
  }
  return Math.max(0, fleet - busiestOverlap(holds, window.start, window.end));
}

/** Whether a reservation's hold overlaps [from, to). */
export const reservationIn = (r: Pick<Reservation, "startsAt" | "endsAt" | "status">, query: ReservationQuery, turnaroundHours: number): boolean => {
  if (query.status && r.status !== query.status) return false;
  const hold = holdWindow(r.startsAt, r.endsAt, turnaroundHours);
  if (query.to && hold.start >= +query.to) return false;
  if (query.from && hold.end <= +query.from) return false;
  return true;
};

/** Whether a change moved a reservation onto another hold (dates or plan, or a hold that had lapsed taken again), so the cart must be checked again. */
export const movedHold = (before: Reservation, after: Reservation, now: number): boolean =>
  holdsCartAt(after, now) && (before.startsAt !== after.startsAt || before.endsAt !== after.endsAt || before.plan !== after.plan || !holdsCartAt(before, now));

/** Whether `r` counts against the cap of the new request's renter: unconfirmed and holding, with the same e-mail or address. */
export const sameUnconfirmedRenter = (r: Reservation, draft: NewReservation, now: number): boolean =>
  r.site === draft.site &&
  isUnconfirmedHold(r, now) &&
  (r.renter.email.toLowerCase() === draft.renter.email.toLowerCase() || (draft.address !== undefined && r.address === draft.address));

export const newMail = (reservationId: string, kind: RentalMailKind, at: string): RentalMail => ({
  id: randomUUID(),
  reservationId,
  kind,
  status: "pending",
  attempts: 0,
  createdAt: at,
});

/** Settings as kept, the defaults filled in (settings stored before a setting existed take its default); version 0: never set. */
export const storedSettings = (kept: (RentalSettings & { version: number }) | undefined): StoredRentalSettings =>
  kept ? { ...settingsToStore(kept), version: kept.version } : { ...settingsToStore(DEFAULT_RENTAL_SETTINGS), version: 0 };

/** The settings a write keeps: every field, copied. */
export const settingsToStore = (s: RentalSettings): Omit<StoredRentalSettings, "version"> => ({
  fleet: { ...s.fleet },
  turnaroundHours: s.turnaroundHours,
  bookingHorizonDays: s.bookingHorizonDays ?? DEFAULT_BOOKING_HORIZON_DAYS,
});

export const newReference = (): string => makeReference((b) => randomBytes(b.length));

const byStart = (a: Reservation, b: Reservation) => a.startsAt.localeCompare(b.startsAt) || a.createdAt.localeCompare(b.createdAt);

// --- lowdb --------------------------------------------------------------------------------------------------------

/**
 * rentals.json, the snapshot (journaled-files.ts): also how a backup and `npm run migrate-to-postgres` carry the
 * rental data (../data-folder.ts), read with its journal by readRentals. A file without `generation` is one an earlier
 * release wrote whole on every change; it is read as it is, and written again as generation 1 at the first start.
 */
export const RentalsFileSchema = z.object({
  generation: z.number().int().nonnegative().optional(),
  settings: z.record(
    z.string(),
    z.object({ fleet: z.record(z.string(), z.number()), turnaroundHours: z.number(), bookingHorizonDays: z.number().optional(), version: z.number() }),
  ),
  // Reservations and mails are the server's own writes, read back as written.
  reservations: z.array(z.looseObject({ id: z.string(), reference: z.string(), site: z.string() })),
  mails: z.array(z.looseObject({ id: z.string(), reservationId: z.string(), status: z.string() })),
});
export interface RentalsFile {
  settings: Readonly<Record<string, StoredRentalSettings>>;
  reservations: readonly Reservation[];
  mails: readonly RentalMail[];
}

/** The writes made since the snapshot, one line each (the reservation or mail as it now stands, or a site's settings). */
export const RENTALS_JOURNAL = "rentals-journal.jsonl";

/** One change of a write: a reservation or a mail put in its place (last, when new), or a site's settings set. */
export type RentalOp = { reservation: Reservation } | { mail: RentalMail } | { settings: { site: string; value: StoredRentalSettings } };

const RentalOpSchema = z.union([
  z.object({ reservation: RentalsFileSchema.shape.reservations.element }),
  z.object({ mail: RentalsFileSchema.shape.mails.element }),
  z.object({ settings: z.object({ site: z.string(), value: RentalsFileSchema.shape.settings.valueType }) }),
]) as unknown as z.ZodType<RentalOp>;

/** Each reservation's and mail's JSON, made once per version: for its journal line and every snapshot after it. */
const jsonOf = new WeakMap<object, string>();
const json = (value: Reservation | RentalMail): string => {
  let text = jsonOf.get(value);
  if (text === undefined) jsonOf.set(value, (text = JSON.stringify(value)));
  return text;
};

const RENTALS_FORMAT: JournalFormat<RentalsFile, RentalOp> = {
  name: "rentals",
  snapshotFile: RENTALS_FILE,
  journalFile: RENTALS_JOURNAL,
  parseSnapshot: (d) => {
    const { settings, reservations, mails } = RentalsFileSchema.parse(d) as unknown as RentalsFile;
    return { settings, reservations, mails };
  },
  opSchema: RentalOpSchema,
  snapshotText: (generation, { settings, reservations, mails }) =>
    Buffer.from(
      `{"generation":${generation},\n"settings":${JSON.stringify(settings)},\n"reservations":[\n${reservations.map(json).join(",\n")}\n],\n"mails":[\n${mails.map(json).join(",\n")}\n]}\n`,
    ),
  opJson: (op) => ("reservation" in op ? `{"reservation":${json(op.reservation)}}` : "mail" in op ? `{"mail":${json(op.mail)}}` : JSON.stringify(op)),
  replay(snapshot) {
    const settings = { ...snapshot.settings };
    const reservations = new Map(snapshot.reservations.map((r) => [r.id, r]));
    const mails = new Map(snapshot.mails.map((m) => [m.id, m]));
    return {
      apply(ops) {
        for (const op of ops)
          if ("reservation" in op) reservations.set(op.reservation.id, op.reservation);
          else if ("mail" in op) mails.set(op.mail.id, op.mail);
          else settings[op.settings.site] = op.settings.value;
      },
      result: () => ({ settings, reservations: [...reservations.values()], mails: [...mails.values()] }),
    };
  },
};

/** The rentals under `dir` as the server would read them (rentals.json and its journal), checked; undefined when there are none yet. Only reads. */
export async function readRentals(dir: string): Promise<RentalsFile | undefined> {
  return (await readJournaled(dir, RENTALS_FORMAT))?.state;
}

/** The site's settings, or the defaults (version 0) when the owner never set them. */
const settingsOf = (file: RentalsFile, site: string): StoredRentalSettings => storedSettings(file.settings[site]);

/** The link key kept in `dataDir`; undefined when none was made yet. */
export async function readLinkKey(dataDir: string): Promise<Buffer | undefined> {
  const file = path.join(dataDir, RENTAL_LINK_KEY_FILE);
  let hex: string;
  try {
    hex = (await readFile(file, "utf8")).trim();
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === "ENOENT") return undefined;
    throw err;
  }
  if (/^[0-9a-f]{64}$/.test(hex)) return Buffer.from(hex, "hex");
  throw new Error(`${file} does not hold a 64-digit hex key: restore it from a backup, or remove it to make a new one (old cancellation links stop working)`);
}

/** The link key as its file holds it. */
export const linkKeyFileText = (key: Buffer): string => `${key.toString("hex")}\n`;

/** The link key in `dataDir`, made (32 random bytes, owner-only) on first use. */
export async function dataFolderLinkKey(dataDir: string): Promise<Buffer> {
  const kept = await readLinkKey(dataDir);
  if (kept) return kept;
  const file = path.join(dataDir, RENTAL_LINK_KEY_FILE);
  const key = randomBytes(32);
  await writeFileDurably(file, linkKeyFileText(key));
  await chmod(file, 0o600);
  return key;
}

/**
 * The lowdb rental store: held in memory, each change appended to the journal (a few kB whatever the number of
 * reservations) and the snapshot written again now and then (journaled-files.ts). The check that a cart is free and
 * the reservation's entry into memory happen in one turn of the event loop, so no two posts can both see the last
 * cart; the 201 waits for the journal line to be fsynced, and a failed write takes the reservation back out (the
 * state goes back to the one on disk, and the indexes are made again from it).
 */
export async function openRentalStore(
  dataDir: string,
  now: () => number = Date.now,
  options: { foldAfter?: number } = {},
): Promise<RentalStore & { /** Resolves once no write, nor a new snapshot, is on its way. */ idle(): Promise<void> }> {
  const files = await openJournaledFiles(
    dataDir,
    RENTALS_FORMAT,
    async (): Promise<RentalsFile> => {
      // A journal without its snapshot: the reservations were lost, and starting empty would promise their carts again.
      if (await exists(path.join(dataDir, RENTALS_JOURNAL)))
        throw new MissingDataFileError(path.join(dataDir, RENTALS_FILE), `the data folder holds ${RENTALS_JOURNAL}, so it held reservations`);
      return { settings: {}, reservations: [], mails: [] };
    },
    options,
  );
  const byId = new Map<string, Reservation>();
  const byRef = new Map<string, Reservation>();
  /**
   * Each site's and plan's reservations with their start and end as instants: the check that a cart is free runs on
   * every booking, and passes over the rest of the calendar on numbers alone, so a booking at 2,000 reservations
   * costs about what it does at none.
   */
  const holds = new Map<string, { r: Reservation; start: number; end: number }[]>();
  const groupOf = (site: string, plan: string) => {
    const key = `${site}\n${plan}`;
    let group = holds.get(key);
    if (!group) holds.set(key, (group = []));
    return group;
  };
  const index = (r: Reservation) => {
    byId.set(r.id, r);
    byRef.set(r.reference, r);
    groupOf(r.site, r.plan).push({ r, start: Date.parse(r.startsAt), end: Date.parse(r.endsAt) });
  };
  const unindex = (r: Reservation) => {
    const group = groupOf(r.site, r.plan);
    group.splice(
      group.findIndex((h) => h.r === r),
      1,
    );
  };
  /** The state the indexes were made for: another one (a failed write put the one on disk back) makes them again. */
  let indexed: RentalsFile | undefined;
  const data = (): RentalsFile => {
    const state = files.state;
    if (state !== indexed) {
      byId.clear();
      byRef.clear();
      holds.clear();
      for (const r of state.reservations) index(r);
      indexed = state;
    }
    return state;
  };
  /** Make `next` the state, the indexes kept by the caller. */
  const commit = (next: RentalsFile, ops: RentalOp[]) => {
    indexed = next;
    return files.commit(next, ops);
  };
  const mailsInFlight = new Set<string>();
  let key: Promise<Buffer> | undefined;

  const free = (state: RentalsFile, site: string, plan: RentalPlanId, window: { start: number; end: number }, except?: string): Availability => {
    const s = settingsOf(state, site);
    const fleet = s.fleet[plan] ?? 0;
    // Only the holds that reach into the window can take its carts.
    const turnaround = s.turnaroundHours * 3_600_000;
    const candidates: Reservation[] = [];
    for (const h of groupOf(site, plan)) if (h.start < window.end && h.end + turnaround > window.start) candidates.push(h.r);
    return { fleet, free: freeCarts(fleet, s.turnaroundHours, candidates, window, now(), except) };
  };

  return {
    settings: async (site) => settingsOf(data(), site),
    async setSettings(site, settings, ifVersion) {
      const state = data();
      const current = settingsOf(state, site);
      if (current.version !== ifVersion) return { ok: false, current };
      const value = { ...settingsToStore(settings), version: current.version + 1 };
      await commit({ ...state, settings: { ...state.settings, [site]: value } }, [{ settings: { site, value } }]);
      return { ok: true, settings: value };
    },
    async availability(site, plan, startsAt, endsAt, except) {
      const state = data();
      const { turnaroundHours } = settingsOf(state, site);
      return free(state, site, plan, holdWindow(startsAt, endsAt, turnaroundHours), except);
    },
    async reserve(draft, mailKind, cap) {
      const state = data();
      if (cap) {
        const t = now();
        const unconfirmed = state.reservations.filter((r) => sameUnconfirmedRenter(r, draft, t)).length;
        if (unconfirmed >= cap.max) return { ok: false, unconfirmed };
      }
      const { turnaroundHours } = settingsOf(state, draft.site);
      const availability = free(state, draft.site, draft.plan, holdWindow(draft.startsAt, draft.endsAt, turnaroundHours));
      if (availability.free < 1) return { ok: false, availability };
      let reference = newReference();
      while (byRef.has(reference)) reference = newReference();
      const reservation: Reservation = { ...draft, id: randomUUID(), reference, version: 1 };
      const mail = mailKind && newMail(reservation.id, mailKind, draft.createdAt);
      index(reservation);
      await commit(
        { ...state, reservations: [...state.reservations, reservation], mails: mail ? [...state.mails, mail] : state.mails },
        mail ? [{ reservation }, { mail }] : [{ reservation }],
      );
      return { ok: true, reservation };
    },
    get: async (id) => (data(), byId.get(id)),
    byReference: async (reference) => (data(), byRef.get(reference)),
    async list(site, query = {}) {
      const state = data();
      const { turnaroundHours } = settingsOf(state, site);
      return state.reservations.filter((r) => r.site === site && reservationIn(r, query, turnaroundHours)).sort(byStart);
    },
    async change(id, ifVersion, change, mailKind) {
      const state = data();
      const current = byId.get(id);
      if (!current) return { ok: false, reason: "missing" };
      if (ifVersion !== undefined && current.version !== ifVersion) return { ok: false, reason: "stale", current };
      const next = change(current);
      if ("refused" in next) return { ok: false, reason: "refused", current, message: next.refused };
      const updated: Reservation = { ...next, id, reference: current.reference, site: current.site, version: current.version + 1 };
      if (movedHold(current, updated, now())) {
        const { turnaroundHours } = settingsOf(state, current.site);
        const availability = free(state, current.site, updated.plan, holdWindow(updated.startsAt, updated.endsAt, turnaroundHours), id);
        if (availability.free < 1) return { ok: false, reason: "full", current, availability };
      }
      const reservations = state.reservations.slice();
      reservations[reservations.indexOf(current)] = updated;
      unindex(current);
      index(updated);
      const mail = mailKind && newMail(id, mailKind, new Date().toISOString());
      await commit(
        { ...state, reservations, mails: mail ? [...state.mails, mail] : state.mails },
        mail ? [{ reservation: updated }, { mail }] : [{ reservation: updated }],
      );
      return { ok: true, reservation: updated };
    },
    pendingMails: async () => data().mails.filter((m) => m.status === "pending"),
    async deliverMail(id, attempt) {
      const mail = data().mails.find((m) => m.id === id);
      if (!mail || mail.status !== "pending" || mailsInFlight.has(id)) return false;
      const reservation = byId.get(mail.reservationId);
      if (!reservation) return false;
      mailsInFlight.add(id);
      try {
        const delivery = await attempt(mail, reservation);
        const state = data();
        const mails = state.mails.slice();
        const i = mails.findIndex((m) => m.id === id);
        const delivered = { ...mails[i]!, ...delivery };
        mails[i] = delivered;
        await commit({ ...state, mails }, [{ mail: delivered }]);
        return true;
      } finally {
        mailsInFlight.delete(id);
      }
    },
    linkKey: () => (key ??= dataFolderLinkKey(dataDir)),
    idle: () => files.idle(),
  };
}
