/**
 * npm run migrate-to-postgres
 *
 * Copies a lowdb installation (DATA_DIR: the catalogue, every lead segment of
 * leads.json and leads-archive/, the follow-ups, staff accounts, sessions, the
 * audit history, the added partner origins, the sites and the rentals:
 * reservations, fleets, mails owed to renters and the link key) into the empty PostgreSQL
 * database DATABASE_URL names, in one transaction: it checks the counts in the
 * database against the files before it commits, and refuses a database that
 * already holds data. The files are only read, the leads a segment at a
 * time: memory does not grow with their number.
 */
import { readDataFolderStreamed } from "../store/data-folder";
import { openDatabase, redactUrl } from "../store/pg/database";
import { loadDatabase } from "../store/pg/data-copy";
import { cliPlace } from "./cli-stores";

const say = (message: string) => process.stderr.write(`[migrate] ${message}\n`);

/** Copy dataDir into the empty database at url, in one transaction; the number of rows written per table. */
export async function migrateToPostgres(dataDir: string, url: string): Promise<Record<string, number>> {
  const data = await readDataFolderStreamed(dataDir);
  const db = await openDatabase(url, { max: 1, listen: false });
  try {
    return await loadDatabase(db, data);
  } finally {
    await db.close();
  }
}

async function main(): Promise<void> {
  const { dataDir, databaseUrl } = cliPlace();
  if (!databaseUrl) {
    say(
      "Set DATABASE_URL to the empty PostgreSQL database to copy DATA_DIR into, e.g. DATABASE_URL=postgres://user:password@host/db npm run migrate-to-postgres",
    );
    process.exitCode = 2;
    return;
  }
  say(`copying ${dataDir} into ${redactUrl(databaseUrl)}`);
  const counts = await migrateToPostgres(dataDir, databaseUrl);
  for (const [table, n] of Object.entries(counts)) say(`${table}: ${n} row(s), checked`);
  say("done: start the server with this DATABASE_URL. The files in DATA_DIR were left as they were.");
}

main().catch((err: unknown) => {
  say(`Error: ${err instanceof Error ? err.message : String(err)}`);
  process.exitCode = 1;
});
