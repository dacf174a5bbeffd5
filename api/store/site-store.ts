import path from "node:path";
import { z } from "zod";
import { SiteListSchema, SiteSchema, siteForHost, type Site, type SiteMatch } from "../../domain/site";
import { firstSite, withFirstSiteStory } from "../../domain/site-seed";
import { changeListeners } from "./change-listeners";
import { CoalescedFile } from "./coalesced-file";
import { openJsonFile } from "./json-file";
import { prepareJson, type PreparedBody } from "../prepared/prepared-body";

export const SITES_FILE = "sites.json";

export type SiteChange = { action: "create"; site: Site } | { action: "update"; site: Site; previous: Site } | { action: "delete"; previous: Site };

/** The id is taken, a domain is another site's, or the write would leave no site. */
export class SiteConflictError extends Error {
  override name = "SiteConflictError";
}
/** The site changed since the version the writer read (If-Match did not match). */
export class SitePreconditionError extends Error {
  override name = "SitePreconditionError";
  constructor(readonly current: Site) {
    super(`Site ${current.id} was changed by someone else since you loaded it`);
  }
}

/**
 * The sites this deployment serves, read from memory on every
 * request; every write resolves once stored (file synced, or committed) and
 * in memory, then listeners hear of it. On first start, with no site stored,
 * the first site (domain/site-seed.ts) is seeded. Never empty.
 */
export interface SiteStore {
  /** Every site, in the order they were added. */
  list(): readonly Site[];
  get(id: string): Site | undefined;
  /** The site claiming a request's Host (port and case ignored), and whether it is its primary domain. */
  forHost(host: string | undefined): SiteMatch | undefined;
  /** The strong ETag of a site's JSON (what If-Match is checked against). */
  etag(site: Site): string;
  /** Validated by SiteSchema; SiteConflictError when the id is taken or a domain is another site's. */
  create(site: Site): Promise<Site>;
  /** The site as stored, its id kept; undefined when there is none; SitePreconditionError when `ifMatch` is not its ETag. */
  replace(id: string, site: Site, ifMatch: string): Promise<Site | undefined>;
  /** The removed site, or undefined when there was none; SiteConflictError for the last one. */
  remove(id: string): Promise<Site | undefined>;
  /** Called after each write is stored and in memory. Returns an unsubscribe. */
  onChange(listener: (change: SiteChange) => void): () => void;
}

const prepared = new WeakMap<Site, PreparedBody>();
/** A site's JSON body, prepared once per version (sites are never changed in place). */
export const siteBody = (site: Site): PreparedBody => {
  let body = prepared.get(site);
  if (!body) prepared.set(site, (body = prepareJson(site)));
  return body;
};

type Created = Extract<SiteChange, { action: "create" }>;
type Updated = Extract<SiteChange, { action: "update" }>;
type Deleted = Extract<SiteChange, { action: "delete" }>;

/** A write's outcome, worked out on the sites as they are: the next list and the change listeners hear of. */
export interface PlannedSiteWrite<C extends SiteChange = SiteChange> {
  next: Site[];
  change: C;
}

/** SiteConflictError when a domain of `site` is claimed by another site than itself. */
function checkDomains(sites: readonly Site[], site: Site): void {
  for (const other of sites) {
    if (other.id === site.id) continue;
    const taken = site.domains.find((d) => other.domains.includes(d));
    if (taken) throw new SiteConflictError(`The domain ${taken} is already a domain of the site ${other.id} (${other.name})`);
  }
}

/** The write that adds `input`, checked by SiteSchema; SiteConflictError when its id is taken or a domain is another site's. */
export function planSiteCreate(sites: readonly Site[], input: Site): PlannedSiteWrite<Created> {
  const site = SiteSchema.parse(input);
  if (sites.some((s) => s.id === site.id)) throw new SiteConflictError(`A site with id "${site.id}" already exists`);
  checkDomains(sites, site);
  return { next: [...sites, site], change: { action: "create", site } };
}

