import { randomUUID } from "node:crypto";
import { open, statfs, unlink } from "node:fs/promises";
import path from "node:path";
import { Low } from "lowdb";
import type { ContactMessage } from "../../domain/contact";
import type { Delivery, Lead, LeadVehicle } from "../../domain/lead";
import type { LeadTradeIn } from "../../domain/trade-in";
import { countLeads, leadsPage, overdueLeads, selectionMatcher, type LeadCounts, type LeadSelection, type LeadsPage } from "../../domain/lead-follow-up";
import { FIRST_SITE_ID } from "../../domain/site-seed";
import { DurableJsonFile } from "./durable-file";
import { openJsonFile } from "./json-file";
import { archiveFile, dropDuplicates, LEADS_ARCHIVE_DIR, LEADS_FILE, LeadsFileSchema, listArchives, readLeadsFile } from "./lead-files";
import { LeadSegment, type LeadsFile } from "./lead-segment";
import { mkdirPrivate, PRIVATE_FILE_MODE } from "./file-modes";

export { LEADS_ARCHIVE_DIR, LEADS_FILE } from "./lead-files";
export type { LeadsFile } from "./lead-segment";

export interface NewLead {
  message: ContactMessage;
  origin: string | null;
  source: string | null;
  /** The id of the site it was posted through; absent: the first site (imports and tools from before sites). */
  site?: string;
  /** The cart `message.vehicleId` names, as the catalogue holds it now (the route looks it up). */
  vehicle?: LeadVehicle;
  /** A trade-in's facts and stored photos (api/routes/trade-in.ts). */
  tradeIn?: LeadTradeIn;
  /** A test drive's confirmation mail to the visitor, pending when mail is on (decision 0047). */
  confirmation?: Delivery;
  /** The client address a test drive was booked from (addressKey: an IPv6 /64 as one). */
  address?: string;
}

/** A test drive's slot for that cart is booked already: `add` stored nothing. */
export class SlotTakenError extends Error {
  override name = "SlotTakenError";
  constructor(readonly slot: string) {
    super(`The test-drive slot ${slot} is booked already`);
  }
}

/** One visitor's upcoming test drives hold `held`, the most allowed (TestDriveCap): `add` stored nothing. */
export class TooManyTestDrivesError extends Error {
  override name = "TooManyTestDrivesError";
  constructor(readonly held: number) {
    super(`The visitor holds ${held} upcoming test drives already`);
  }
}

/** The cap on upcoming test drives per visitor: at most `max` with a slot from `from` (site-local "YYYY-MM-DDTHH:MM") on. */
export interface TestDriveCap {
  max: number;
  from: string;
}

/** Whether `l` counts against the cap of the new test drive `lead`: an upcoming one of its site, by the same e-mail (any case) or address. */
export const sameUpcomingVisitor = (l: Lead, lead: Lead, from: string): boolean =>
  l.kind === "test-drive" &&
  l.site === lead.site &&
  l.slot !== undefined &&
  l.slot >= from &&
  (l.email.toLowerCase() === lead.email.toLowerCase() || (lead.address !== undefined && l.address === lead.address));

/** The key that makes a test drive unique: one booking per (site, cart, slot). Undefined for any other lead. */
export const bookingKey = (lead: Pick<Lead, "kind" | "site" | "vehicleId" | "slot">): string | undefined =>
  lead.kind === "test-drive" && lead.vehicleId && lead.slot ? `${lead.site}|${lead.vehicleId}|${lead.slot}` : undefined;

