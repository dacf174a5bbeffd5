/**
 * npm run backup -- --out FILE
 *
 * Writes one .tar.gz of all the data (catalogue, leads and their archive
 * segments, staff accounts, sessions and audit, partner origins, sites,
 * rental reservations, fleets and their link key, photos, and
 * any file a later store adds), from DATA_DIR or, when DATABASE_URL is set,
 * from PostgreSQL and PHOTOS_DIR; consistent while the server runs and takes
 * leads: every lead acknowledged before the backup began is in it, and no
 * file in it is half-written (api/backup/data-backup.ts says why). Prints
 * what it holds.
 */
import { parseArgs } from "node:util";
import { describeCounts, writeBackup } from "../backup/data-backup";
import { ConfigError, loadConfig } from "../config";
import { redactUrl } from "../store/pg/database";

const USAGE = "Usage: npm run backup -- --out FILE   (FILE: e.g. /var/backups/gc/2026-11-22.tar.gz; DATA_DIR, PHOTOS_DIR and DATABASE_URL as the server's)";

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
  const { dataDir, photosDir, databaseUrl } = loadConfig();
  const from = databaseUrl ? `${redactUrl(databaseUrl)} and ${photosDir}` : dataDir;
  const started = Date.now();
  const manifest = await writeBackup({ dataDir, photosDir, databaseUrl }, out);
  console.log(`[backup] ${from} → ${out} in ${Date.now() - started} ms: ${describeCounts(manifest.counts)}`);
}

main().catch((err: unknown) => {
  console.error(`[backup] failed: ${err instanceof ConfigError ? err.message : err instanceof Error ? err.message : String(err)}`);
  process.exit(1);
});
