import path from "node:path";
import { AuditEntrySchema, type AuditEntry } from "../../domain/staff";
import { openJsonLines } from "./json-lines";

export const AUDIT_FILE = "staff-audit.jsonl";

/** Who changed what and when: append-only, on disk before each append resolves. */
export interface AuditStore {
  append(entry: AuditEntry): Promise<void>;
  /** Many entries in one write (an import's, one per cart), in their order: on disk before it resolves. */
  appendMany(entries: readonly AuditEntry[]): Promise<void>;
  /** The most recent entries, newest first. */
  recent(limit: number): AuditEntry[];
}

/** The audit history in staff-audit.jsonl under dataDir: one JSON entry per line, only ever appended (json-lines.ts). */
export async function openAuditStore(dataDir: string): Promise<AuditStore> {
  const file = await openJsonLines(path.join(dataDir, AUDIT_FILE), AuditEntrySchema);
  const entries: AuditEntry[] = [...file.entries];
  return {
    async append(entry) {
      const parsed = AuditEntrySchema.parse(entry);
      entries.push(parsed);
      await file.append(parsed);
    },
    async appendMany(batch) {
      const parsed = batch.map((e) => AuditEntrySchema.parse(e));
      entries.push(...parsed);
      // Appended side by side, the file's appends go to disk as one write (json-lines.ts).
      await Promise.all(parsed.map((e) => file.append(e)));
    },
    recent: (limit) => entries.slice(-limit).reverse(),
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
