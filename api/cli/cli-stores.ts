import { readFile } from "node:fs/promises";
import path from "node:path";
import pg from "pg";
import { SiteListSchema } from "../../domain/site";
import { FIRST_SITE_ID } from "../../domain/site-seed";
import { LeadSchema, type Lead } from "../../domain/lead";
import { loadConfig } from "../config";
import { openAccountStore, type AccountStore } from "../store/account-store";
import { streamStoredLeads } from "../store/lead-files";
import { SITES_FILE } from "../store/site-store";
import { openDatabase } from "../store/pg/database";
import { pgAccountStore } from "../store/pg/staff-stores";

/** Where the command-line tools find the data: DATA_DIR, or DATABASE_URL when set, validated as the server validates them. */
export function cliPlace(env: NodeJS.ProcessEnv = process.env): { dataDir: string; databaseUrl: string | null } {
  const { dataDir, databaseUrl } = loadConfig({ DATA_DIR: env.DATA_DIR, DATABASE_URL: env.DATABASE_URL });
  return { dataDir, databaseUrl };
}

/** The ids of the stored sites, read without writing (none stored yet: the first site, which the server seeds at its first start). */
async function readSiteIds(stored: () => Promise<unknown[] | null>): Promise<string[]> {
  const sites = await stored();
  return sites && sites.length > 0 ? SiteListSchema.parse(sites).map((s) => s.id) : [FIRST_SITE_ID];
}

/** The staff accounts, in whichever engine the server uses, and the ids of the sites an account may be scoped to; `close` when done. */
export async function cliAccounts(): Promise<{ accounts: AccountStore; siteIds: () => Promise<string[]>; close: () => Promise<void> }> {
  const { dataDir, databaseUrl } = cliPlace();
  if (!databaseUrl) {
    const siteIds = () =>
      readSiteIds(async () => {
        try {
          return (JSON.parse(await readFile(path.join(dataDir, SITES_FILE), "utf8")) as { sites: unknown[] }).sites;
        } catch (err) {
          if ((err as NodeJS.ErrnoException).code === "ENOENT") return null;
          throw err;
        }
      });
    return { accounts: openAccountStore(dataDir), siteIds, close: async () => {} };
  }
  const db = await openDatabase(databaseUrl, { max: 2, listen: false });
  const siteIds = () => readSiteIds(async () => (await db.pool.query<{ site: unknown }>("SELECT site FROM sites ORDER BY seq")).rows.map((r) => r.site));
  return { accounts: pgAccountStore(db), siteIds, close: () => db.close() };
}

/** Leads per query when the command-line tools read them from PostgreSQL. */
const PG_BATCH = 1_000;

/** Every lead in the database, oldest first, in keyset batches on seq, read without migrating or writing anything. */
async function* streamPgLeads(url: string): AsyncIterable<Lead[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    for (let last = "0"; ;) {
      const { rows } = await client.query<{ seq: string; lead: object; delivery: object }>(
        "SELECT seq, lead, delivery FROM leads WHERE seq > $1 ORDER BY seq LIMIT $2",
        [last, PG_BATCH],
      );
      if (!rows.length) return;
      last = rows[rows.length - 1]!.seq;
      yield rows.map((r) => LeadSchema.parse({ ...r.lead, delivery: r.delivery }));
    }
  } finally {
    await client.end();
  }
}

/**
 * Every stored lead, oldest first, in batches read as they are taken and
 * without writing anything: a segment of lowdb's files, or a keyset batch of
 * PostgreSQL's rows, so memory does not grow with the number of leads.
 */
export function cliLeadBatches(): AsyncIterable<Lead[]> {
  const { dataDir, databaseUrl } = cliPlace();
  return databaseUrl ? streamPgLeads(databaseUrl) : streamStoredLeads(dataDir);
}
