import type { Lead } from "../../domain/lead";
import { loadConfig } from "../config";
import { openAccountStore, type AccountStore } from "../store/account-store";
import { readStoredLeads } from "../store/lead-files";
import { openDatabase, readPgLeads } from "../store/pg/database";
import { pgAccountStore } from "../store/pg/staff-stores";

/** Where the command-line tools find the data: DATA_DIR, or DATABASE_URL when set, validated as the server validates them. */
export function cliPlace(env: NodeJS.ProcessEnv = process.env): { dataDir: string; databaseUrl: string | null } {
  const { dataDir, databaseUrl } = loadConfig({ DATA_DIR: env.DATA_DIR, DATABASE_URL: env.DATABASE_URL });
  return { dataDir, databaseUrl };
}

/** The staff accounts, in whichever engine the server uses; `close` when done. */
export async function cliAccounts(): Promise<{ accounts: AccountStore; close: () => Promise<void> }> {
  const { dataDir, databaseUrl } = cliPlace();
  if (!databaseUrl) return { accounts: openAccountStore(dataDir), close: async () => {} };
  const db = await openDatabase(databaseUrl, { max: 2, listen: false });
  return { accounts: pgAccountStore(db), close: () => db.close() };
}

/** Every stored lead, oldest first, read without writing anything. */
export async function cliLeads(): Promise<Lead[]> {
  const { dataDir, databaseUrl } = cliPlace();
  return databaseUrl ? readPgLeads(databaseUrl) : readStoredLeads(dataDir);
}