/** Where leads are kept. Every write resolves only once it is on disk. */
export interface LeadStore {
  /**
   * Store a lead; resolves once it is on disk. When it rejects, the lead is not stored: neither in memory nor on disk.
   * A test drive whose slot for that cart is booked already rejects with SlotTakenError, atomically (whatever the
   * number of servers on PostgreSQL); with `cap`, one whose e-mail or address holds `cap.max` upcoming test drives
   * already rejects with TooManyTestDrivesError, counted in the same step.
   */
  add(lead: NewLead, delivery: Delivery, cap?: TestDriveCap): Promise<Lead>;
  /** The slots ("YYYY-MM-DDTHH:MM") of `date` booked for a cart of a site. */
  bookedSlots(site: string, vehicleId: string, date: string): Promise<string[]>;
  setDelivery(id: string, delivery: Delivery): Promise<void>;
  /**
   * Claim a pending lead's delivery, run `attempt` on it (the lead as stored
   * now), and record the delivery it resolves with. False, without calling
   * `attempt`, when the lead is unknown, no longer pending, or claimed by
   * another server at the moment: so no two servers mail the same lead at once.
   */
  deliver(id: string, attempt: (lead: Lead) => Promise<Delivery>): Promise<boolean>;
  /** Test drives whose confirmation mail to the visitor is still to be delivered (decision 0047). */
  pendingConfirmations(): Promise<Lead[]>;
  /**
   * Claim a test drive's pending confirmation, run `attempt` on the lead as stored now, and record what it resolves
   * with, as `deliver` does for the sales mail. False, without calling `attempt`, when the lead is unknown, its
   * confirmation no longer pending, or claimed by another server at the moment.
   */
  confirm(id: string, attempt: (lead: Lead) => Promise<Delivery>): Promise<boolean>;
  /** Hear of leads other servers stored (PostgreSQL only: lowdb has one server). */
  onRemoteLead?(listener: (lead: Lead) => void): () => void;
  /** One page of the leads a selection keeps, newest first, after the cursor's lead (`before`) when given. */
  page(selection: LeadSelection, options: { limit: number; before?: { id: string; createdAt: string } | null }): Promise<LeadsPage>;
  /** How many leads a selection keeps, per status, interest, source and site; its overdue ones at `now` (default: the time now). */
  count(selection: LeadSelection, now?: number): Promise<LeadCounts>;
  /** The leads a selection keeps that are overdue at `now`, most overdue first, at most `limit`. */
  overdue(selection: LeadSelection, now: number, limit: number): Promise<Lead[]>;
  /**
   * The leads a selection keeps, oldest first, in batches of at most
   * EXPORT_BATCH: an export holds one batch at a time, and other requests run
   * between batches.
   */
  stream(selection: LeadSelection): AsyncIterable<Lead[]>;
  /**
   * Resolves once every stored lead can be read: lowdb reads its archive
   * segments after start-up, while the server already listens, and rejects
   * here (naming the file, leaving it untouched) when one is corrupt.
   */
  readonly ready: Promise<void>;
  /** Leads whose mail is still to be delivered. */
  pending(): Promise<Lead[]>;
  /** One lead by id, without a scan. */
  get(id: string): Promise<Lead | undefined>;
  /**
   * Null when leads can be written now, else why not (no server path in it).
   * Retries a failed write, so it answers null again as soon as the disk takes writes.
   */
  writeProblem(): Promise<string | null>;
  /** Resolves once every segment on disk holds every change made so far (for an orderly stop); rejects when a write fails. */
  flush(): Promise<void>;
}

/** The lead as stored: a new id, the time now, and its site (the first one when none is named). */
export const newLead = ({ message, origin, source, site = FIRST_SITE_ID, vehicle, tradeIn, confirmation, address }: NewLead, delivery: Delivery): Lead => ({
  id: randomUUID(),
  createdAt: new Date().toISOString(),
  ...message,
  origin,
  source,
  site,
  delivery,
  ...(vehicle && { vehicle }),
  ...(tradeIn && { tradeIn }),
  ...(confirmation && { confirmation }),
  ...(address && { address }),
});

/** Why a write failed, for operators and the health check: the error code and the data file, never a full path. */
export function describeWriteError(err: unknown): string {
  const e = err as NodeJS.ErrnoException;
  const file = typeof e?.path === "string" ? ` (${path.basename(e.path)})` : "";
  return `leads cannot be written: ${e?.code ?? "write failed"}${file}`;
}

