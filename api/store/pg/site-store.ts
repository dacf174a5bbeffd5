import type pg from "pg";
import { SiteListSchema, type Site } from "../../../domain/site";
import { firstSite, withFirstSiteStory } from "../../../domain/site-seed";
import { diffSites, planSiteCreate, planSiteRemove, planSiteReplace, siteReads, type PlannedSiteWrite, type SiteChange, type SiteStore } from "../site-store";
import { changeListeners } from "../change-listeners";
import type { Database } from "./database";

/** Writers of the sites table wait for each other (a domain is checked against every site); readers do not wait. */
const LOCK = "LOCK TABLE sites IN SHARE ROW EXCLUSIVE MODE";

const readSites = async (q: pg.Pool | pg.PoolClient): Promise<Site[]> =>
  withFirstSiteStory(SiteListSchema.parse((await q.query<{ site: unknown }>("SELECT site FROM sites ORDER BY seq")).rows.map((r) => r.site)));

/**
 * The sites in PostgreSQL, one row each, held in memory (asked on every
 * request). A write locks the table, plans on the sites as committed (so two
 * instances never claim one domain twice, and If-Match is checked against the
 * latest version), commits, then updates memory and tells the listeners.
 * Every other instance hears of the commit by NOTIFY and reads the sites again.
 */
export async function openPgSiteStore(db: Database, { publicOrigin }: { publicOrigin?: string } = {}): Promise<SiteStore> {
  // First start: seed the first site once, whichever instance gets there first.
  await db.transaction(async (client) => {
    await client.query(LOCK);
    const { rows } = await client.query<{ n: number }>("SELECT count(*)::int AS n FROM sites");
    if (rows[0]!.n === 0) {
      const site = firstSite({ publicOrigin });
      await client.query("INSERT INTO sites (id, site) VALUES ($1, $2)", [site.id, JSON.stringify(site)]);
    }
  });

  let current = await readSites(db.pool);
  const listeners = changeListeners<SiteChange>("[sites]");
  /** Memory changes one at a time, in the order the database took them: a read that started earlier never lands later. */
  let turn: Promise<unknown> = Promise.resolve();
  const serially = <T>(work: () => Promise<T>): Promise<T> => {
    const run = turn.then(work, work);
    turn = run.catch(() => {});
    return run;
  };
  const show = (next: Site[], changes = diffSites(current, next)) => {
    current = next;
    listeners.tell(changes);
  };

  /** Another writer committed: read the sites again (one read queued at most). */
  let queued: Promise<void> | null = null;
  const refresh = (): Promise<void> =>
    (queued ??= serially(async () => {
      queued = null;
      try {
        show(await readSites(db.pool));
      } catch (err) {
        console.error("[sites] could not read a change from the database:", err);
      }
    }));
  db.onChange("sites", () => void refresh());
  db.onResync(refresh);

  const write = <C extends SiteChange>(
    plan: (sites: readonly Site[]) => PlannedSiteWrite<C> | undefined,
    apply: (client: pg.PoolClient, change: C) => Promise<unknown>,
  ) =>
    serially(async (): Promise<C | undefined> => {
      /** The sites as committed, read under the lock: shown even when the write is refused (a conflict is then visible here too). */
      let committed: Site[] | undefined;
      try {
        const planned = await db.transaction(async (client) => {
          await client.query(LOCK);
          committed = await readSites(client);
          const planned = plan(committed);
          if (planned) await apply(client, planned.change);
          return planned;
        });
        // Changes committed by others since this instance last looked, then this one.
        show(planned?.next ?? committed!, [...diffSites(current, committed!), ...(planned ? [planned.change] : [])]);
        return planned?.change;
      } catch (err) {
        if (committed) show(committed);
        throw err;
      }
    });

  return {
    ...siteReads(() => current),
    async create(site) {
      const change = await write(
        (sites) => planSiteCreate(sites, site),
        (client, c) => client.query("INSERT INTO sites (id, site) VALUES ($1, $2)", [c.site.id, JSON.stringify(c.site)]),
      );
      return change!.site;
    },
    async replace(id, site, ifMatch) {
      const change = await write(
        (sites) => planSiteReplace(sites, id, site, ifMatch),
        (client, c) => client.query("UPDATE sites SET site = $2 WHERE id = $1", [id, JSON.stringify(c.site)]),
      );
      return change?.site;
    },
    async remove(id) {
      const change = await write(
        (sites) => planSiteRemove(sites, id),
        (client) => client.query("DELETE FROM sites WHERE id = $1", [id]),
      );
      return change?.previous;
    },
    onChange: listeners.add,
  };
}
