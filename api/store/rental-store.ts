/**
 * Rental reservations (issue 31): every site's requests and bookings, each holding one cart of its plan from its start
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
  DEFAULT_RENTAL_SETTINGS,
  holdEndsAt,
  holdsCart,
  makeReference,
  type RentalSettings,
  type Reservation,
} from "../../domain/rental-booking";
import type { RentalPlanId } from "../../domain/rentals";
import { CoalescedFile } from "./coalesced-file";
import { writeFileDurably } from "./durable-file";
import { openJsonFile } from "./json-file";

export const RENTALS_FILE = "rentals.json";
/** The key of the renters' cancellation links (HMAC-SHA256), made on first start; a backup keeps it, so old links still work. */
export const RENTAL_LINK_KEY_FILE = "rental-link.key";

/** A site's settings as stored: `version` makes the ETag (0: never set, the defaults). */
export interface StoredRentalSettings extends RentalSettings {
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

export type ReserveResult = { ok: true; reservation: Reservation } | { ok: false; availability: Availability };

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
  /** Takes a cart for a new reservation when one is free over its hold, with its mail (when mail is on), in one write. */
  reserve(reservation: NewReservation, mail: RentalMailKind | null): Promise<ReserveResult>;
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
  reservations: Iterable<Pick<Reservation, "id" | "startsAt" | "endsAt" | "status">>,
  window: { start: number; end: number },
  except?: string,
): number {
  const holds: { start: number; end: number }[] = [];
  for (const r of reservations) {
    if (r.id === except || !holdsCart(r.status)) continue;
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

/** Whether a change moved a reservation onto another hold (dates or plan), so the cart must be checked again. */
export const movedHold = (before: Reservation, after: Reservation): boolean =>
  holdsCart(after.status) && (before.startsAt !== after.startsAt || before.endsAt !== after.endsAt || before.plan !== after.plan || !holdsCart(before.status));

export const newMail = (reservationId: string, kind: RentalMailKind, at: string): RentalMail => ({
  id: randomUUID(),
  reservationId,
  kind,
  status: "pending",
  attempts: 0,
  createdAt: at,
});

export const newReference = (): string => makeReference((b) => randomBytes(b.length));

const byStart = (a: Reservation, b: Reservation) => a.startsAt.localeCompare(b.startsAt) || a.createdAt.localeCompare(b.createdAt);

// --- lowdb --------------------------------------------------------------------------------------------------------

/** rentals.json: also how a backup and `npm run migrate-to-postgres` carry the rental data (../data-folder.ts). */
export const RentalsFileSchema = z.object({
  settings: z.record(z.string(), z.object({ fleet: z.record(z.string(), z.number()), turnaroundHours: z.number(), version: z.number() })),
  // Reservations and mails are the server's own writes, read back as written.
  reservations: z.array(z.looseObject({ id: z.string(), reference: z.string(), site: z.string() })),
  mails: z.array(z.looseObject({ id: z.string(), reservationId: z.string(), status: z.string() })),
});
export interface RentalsFile {
  settings: Record<string, StoredRentalSettings>;
  reservations: Reservation[];
  mails: RentalMail[];
}

/** The site's settings, or the defaults (version 0) when the owner never set them. */
const settingsOf = (file: RentalsFile, site: string): StoredRentalSettings => file.settings[site] ?? { ...DEFAULT_RENTAL_SETTINGS, version: 0 };

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
 * The lowdb rental store: one file, held in memory, written whole (coalesced) on each change. The check that a cart
 * is free and the reservation's entry into memory happen in one turn of the event loop, so no two posts can both
 * see the last cart; the 201 waits for the file to be fsynced, and a failed write takes the reservation back out.
 */
export async function openRentalStore(dataDir: string): Promise<RentalStore> {
  const file = new CoalescedFile(
    await openJsonFile<RentalsFile>(
      path.join(dataDir, RENTALS_FILE),
      () => ({ settings: {}, reservations: [], mails: [] }),
      (d) => RentalsFileSchema.parse(d) as unknown as RentalsFile,
    ),
  );
  const data = file.data;
  const byId = new Map(data.reservations.map((r) => [r.id, r]));
  const byRef = new Map(data.reservations.map((r) => [r.reference, r]));
  const mailsInFlight = new Set<string>();
  let key: Promise<Buffer> | undefined;

  const free = (site: string, plan: RentalPlanId, window: { start: number; end: number }, except?: string): Availability => {
    const s = settingsOf(data, site);
    const fleet = s.fleet[plan] ?? 0;
    const candidates = data.reservations.filter((r) => r.site === site && r.plan === plan);
    return { fleet, free: freeCarts(fleet, s.turnaroundHours, candidates, window, except) };
  };

  /** Saves, or undoes `undo` and rethrows when the file could not be written. */
  const saveOrUndo = async (undo: () => void) => {
    try {
      await file.save();
    } catch (err) {
      undo();
      throw err;
    }
  };

  return {
    settings: async (site) => settingsOf(data, site),
    async setSettings(site, settings, ifVersion) {
      const current = settingsOf(data, site);
      if (current.version !== ifVersion) return { ok: false, current };
      const next = { fleet: { ...settings.fleet }, turnaroundHours: settings.turnaroundHours, version: current.version + 1 };
      data.settings[site] = next;
      await saveOrUndo(() => {
        if (data.settings[site] === next) data.settings[site] = current;
      });
      return { ok: true, settings: next };
    },
    async availability(site, plan, startsAt, endsAt, except) {
      const { turnaroundHours } = settingsOf(data, site);
      return free(site, plan, holdWindow(startsAt, endsAt, turnaroundHours), except);
    },
    async reserve(draft, mailKind) {
      const { turnaroundHours } = settingsOf(data, draft.site);
      const availability = free(draft.site, draft.plan, holdWindow(draft.startsAt, draft.endsAt, turnaroundHours));
      if (availability.free < 1) return { ok: false, availability };
      let reference = newReference();
      while (byRef.has(reference)) reference = newReference();
      const reservation: Reservation = { ...draft, id: randomUUID(), reference, version: 1 };
      const mail = mailKind && newMail(reservation.id, mailKind, draft.createdAt);
      data.reservations.push(reservation);
      byId.set(reservation.id, reservation);
      byRef.set(reference, reservation);
      if (mail) data.mails.push(mail);
      await saveOrUndo(() => {
        data.reservations.splice(data.reservations.indexOf(reservation), 1);
        byId.delete(reservation.id);
        byRef.delete(reference);
        if (mail) data.mails.splice(data.mails.indexOf(mail), 1);
      });
      return { ok: true, reservation };
    },
    get: async (id) => byId.get(id),
    byReference: async (reference) => byRef.get(reference),
    async list(site, query = {}) {
      const { turnaroundHours } = settingsOf(data, site);
      return data.reservations.filter((r) => r.site === site && reservationIn(r, query, turnaroundHours)).sort(byStart);
    },
    async change(id, ifVersion, change, mailKind) {
      const current = byId.get(id);
      if (!current) return { ok: false, reason: "missing" };
      if (ifVersion !== undefined && current.version !== ifVersion) return { ok: false, reason: "stale", current };
      const next = change(current);
      if ("refused" in next) return { ok: false, reason: "refused", current, message: next.refused };
      const updated: Reservation = { ...next, id, reference: current.reference, site: current.site, version: current.version + 1 };
      if (movedHold(current, updated)) {
        const { turnaroundHours } = settingsOf(data, current.site);
        const availability = free(current.site, updated.plan, holdWindow(updated.startsAt, updated.endsAt, turnaroundHours), id);
        if (availability.free < 1) return { ok: false, reason: "full", current, availability };
      }
      const index = data.reservations.indexOf(current);
      data.reservations[index] = updated;
      byId.set(id, updated);
      byRef.set(updated.reference, updated);
      const mail = mailKind && newMail(id, mailKind, new Date().toISOString());
      if (mail) data.mails.push(mail);
      await saveOrUndo(() => {
        if (data.reservations[index] === updated) data.reservations[index] = current;
        byId.set(id, current);
        byRef.set(current.reference, current);
        if (mail) data.mails.splice(data.mails.indexOf(mail), 1);
      });
      return { ok: true, reservation: updated };
    },
    pendingMails: async () => data.mails.filter((m) => m.status === "pending"),
    async deliverMail(id, attempt) {
      const index = data.mails.findIndex((m) => m.id === id);
      const mail = data.mails[index];
      if (!mail || mail.status !== "pending" || mailsInFlight.has(id)) return false;
      const reservation = byId.get(mail.reservationId);
      if (!reservation) return false;
      mailsInFlight.add(id);
      try {
        const delivery = await attempt(mail, reservation);
        const i = data.mails.findIndex((m) => m.id === id);
        data.mails[i] = { ...data.mails[i]!, ...delivery };
        await file.save();
        return true;
      } finally {
        mailsInFlight.delete(id);
      }
    },
    linkKey: () => (key ??= dataFolderLinkKey(dataDir)),
  };
}
