/**
 * The stores' data as plain records, read from and written as the lowdb
 * files under DATA_DIR: the catalogue, every lead segment, the follow-ups,
 * staff accounts, sessions and audit, the added partner origins, the
 * sites, and the rentals (reservations, fleets, mails owed to renters, and
 * the key that signs their cancellation links). It is
 * how data moves between the engines: `npm run migrate-to-postgres` reads a
 * folder into PostgreSQL, and a backup of PostgreSQL writes the database as a
 * folder, so one archive layout restores into either engine.
 */
import { mkdir, readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { z } from "zod";
import type { Lead } from "../../domain/lead";
import type { Site } from "../../domain/site";
import { FollowUpEventSchema, type FollowUpEvent } from "../../domain/lead-follow-up";
import { AuditEntrySchema, type AuditEntry } from "../../domain/staff";
import type { Vehicle } from "../../domain/vehicle";
import { ACCOUNTS_FILE, AccountsFileSchema } from "./account-store";
import { AUDIT_FILE } from "./audit-store";
import { FOLLOW_UP_FILE } from "./follow-up-store";
import { readJsonFile } from "./json-file";
import { parseJsonLines } from "./json-lines";
import { archiveFile, LEADS_ARCHIVE_DIR, LEADS_FILE, readStoredLeads, streamStoredLeads } from "./lead-files";
import { LEAD_SEGMENT_SIZE } from "./lead-store";
import { linkKeyFileText, readLinkKey, readRentals, RENTAL_LINK_KEY_FILE, RENTALS_FILE, type RentalsFile } from "./rental-store";
import { ORIGINS_FILE, originsFile, OriginsFileSchema, originsOfFile, type SiteOrigins } from "./origin-store";
import { SESSIONS_FILE, SessionsFileSchema } from "./session-store";
import { SITES_FILE, SitesFileSchema } from "./site-store";
import { CATALOGUE_FILE, readCatalogue } from "./catalogue-files";
import { INVENTORY_SOURCES_FILE, readInventorySources, type SourcesFile } from "./inventory-source-store";
import { mkdirPrivate, PRIVATE_DIR_MODE, PRIVATE_FILE_MODE } from "./file-modes";

export interface DataRecords {
  /** Undefined when there is no catalogue yet (the server seeds one at start-up). */
  catalogue: Vehicle[] | undefined;
  /** Oldest first. */
  leads: Lead[];
  followUps: FollowUpEvent[];
  accounts: z.infer<typeof AccountsFileSchema>["accounts"];
  sessions: z.infer<typeof SessionsFileSchema>["sessions"];
  audit: AuditEntry[];
  /** Each site's added partner origins, by site id; undefined when the owner never changed a list. */
  origins: SiteOrigins | undefined;
  /** The sites, in the order they were added; undefined when none was stored yet (the server seeds the first at start-up). */
  sites: Site[] | undefined;
  /** Each site's rental settings, the reservations in the order they were taken, and the mails owed to renters; undefined when none was stored yet. */
  rentals?: RentalsFile | undefined;
  /** The key of the renters' cancellation links (kept, so links already mailed still work); undefined when none was made yet. */
  rentalLinkKey?: Buffer | undefined;
  /** The inventory sources (settings, credentials, memory) and their last runs, newest first; undefined when none was added. */
  inventory?: SourcesFile | undefined;
}

/** A JSON-lines file's entries, as the server reads them at start-up (none when it does not exist); only read. */
async function readLines<S extends z.ZodType>(file: string, schema: S): Promise<z.infer<S>[]> {
  const text = await readFile(file, "utf8").catch((err: NodeJS.ErrnoException) => {
    if (err.code === "ENOENT") return "";
    throw err;
  });
  return parseJsonLines(text, file, schema).entries;
}

/** Everything the stores keep under `dir`, checked as the stores check it at start-up; the files are only read. */
export async function readDataFolder(dir: string): Promise<DataRecords> {
  // The stream is never started: its leads are read whole instead.
  return { ...(await readDataFolderStreamed(dir)), leads: await readStoredLeads(dir) };
}

/**
 * The same, with the leads as batches read a segment at a time as they are
 * taken (streamStoredLeads): memory holds one segment, however many leads
 * there are (a restore into PostgreSQL, `npm run migrate-to-postgres`).
 */
export async function readDataFolderStreamed(dir: string): Promise<StreamedRecords> {
  return {
    catalogue: await readCatalogue(dir),
    leads: streamStoredLeads(dir),
    followUps: await readLines(path.join(dir, FOLLOW_UP_FILE), FollowUpEventSchema),
    accounts: (await readJsonFile(path.join(dir, ACCOUNTS_FILE), (d) => AccountsFileSchema.parse(d)))?.accounts ?? [],
    sessions: (await readJsonFile(path.join(dir, SESSIONS_FILE), (d) => SessionsFileSchema.parse(d)))?.sessions ?? [],
    audit: await readLines(path.join(dir, AUDIT_FILE), AuditEntrySchema),
    origins: await readJsonFile(path.join(dir, ORIGINS_FILE), (d) => originsOfFile(OriginsFileSchema.parse(d))),
    sites: await readJsonFile(path.join(dir, SITES_FILE), (d) => SitesFileSchema.parse(d).sites),
    rentals: await readRentals(dir),
    rentalLinkKey: await readLinkKey(dir),
    inventory: await readInventorySources(dir),
  };
}

/** The records with the leads as batches, oldest first, read while they are written (a backup of PostgreSQL). */
export type StreamedRecords = Omit<DataRecords, "leads"> & { leads: AsyncIterable<Lead[]> };

/**
 * Write leads, oldest first, into `dir` as the lead store lays them out: full
 * segments under leads-archive/, the rest in leads.json. Holds one segment at
 * a time, so batches can come from a stream of any length.
 */
async function writeLeadFiles(dir: string, batches: Iterable<Lead[]> | AsyncIterable<Lead[]>): Promise<void> {
  const options = { flag: "wx", mode: PRIVATE_FILE_MODE } as const;
  let segment: Lead[] = [];
  let archived = 0;
  for await (const batch of batches)
    for (const lead of batch) {
      segment.push(lead);
      if (segment.length < LEAD_SEGMENT_SIZE) continue;
      if (!archived) await mkdir(path.join(dir, LEADS_ARCHIVE_DIR), { mode: PRIVATE_DIR_MODE });
      await writeFile(archiveFile(dir, ++archived), JSON.stringify({ leads: segment }), options);
      segment = [];
    }
  await writeFile(path.join(dir, LEADS_FILE), JSON.stringify({ leads: segment }), options);
}

/**
 * Write `data` into the empty folder `dir` as the lowdb stores lay it out:
 * full segments of leads under leads-archive/, the rest in leads.json. The
 * files are not fsynced: the caller makes an archive of them.
 */
export async function writeDataFolder(dir: string, data: DataRecords | StreamedRecords): Promise<void> {
  const write = (name: string, text: string) => writeFile(path.join(dir, name), text, { flag: "wx", mode: PRIVATE_FILE_MODE });
  const lines = (entries: readonly unknown[]) => entries.map((e) => `${JSON.stringify(e)}\n`).join("");
  await mkdirPrivate(dir);
  if (data.catalogue) await write(CATALOGUE_FILE, JSON.stringify({ vehicles: data.catalogue }));
  await writeLeadFiles(dir, Array.isArray(data.leads) ? [data.leads] : (data.leads as AsyncIterable<Lead[]>));
  if (data.followUps.length) await write(FOLLOW_UP_FILE, lines(data.followUps));
  if (data.accounts.length) await write(ACCOUNTS_FILE, JSON.stringify({ accounts: data.accounts }));
  if (data.sessions.length) await write(SESSIONS_FILE, JSON.stringify({ sessions: data.sessions }));
  if (data.audit.length) await write(AUDIT_FILE, lines(data.audit));
  if (data.origins) await write(ORIGINS_FILE, JSON.stringify(originsFile(data.origins)));
  if (data.sites) await write(SITES_FILE, JSON.stringify({ sites: data.sites }));
  if (data.rentals) await write(RENTALS_FILE, JSON.stringify(data.rentals));
  if (data.rentalLinkKey) await write(RENTAL_LINK_KEY_FILE, linkKeyFileText(data.rentalLinkKey));
  if (data.inventory) await write(INVENTORY_SOURCES_FILE, JSON.stringify(data.inventory));
}
