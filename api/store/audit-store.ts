import path from "node:path";
import { AuditEntrySchema, type AuditAction, type AuditEntry } from "../../domain/staff";
import { openJsonLines } from "./json-lines";

export const AUDIT_FILE = "staff-audit.jsonl";

/** Who changed what and when: append-only, on disk before each append resolves. */
export interface AuditStore {
  /** Resolves with the entry as stored. */
  append(entry: AuditEntry): Promise<AuditEntry>;
  /** Many entries in one write (an import's, one per cart), in their order: on disk before it resolves, with them as stored. */
  appendMany(entries: readonly AuditEntry[]): Promise<AuditEntry[]>;
  /**
   * Take back entries just appended (as `append` resolved with them) whose change was then not stored: the history is
   * written before its change, so that a change is never stored without it (api/routes/staff/audited.ts).
   */
  retract(entries: readonly AuditEntry[]): Promise<void>;
  /** The most recent entries, newest first. */
  recent(limit: number): AuditEntry[];
  /** A page of the whole history, newest first, of the entries that match `filter` (the History's paging and filters). */
  page(filter: AuditFilter, before: number | null, limit: number): Promise<AuditPage>;
}

/** Which entries a page of the history holds: all, or those about one vehicle, by one person (part of the e-mail), of some actions. */
export interface AuditFilter {
  vehicleId?: string;
  who?: string;
  actions?: readonly AuditAction[];
}

/** Entries with their place in the history (1 the first ever written); `next`: the `before` of the page after, null at the end. */
export interface AuditPage {
  entries: { seq: number; entry: AuditEntry }[];
  next: number | null;
}

/** Whether an entry matches a filter; the same test as pg's query (the e-mail's part case aside). */
export const matchesAuditFilter = (e: AuditEntry, f: AuditFilter): boolean =>
  (f.vehicleId === undefined || e.vehicleId === f.vehicleId) &&
  (f.who === undefined || e.email.toLowerCase().includes(f.who.toLowerCase())) &&
  (f.actions === undefined || f.actions.includes(e.action));

/** The audit history in staff-audit.jsonl under dataDir: one JSON entry per line, only ever appended (json-lines.ts). */
export async function openAuditStore(dataDir: string): Promise<AuditStore> {
  const file = await openJsonLines(path.join(dataDir, AUDIT_FILE), AuditEntrySchema);
  const entries: AuditEntry[] = [...file.entries];
  const forget = (gone: readonly AuditEntry[]) => {
    for (const e of gone) {
      const i = entries.lastIndexOf(e);
      if (i >= 0) entries.splice(i, 1);
    }
  };
  /** Shown at once, and forgotten again if its write fails: the history shows what is on disk or on its way. */
  const write = async (parsed: AuditEntry[]) => {
    entries.push(...parsed);
    try {
      // Appended side by side, the file's appends go to disk as one write (json-lines.ts).
      await Promise.all(parsed.map((e) => file.append(e)));
    } catch (err) {
      forget(parsed);
      throw err;
    }
    return parsed;
  };
  return {
    append: async (entry) => (await write([AuditEntrySchema.parse(entry)]))[0]!,
    appendMany: (batch) => write(batch.map((e) => AuditEntrySchema.parse(e))),
    async retract(gone) {
      forget(gone);
      for (const e of gone) await file.remove(e);
    },
    recent: (limit) => entries.slice(-limit).reverse(),
    async page(filter, before, limit) {
      const found: AuditPage["entries"] = [];
      for (let i = Math.min(before ?? Infinity, entries.length + 1) - 2; i >= 0; i--) {
        if (!matchesAuditFilter(entries[i]!, filter)) continue;
        if (found.length === limit) return { entries: found, next: found.at(-1)!.seq };
        found.push({ seq: i + 1, entry: entries[i]! });
      }
      return { entries: found, next: null };
    },
  };
}

/** Audit entries looked through for who last changed a field: the most any store holds in memory (pg's AUDIT_HELD). */
const LOOKBACK = 1000;

/** Who last saved a field of a vehicle ("specifications" also matches "specifications.range") and when, if the history still holds it. */
export function lastSaved(audit: AuditStore, vehicleId: string, field: string): { email: string; at: string } | null {
  const entry = audit
    .recent(LOOKBACK)
    .find((e) => e.vehicleId === vehicleId && e.action !== "delete" && e.fields.some((f) => f === field || f.startsWith(`${field}.`)));
  return entry ? { email: entry.email, at: entry.at } : null;
}
