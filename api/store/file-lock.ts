import { open, stat, unlink } from "node:fs/promises";
import { PRIVATE_FILE_MODE } from "./file-modes";

/** A lock older than this is left over from a killed process and is broken. */
export const STALE_LOCK_MS = 10_000;
const RETRY_MS = 15;
const GIVE_UP_MS = 15_000;

/**
 * Run `fn` holding an exclusive lock file beside `file` (`file.lock`, created
 * with O_EXCL), so that the server and the staff CLI, separate processes, take
 * turns reading, changing and writing it and neither loses the other's change.
 */
export async function withFileLock<T>(file: string, fn: () => Promise<T>): Promise<T> {
  const lock = `${file}.lock`;
  const started = Date.now();
  for (;;) {
    try {
      const handle = await open(lock, "wx", PRIVATE_FILE_MODE);
      await handle.writeFile(String(process.pid));
      await handle.close();
      break;
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== "EEXIST") throw err;
      const since = await stat(lock).then(
        (s) => Date.now() - s.mtimeMs,
        () => 0,
      );
      if (since > STALE_LOCK_MS) await unlink(lock).catch(() => {});
      else if (Date.now() - started > GIVE_UP_MS)
        throw new Error(`${lock} has been held for ${Math.round(since / 1000)} s: is another staff command stuck?`, { cause: err });
      else await new Promise((r) => setTimeout(r, RETRY_MS));
    }
  }
  try {
    return await fn();
  } finally {
    await unlink(lock).catch(() => {});
  }
}
