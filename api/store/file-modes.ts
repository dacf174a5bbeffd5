import { mkdir } from "node:fs/promises";

/** Data files hold password hashes, sessions and visitors' details: only the server's own user reads them (as backups). */
export const PRIVATE_FILE_MODE = 0o600;
/** The data folder and every folder in it: only the server's own user lists or enters them. */
export const PRIVATE_DIR_MODE = 0o700;

/** mkdir -p, each folder it creates private (PRIVATE_DIR_MODE); an existing folder keeps its mode. */
export const mkdirPrivate = (dir: string) => mkdir(dir, { recursive: true, mode: PRIVATE_DIR_MODE });
