import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import { z } from "zod";
import { LeadSchema, type Lead } from "../../domain/lead";
import { CorruptDataFileError } from "./json-file";

/** The active segment: the most recent leads, rewritten on every change. */
export const LEADS_FILE = "leads.json";
/** Full segments rolled out of leads.json, numbered in order: leads-archive/000001.json … */
export const LEADS_ARCHIVE_DIR = "leads-archive";

export const LeadsFileSchema = z.object({ leads: z.array(LeadSchema) });

const ARCHIVE_NAME = /^(\d{6,})\.json$/;

export const archiveFile = (dataDir: string, n: number) => path.join(dataDir, LEADS_ARCHIVE_DIR, `${String(n).padStart(6, "0")}.json`);

/** The archive segments under dataDir, oldest first (the .tmp files of writes in flight are not segments). */
export async function listArchives(dataDir: string): Promise<{ n: number; file: string }[]> {
  let names: string[];
  try {
    names = await readdir(path.join(dataDir, LEADS_ARCHIVE_DIR));
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === "ENOENT") return [];
    throw err;
  }
  return names
    .map((name) => ARCHIVE_NAME.exec(name)?.[1])
    .filter((n): n is string => n !== undefined)
    .map((n) => ({ n: Number(n), file: archiveFile(dataDir, Number(n)) }))
    .sort((a, b) => a.n - b.n);
}

/**
 * Lead ids already held by an earlier segment. A crash between writing an
 * archive and resetting leads.json leaves a lead in both; the archive's copy
 * is the newer one, so later segments drop theirs.
 */
export function dropDuplicates(leads: Lead[], seen: Set<string>): Lead[] {
  const kept = leads.filter((l) => !seen.has(l.id));
  for (const l of kept) seen.add(l.id);
  return kept;
}

/** The leads of one segment file, read once (null when there is no such file); CorruptDataFileError naming it when it is not one. */
export async function readLeadsFile(file: string): Promise<Lead[] | null> {
  let text: string;
  try {
    text = await readFile(file, "utf8");
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === "ENOENT") return null;
    throw err;
  }
  try {
    return LeadsFileSchema.parse(JSON.parse(text)).leads;
  } catch (err) {
    throw new CorruptDataFileError(file, err);
  }
}

/**
 * Every stored lead, oldest first and each once, one segment at a time, read
 * without writing anything: memory holds one segment (and the ids of
 * leads.json), whatever the number of leads (so a backup of a million leads stays small). A lead is in
 * two segments only after a crash between writing the archive it rolled into
 * and rewriting leads.json without it: the archive's copy is kept.
 */
export async function* streamStoredLeads(dataDir: string): AsyncIterable<Lead[]> {
  const active = (await readLeadsFile(path.join(dataDir, LEADS_FILE))) ?? [];
  const activeIds = new Set(active.map((l) => l.id));
  const archived = new Set<string>();
  for (const { file } of await listArchives(dataDir)) {
    const leads = await readLeadsFile(file);
    if (!leads) continue;
    for (const l of leads) if (activeIds.has(l.id)) archived.add(l.id);
    yield leads;
  }
  const rest = active.filter((l) => !archived.has(l.id));
  if (rest.length) yield rest;
}

/** Every stored lead, oldest first and each once, read without writing anything (for the export CLI and tests). */
export async function readStoredLeads(dataDir: string): Promise<Lead[]> {
  const all: Lead[] = [];
  for await (const leads of streamStoredLeads(dataDir)) all.push(...leads);
  return all;
}
