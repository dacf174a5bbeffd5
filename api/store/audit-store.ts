import path from "node:path";
import { AuditEntrySchema, type AuditEntry } from "../../domain/staff";
import { openJsonLines } from "./json-lines";

export const AUDIT_FILE = "staff-audit.jsonl";

/** Who changed what and when: append-only, on disk before each append resolves. */
export interface AuditStore {
  append(entry: AuditEntry): Promise<void>;
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
    recent: (limit) => entries.slice(-limit).reverse(),
  };
}
