import { chmod, mkdir, stat } from "node:fs/promises";

/** Data files hold password hashes, sessions and visitors' details: only the server's own user reads them (as backups). */
export const PRIVATE_FILE_MODE = 0o600;
/** The data folder and every folder in it: only the server's own user lists or enters them. */
export const PRIVATE_DIR_MODE = 0o700;

/** mkdir -p, each folder it creates private (PRIVATE_DIR_MODE); an existing folder keeps its mode. */
export const mkdirPrivate = (dir: string) => mkdir(dir, { recursive: true, mode: PRIVATE_DIR_MODE });

/**
 * Create the data folder private, or make an existing one private (0700) when its group or others may read it: it
 * holds password hashes and visitors' details, and a folder made by hand (`mkdir`, an installer) is 0755. Says so once.
 */
export async function privateDataDir(dir: string): Promise<void> {
  await mkdirPrivate(dir);
  const mode = (await stat(dir)).mode & 0o777;
  if ((mode & 0o077) === 0) return;
  await chmod(dir, PRIVATE_DIR_MODE);
  console.warn(`[data] ${dir} was mode ${mode.toString(8)}: made ${PRIVATE_DIR_MODE.toString(8)}, so that only the service's user may read it`);
}
