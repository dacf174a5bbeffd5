/**
 * npm run restore -- FILE [--force]
 *
 * Restores a backup made by `npm run backup` (with either engine) into
 * DATA_DIR, or, when DATABASE_URL is set, into PostgreSQL and PHOTOS_DIR.
 * Each must be empty (or missing) unless --force is given, which replaces
 * what they hold. The archive is unpacked and checked before anything is
 * touched. Stop the server first. Prints what it restored.
 */
import { parseArgs } from "node:util";
import { describeCounts, NotABackupError, restoreBackup, RestoreRefusedError } from "../backup/data-backup";
import { ConfigError, loadConfig } from "../config";

const USAGE =
  "Usage: npm run restore -- FILE [--force]   (into DATA_DIR, or DATABASE_URL and PHOTOS_DIR, as the server's; --force replaces data already there)";

async function main(): Promise<void> {
  let file: string | undefined;
  let force = false;
  try {
    const { values, positionals } = parseArgs({ allowPositionals: true, options: { force: { type: "boolean" }, help: { type: "boolean", short: "h" } } });
    if (values.help) {
      console.log(USAGE);
      return;
    }
    if (positionals.length !== 1) throw new Error("one backup FILE is required");
    file = positionals[0];
    force = values.force ?? false;
  } catch (err) {
    console.error(`[restore] ${(err as Error).message}\n${USAGE}`);
    process.exit(2);
  }
  const { dataDir, photosDir, databaseUrl } = loadConfig();
  const result = await restoreBackup(file!, { dataDir, photosDir, databaseUrl }, { force });
  console.log(`[restore] ${file} (backup of ${result.createdAt}) → ${result.into}: ${describeCounts(result.restored)}`);
}

main().catch((err: unknown) => {
  const message = err instanceof Error ? err.message : String(err);
  console.error(`[restore] ${err instanceof RestoreRefusedError ? "refused" : "failed"}: ${message}`);
  process.exit(err instanceof RestoreRefusedError || err instanceof NotABackupError || err instanceof ConfigError ? 2 : 1);
});