/** Undefined for an unknown id; SitePreconditionError when `ifMatch` is not the site's current ETag; the id is kept. */
export function planSiteReplace(sites: readonly Site[], id: string, input: Site, ifMatch: string): PlannedSiteWrite<Updated> | undefined {
  const i = sites.findIndex((s) => s.id === id);
  if (i < 0) return undefined;
  const previous = sites[i]!;
  if (!ifMatch.split(/\s*,\s*/).some((tag) => tag === "*" || tag === siteBody(previous).etag)) throw new SitePreconditionError(previous);
  const site = SiteSchema.parse({ ...input, id });
  checkDomains(sites, site);
  const next = sites.slice();
  next[i] = site;
  return { next, change: { action: "update", site, previous } };
}

/** Undefined for an unknown id; SiteConflictError for the last site (a deployment serves at least one). */
export function planSiteRemove(sites: readonly Site[], id: string): PlannedSiteWrite<Deleted> | undefined {
  const previous = sites.find((s) => s.id === id);
  if (!previous) return undefined;
  if (sites.length === 1) throw new SiteConflictError(`The site ${id} is the only one: a deployment serves at least one site`);
  return { next: sites.filter((s) => s !== previous), change: { action: "delete", previous } };
}

/** What changed between two lists of sites, site by site, as listeners hear of it. */
export function diffSites(before: readonly Site[], after: readonly Site[]): SiteChange[] {
  const old = new Map(before.map((s) => [s.id, s]));
  const changes: SiteChange[] = [];
  for (const site of after) {
    const previous = old.get(site.id);
    old.delete(site.id);
    if (!previous) changes.push({ action: "create", site });
    else if (siteBody(previous).etag !== siteBody(site).etag) changes.push({ action: "update", site, previous });
  }
  for (const previous of old.values()) changes.push({ action: "delete", previous });
  return changes;
}

/** The reads every engine answers from the sites it holds in memory. */
export const siteReads = (sites: () => readonly Site[]): Pick<SiteStore, "list" | "get" | "forHost" | "etag"> => ({
  list: sites,
  get: (id) => sites().find((s) => s.id === id),
  forHost: (host) => siteForHost(sites(), host),
  etag: (site) => siteBody(site).etag,
});

/** sites.json as the store reads it at start-up: every site valid, none claiming another's domain, at least one. */
export const SitesFileSchema = z.object({ sites: SiteListSchema.min(1, "must hold at least one site") });
type SitesFile = z.infer<typeof SitesFileSchema>;

/** Open (seeding the first site on first start, PUBLIC_ORIGIN's host among its domains) the sites file under dataDir. */
export async function openSiteStore(dataDir: string, { publicOrigin }: { publicOrigin?: string } = {}): Promise<SiteStore> {
  const file = new CoalescedFile(
    await openJsonFile<SitesFile>(
      path.join(dataDir, SITES_FILE),
      () => ({ sites: [firstSite({ publicOrigin })] }),
      (data) => {
        const file = SitesFileSchema.parse(data);
        return { ...file, sites: withFirstSiteStory(file.sites) };
      },
    ),
  );
  const listeners = changeListeners<SiteChange>("[sites]");
  const sites = () => file.data.sites;
  const commit = async <C extends SiteChange>(planned: PlannedSiteWrite<C> | undefined): Promise<C | undefined> => {
    if (!planned) return undefined;
    file.data.sites = planned.next;
    await file.save();
    listeners.tell([planned.change]);
    return planned.change;
  };
  return {
    ...siteReads(sites),
    async create(site) {
      return (await commit(planSiteCreate(sites(), site)))!.site;
    },
    async replace(id, site, ifMatch) {
      return (await commit(planSiteReplace(sites(), id, site, ifMatch)))?.site;
    },
    async remove(id) {
      return (await commit(planSiteRemove(sites(), id)))?.previous;
    },
    onChange: listeners.add,
  };
}
