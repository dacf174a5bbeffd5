/**
 * npm run backup -- --out FILE
 *
 * Writes one .tar.gz of everything under DATA_DIR (catalogue, leads and their
 * archive segments, staff accounts, sessions and audit, partner origins,
 * photos, and any file a later store adds), consistent while the server runs
 * and takes leads: every lead acknowledged before the backup began is in it,
 * and no file in it is half-written (api/backup/data-backup.ts says why).
 * Prints what it holds.
 */
import { parseArgs } from "node:util";
import { describeCounts, writeBackup } from "../backup/data-backup";
import { ConfigError, loadConfig } from "../config";

const USAGE = "Usage: npm run backup -- --out FILE   (FILE: e.g. /var/backups/gc/2026-11-22.tar.gz; DATA_DIR as the server's)";

async function main(): Promise<void> {
  let out: string | undefined;
  try {
    const { values } = parseArgs({ options: { out: { type: "string" }, help: { type: "boolean", short: "h" } } });
    if (values.help) {
      console.log(USAGE);
      return;
    }
    out = values.out;
  } catch (err) {
    console.error(`[backup] ${(err as Error).message}\n${USAGE}`);
    process.exit(2);
  }
  if (!out) {
    console.error(`[backup] --out FILE is required\n${USAGE}`);
    process.exit(2);
  }
  const { dataDir, databaseUrl } = loadConfig();
  if (databaseUrl) {
    // The data is in PostgreSQL, which an archive of DATA_DIR would not hold: a backup without the leads would mislead.
    console.error(
      `[backup] DATABASE_URL is set: the data is in PostgreSQL. Back it up with pg_dump (e.g. pg_dump --format=custom "$DATABASE_URL" > gc.dump) and PHOTOS_DIR with your file backup; see docs/architecture.md.`,
    );
    process.exit(2);
  }
  const started = Date.now();
  const manifest = await writeBackup(dataDir, out);
  console.log(`[backup] ${dataDir} → ${out} in ${Date.now() - started} ms: ${describeCounts(manifest.counts)}`);
}

main().catch((err: unknown) => {
  console.error(`[backup] failed: ${err instanceof ConfigError ? err.message : err instanceof Error ? err.message : String(err)}`);
  process.exit(1);
});
