import { open, readFile, truncate } from "node:fs/promises";
import path from "node:path";
import { AuditEntrySchema, type AuditEntry } from "../../domain/staff";
import { CorruptDataFileError } from "./json-file";

export const AUDIT_FILE = "staff-audit.jsonl";

/** Who changed what and when: append-only, on disk before each append resolves. */
export interface AuditStore {
  append(entry: AuditEntry): Promise<void>;
  /** The most recent entries, newest first. */
  recent(limit: number): AuditEntry[];
}

/**
 * The audit history in staff-audit.jsonl under dataDir: one JSON entry per
 * line, only ever appended (O_APPEND, then fdatasync), so a write costs the
 * same however long the history is. A last line cut short by a crash (it never
 * got its 2xx) is dropped at start-up; any other bad line stops start-up.
 */
export async function openAuditStore(dataDir: string): Promise<AuditStore> {
  const file = path.join(dataDir, AUDIT_FILE);
  let text = "";
  try {
    text = await readFile(file, "utf8");
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== "ENOENT") throw err;
  }
  const complete = text.lastIndexOf("\n") + 1;
  if (complete < text.length) await truncate(file, Buffer.byteLength(text.slice(0, complete)));
  const entries: AuditEntry[] = [];
  text
    .slice(0, complete)
    .split("\n")
    .forEach((line, i) => {
      if (!line) return;
      try {
        entries.push(AuditEntrySchema.parse(JSON.parse(line)));
      } catch (err) {
        throw new CorruptDataFileError(file, new Error(`line ${i + 1}: ${err instanceof Error ? err.message : String(err)}`));
      }
    });

  // Appends run one after another, each taking every line queued meanwhile.
  let queued: string[] = [];
  let writing: Promise<void> = Promise.resolve();
  const flush = async () => {
    const lines = queued;
    queued = [];
    if (!lines.length) return;
    const handle = await open(file, "a");
    try {
      await handle.appendFile(lines.join(""));
      await handle.datasync();
    } finally {
      await handle.close();
    }
  };

  return {
    append(entry) {
      const parsed = AuditEntrySchema.parse(entry);
      entries.push(parsed);
      queued.push(`${JSON.stringify(parsed)}\n`);
      writing = writing.then(flush, flush);
      return writing;
    },
    recent: (limit) => entries.slice(-limit).reverse(),
  };
}