/**
 * Leads held in leads.json before it rolls into an archive. A write rewrites
 * one segment, so this bounds its cost (about 1 ms of JSON per 1,000 leads)
 * whatever the number of leads stored; see docs/decisions/0003-lead-segments.md.
 */
export const LEAD_SEGMENT_SIZE = 1_000;

/**
 * Leads per batch of an export: about 30 kB of CSV. On PostgreSQL a batch is
 * one keyset query whose rows are parsed and checked (about 10 ms per 1,000 on
 * a loaded 2-CPU machine), work that holds every other request: small batches
 * keep GET / p99 during an export near its quiet figure.
 */
export const EXPORT_BATCH = 100;

/** The leads of `all` (oldest first) a selection keeps, in batches, yielding to other requests between them. */
export async function* streamMatching(all: readonly Lead[], selection: LeadSelection, batch = EXPORT_BATCH): AsyncIterable<Lead[]> {
  const match = selectionMatcher(selection);
  let out: Lead[] = [];
  // Walk by index, so leads added during the export are taken in up to the end, and none twice.
  for (let i = 0; i < all.length; i++) {
    const lead = all[i]!;
    if (!match(lead)) continue;
    out.push(lead);
    if (out.length === batch) {
      yield out;
      out = [];
      await new Promise((resolve) => setImmediate(resolve));
    }
  }
  if (out.length) yield out;
}

/** The query interface over leads held in memory, oldest first (once `all` resolves). */
export const inMemoryQueries = (all: () => Promise<readonly Lead[]>): Pick<LeadStore, "page" | "count" | "stream" | "overdue"> => ({
  page: async (selection, options) => leadsPage(await all(), selectionMatcher(selection), options),
  count: async (selection, now) => countLeads(await all(), selectionMatcher(selection), selection.followUp, { me: selection.me, now }),
  overdue: async (selection, now, limit) => overdueLeads(await all(), selection, now, limit),
  async *stream(selection) {
    yield* streamMatching(await all(), selection);
  },
});

export interface LeadStoreOptions {
  /** Leads per segment; small values are for tests. */
  segmentSize?: number;
}

const validate = (d: unknown): LeadsFile => LeadsFileSchema.parse(d);

/**
 * Open (creating on first start) the leads under dataDir, apart from the
 * catalogue: leads.json holds the most recent leads, and full segments are
 * archived once under leads-archive/. Only leads.json (one segment) is read
 * before this resolves, so the server listens at once whatever the number of
 * leads; the archives are read after, and `ready` says when they are. A lead
 * posted meanwhile is stored at once. A corrupt file is left untouched: a
 * corrupt leads.json stops the opening, a corrupt archive rejects `ready`.
 */
