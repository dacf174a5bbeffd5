import path from "node:path";
import { z } from "zod";
import { FIRST_SITE_ID } from "../../domain/site-seed";
import { CoalescedFile } from "./coalesced-file";
import { openJsonFile } from "./json-file";

export const ORIGINS_FILE = "partner-origins.json";

/**
 * Read as stored: an origin an earlier version took (ftp:, a wildcard) still loads; no browser sends it, so it matches nothing.
 * `added`: the first site's list, where the one list of before sites was (so a file from then reads as it was meant);
 * `sites`: every other site's, by site id.
 */
export const OriginsFileSchema = z.object({ added: z.array(z.string()).optional(), sites: z.record(z.string(), z.array(z.string())).optional() });
type OriginsFile = z.infer<typeof OriginsFileSchema>;

/** Each site's added origins, by site id (a site that never had any is absent). */
export type SiteOrigins = Record<string, string[]>;

/** The per-site lists of an origins file. */
export const originsOfFile = (file: OriginsFile): SiteOrigins => ({ ...file.sites, ...(file.added ? { [FIRST_SITE_ID]: file.added } : {}) });

/** The origins file of per-site lists: the first site's as `added`, the others' under `sites` (absent when there are none). */
export function originsFile(lists: SiteOrigins): OriginsFile {
  const { [FIRST_SITE_ID]: added = [], ...others } = lists;
  return { added, ...(Object.keys(others).length ? { sites: others } : {}) };
}

/**
 * Partner origins allowed to post leads through each site: those the owner
 * added in the console for that site, and, for the first site only, the
 * start-up list (ALLOWED_ORIGINS, the site's own and the demo origin): the
 * one deployment's list from before sites (docs/decisions/0022-sites-as-data.md).
 */
export interface OriginStore {
  /** The origins added for a site. */
  added(site: string): readonly string[];
  /** The start-up origins a site allows: the first site's are ALLOWED_ORIGINS and the like; another site has none. */
  startup(site: string): readonly string[];
  setAdded(site: string, origins: readonly string[]): Promise<readonly string[]>;
  /** Whether an origin may post leads through a site: a start-up one (first site) or one added for it. */
  allows(site: string, origin: string): boolean;
}

/** The reads every engine answers from the lists it holds in memory. */
export function originReads(startup: readonly string[], lists: () => SiteOrigins): Pick<OriginStore, "added" | "startup" | "allows"> {
  const fixed = new Set(startup);
  return {
    added: (site) => lists()[site] ?? [],
    startup: (site) => (site === FIRST_SITE_ID ? startup : []),
    allows: (site, origin) => (site === FIRST_SITE_ID && fixed.has(origin)) || (lists()[site]?.includes(origin) ?? false),
  };
}

export async function openOriginStore(dataDir: string, startup: readonly string[]): Promise<OriginStore> {
  const file = new CoalescedFile(
    await openJsonFile<OriginsFile>(
      path.join(dataDir, ORIGINS_FILE),
      () => ({ added: [] }),
      (d) => OriginsFileSchema.parse(d),
    ),
  );
  let lists = originsOfFile(file.data);
  return {
    ...originReads(startup, () => lists),
    async setAdded(site, origins) {
      const list = [...new Set(origins)];
      lists = { ...lists, [site]: list };
      const next = originsFile(lists);
      file.data.added = next.added;
      file.data.sites = next.sites;
      await file.save();
      return list;
    },
  };
}
