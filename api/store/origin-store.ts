import path from "node:path";
import { z } from "zod";
import { CoalescedFile } from "./coalesced-file";
import { openJsonFile } from "./json-file";

export const ORIGINS_FILE = "partner-origins.json";

/** Read as stored: an origin an earlier version took (ftp:, a wildcard) still loads; no browser sends it, so it matches nothing. */
export const OriginsFileSchema = z.object({ added: z.array(z.string()) });
type OriginsFile = z.infer<typeof OriginsFileSchema>;

/** Partner origins the owner added in the console, beside the start-up list (ALLOWED_ORIGINS). */
export interface OriginStore {
  added(): readonly string[];
  setAdded(origins: readonly string[]): Promise<readonly string[]>;
  /** Whether an origin may post leads: a start-up one or an added one. */
  allows(origin: string): boolean;
}

export async function openOriginStore(dataDir: string, startup: readonly string[]): Promise<OriginStore> {
  const file = new CoalescedFile(
    await openJsonFile<OriginsFile>(
      path.join(dataDir, ORIGINS_FILE),
      () => ({ added: [] }),
      (d) => OriginsFileSchema.parse(d),
    ),
  );
  const fixed = new Set(startup);
  let allowed = new Set([...fixed, ...file.data.added]);
  return {
    added: () => file.data.added,
    async setAdded(origins) {
      file.data.added = [...new Set(origins)];
      await file.save();
      allowed = new Set([...fixed, ...file.data.added]);
      return file.data.added;
    },
    allows: (origin) => allowed.has(origin),
  };
}