export async function openLeadStore(dataDir: string, { segmentSize = LEAD_SEGMENT_SIZE }: LeadStoreOptions = {}): Promise<LeadStore> {
  if (!Number.isInteger(segmentSize) || segmentSize < 1) throw new Error(`Lead segment size must be a positive integer, not ${segmentSize}`);
  const stored = await listArchives(dataDir);
  let nextArchive = (stored.at(-1)?.n ?? 0) + 1;
  /** Archives rolled out of leads.json by this server, oldest first (those stored before are read into `all` by `ready`). */
  const archives: LeadSegment[] = [];
  const activeFile = path.join(dataDir, LEADS_FILE);
  const activeDb = await openJsonFile<LeadsFile>(activeFile, () => ({ leads: [] }), validate);
  // A crash between writing an archive and resetting leads.json leaves its oldest leads in both: the archive's copy
  // is kept. Such archives are the newest ones, so only those that still share a lead with leads.json are read now.
  const held = activeDb.data.leads.length;
  for (let i = stored.length - 1; i >= 0 && activeDb.data.leads.length; i--) {
    const ids = new Set((await readLeadsFile(stored[i]!.file))?.map((l) => l.id));
    const kept = activeDb.data.leads.filter((l) => !ids.has(l.id));
    if (kept.length === activeDb.data.leads.length) break;
    activeDb.data.leads = kept;
  }
  const active = new LeadSegment(activeDb, activeDb.data.leads.length === held);
  // leads.json is rewritten only once every archive that took its former leads is on disk.
  active.writeAfter(() => archives.filter((a) => !a.durable).map((a) => a.flush()));
  await mkdirPrivate(path.join(dataDir, LEADS_ARCHIVE_DIR));

  /** Every lead held, oldest first: until `ready`, only those of leads.json and of archives rolled since. */
  let all: Lead[] = [...active.leads];
  const byId = new Map<string, { lead: Lead; segment: LeadSegment }>();
  for (const lead of active.leads) byId.set(lead.id, { lead, segment: active });

  /** Move the oldest full segment of leads.json into a new archive file, whose write starts now. */
  const roll = () => {
    const file = archiveFile(dataDir, nextArchive++);
    const archive = new LeadSegment(new Low<LeadsFile>(new DurableJsonFile<LeadsFile>(file), { leads: active.leads.splice(0, segmentSize) }), false);
    archives.push(archive);
    for (const lead of archive.leads) byId.set(lead.id, { lead, segment: archive });
    // A failed archive write is retried by leads.json's next write, which waits for it; its callers see the error.
    archive.flush().catch(() => {});
  };

  // A leads.json past the segment size (from before segments, or a bigger size) is split now.
  const oversized = active.leads.length >= segmentSize;
  while (active.leads.length >= segmentSize) roll();
  await (oversized ? active.save() : active.flush());

  /** The stored archives, read one after another (other work runs between them), then put before the leads held so far. */
  const readArchives = async () => {
    const seen = new Set<string>();
    const older: Lead[] = [];
    for (const { file } of stored) {
      // Read once: the file is not written again unless a lead in it changes.
      const leads = dropDuplicates((await readLeadsFile(file)) ?? [], seen);
      const segment = new LeadSegment(new Low<LeadsFile>(new DurableJsonFile<LeadsFile>(file), { leads }), true);
      for (const lead of segment.leads) {
        older.push(lead);
        byId.set(lead.id, { lead, segment });
      }
      await new Promise((resolve) => setImmediate(resolve));
    }
    // A lead a crash left both in an archive and in leads.json (the check at opening keeps to the newest archives) is
    // listed once, as its archive holds it.
    all = older.concat(all.filter((lead) => !seen.has(lead.id)));
  };
  const ready = readArchives();
  // Seen by whoever awaits it (the server stops on it); not an unhandled rejection meanwhile.
  ready.catch(() => {});
  /** The lead by id, once the archives are read if it is not among the leads held so far. */
  const find = async (id: string) => byId.get(id) ?? (await ready, byId.get(id));

  /** The last write of leads failed with this; cleared by the next one that lands. */
  let failure: unknown = null;

  /** Take back a lead whose write failed, before any later write serialises it (the caller's rejection handler runs first). */
  const forget = (lead: Lead) => {
    const found = byId.get(lead.id);
    if (!found) return;
    byId.delete(lead.id);
    const inSegment = found.segment.leads.lastIndexOf(lead);
    if (inSegment >= 0) found.segment.leads.splice(inSegment, 1);
    const inAll = all.lastIndexOf(lead);
    if (inAll >= 0) all.splice(inAll, 1);
    // Rolled into an archive meanwhile: that archive is rewritten without it.
    if (found.segment !== active) found.segment.save().catch(() => {});
  };

  const probeFile = path.join(dataDir, ".write-check");
  /** One disk block, so that the probe needs room as a lead's write does. */
  const PROBE_BYTES = Buffer.alloc(4096);
  /** Below this, the next rewrite of leads.json (up to a segment of 1,000 leads, about 1 MB) would fail: the disk counts as full. */
  const MIN_FREE_BYTES = 2 * 1024 * 1024;
  let checking: Promise<string | null> | null = null;
  const checkWrite = async (): Promise<string | null> => {
    try {
      if (failure !== null || !active.durable) {
        // The real write, again: leads.json (after any archive it waits for).
        await active.flush();
      } else {
        // Nothing pending: a block written and synced beside the leads shows whether the folder takes writes (an
        // empty file does not: it needs no room, and is made on a full disk).
        const probe = await open(probeFile, "w", PRIVATE_FILE_MODE);
        try {
          await probe.writeFile(PROBE_BYTES);
          await probe.datasync();
        } finally {
          await probe.close();
          await unlink(probeFile);
        }
      }
      const { bavail, bsize } = await statfs(dataDir);
      if (bavail * bsize < MIN_FREE_BYTES)
        return `leads cannot be written: the disk of the data folder is full (${Math.floor((bavail * bsize) / 1024)} kB free)`;
      failure = null;
      return null;
    } catch (err) {
      failure = err;
      return describeWriteError(err);
    }
  };

  /** The test drives' booking keys, read once every lead is (`ready`), then kept with every add and forget. */
  let bookings: Promise<Set<string>> | null = null;
  const booked = () => (bookings ??= ready.then(() => new Set(all.map(bookingKey).filter((k): k is string => k !== undefined))));

  return {
    async add(input, delivery, cap) {
      const lead = newLead(input, delivery);
      const key = bookingKey(lead);
      if (key !== undefined) {
        const keys = await booked();
        // From these checks to the push nothing awaits: no other add runs between them (one server on lowdb).
        if (keys.has(key)) throw new SlotTakenError(lead.slot!);
        if (cap) {
          const held = all.filter((l) => sameUpcomingVisitor(l, lead, cap.from)).length;
          if (held >= cap.max) throw new TooManyTestDrivesError(held);
        }
        keys.add(key);
      }
      if (active.leads.length >= segmentSize) roll();
      active.leads.push(lead);
      all.push(lead);
      byId.set(lead.id, { lead, segment: active });
      try {
        await active.save();
      } catch (err) {
        forget(lead);
        if (key !== undefined) void booked().then((keys) => keys.delete(key));
        failure = err;
        throw err;
      }
      failure = null;
      return lead;
    },
    async bookedSlots(site, vehicleId, date) {
      const prefix = `${site}|${vehicleId}|${date}T`;
      return [...(await booked())].filter((k) => k.startsWith(prefix)).map((k) => k.slice(prefix.length - date.length - 1));
    },
    async setDelivery(id, delivery) {
      const found = await find(id);
      if (!found) throw new Error(`No lead ${id}`);
      found.lead.delivery = delivery;
      // Only the segment holding the lead is rewritten.
      await found.segment.save();
    },
    async deliver(id, attempt) {
      const found = await find(id);
      if (!found || found.lead.delivery.status !== "pending") return false;
      const delivery = await attempt(found.lead);
      found.lead.delivery = delivery;
      await found.segment.save();
      return true;
    },
    async confirm(id, attempt) {
      const found = await find(id);
      if (!found || found.lead.confirmation?.status !== "pending") return false;
      const confirmation = await attempt(found.lead);
      found.lead.confirmation = confirmation;
      await found.segment.save();
      return true;
    },
    ready,
    pending: async () => {
      await ready;
      return all.filter((l) => l.delivery.status === "pending");
    },
    pendingConfirmations: async () => {
      await ready;
      return all.filter((l) => l.confirmation?.status === "pending");
    },
    ...inMemoryQueries(async () => {
      await ready;
      return all;
    }),
    get: async (id) => (await find(id))?.lead,
    writeProblem() {
      // Concurrent callers share the check in flight: two probes of the one file would delete each other's.
      checking ??= checkWrite().finally(() => (checking = null));
      return checking;
    },
    async flush() {
      // Archives first: leads.json's write waits for them anyway.
      await Promise.all(archives.map((a) => a.flush()));
      await active.flush();
    },
  };
}
