/**
 * A backup of many leads runs in bounded memory, on both engines.
 * `npm run backup` (api/cli/backup.ts) backs up 100,000 leads from a process
 * whose V8 heap (64 MB) has room for a segment of them, not for all of them at
 * once: reading every lead before writing the archive runs it out of memory.
 */
import { execFile } from "node:child_process";
import { mkdir, mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { insertPgLeads, writeLeadSegments } from "../../bench/lib/lead-fixtures";
import { openStores } from "../store/open-stores";
import { startTestPostgres, type TestPostgres } from "../testing/postgres";

const STORED = 100_000;
const HEAP_MB = 64;
const ROOT = path.resolve(import.meta.dirname, "../..");

const started = await startTestPostgres();
const postgres: TestPostgres | null = "url" in started ? started : null;
let work: string;

beforeAll(async () => {
  work = await mkdtemp(path.join(os.tmpdir(), "gc-backup-memory-"));
});

afterAll(async () => {
  await rm(work, { recursive: true, force: true });
  await postgres?.stop();
});

/** `npm run backup -- --out FILE` with a capped heap: its exit code and what it printed. */
async function backup(env: Record<string, string>): Promise<{ code: number; output: string }> {
  const out = path.join(work, `backup-${Date.now()}.tar.gz`);
  try {
    const { stdout, stderr } = await promisify(execFile)(process.execPath, ["--import", "tsx", "api/cli/backup.ts", "--out", out], {
      cwd: ROOT,
      env: { ...process.env, NODE_ENV: "test", NODE_OPTIONS: `--max-old-space-size=${HEAP_MB}`, ...env },
    });
    return { code: 0, output: stdout + stderr };
  } catch (err) {
    const e = err as { code?: number; stdout?: string; stderr?: string };
    return { code: e.code ?? 1, output: `${e.stdout ?? ""}${e.stderr ?? ""}` };
  }
}

const holdsEveryLead = expect.stringContaining(`${STORED.toLocaleString("en-US")} leads (${STORED / 1_000} archive segments included)`);

describe(`a backup of ${STORED.toLocaleString("en")} leads from a ${HEAP_MB} MB heap`, () => {
  it("from DATA_DIR (lowdb) holds every lead", { timeout: 180_000 }, async () => {
    const dataDir = path.join(work, "lowdb");
    await mkdir(dataDir);
    await writeLeadSegments(dataDir, STORED);
    const { code, output } = await backup({ DATA_DIR: dataDir, PHOTOS_DIR: path.join(dataDir, "photos") });
    expect({ code, output }).toEqual({ code: 0, output: holdsEveryLead });
  });

  it.runIf(postgres)("from PostgreSQL holds every lead", { timeout: 180_000 }, async () => {
    const databaseUrl = await postgres!.createDatabase();
    // Opened once to migrate it, then filled as the store writes leads.
    const stores = await openStores({ dataDir: "/nonexistent", databaseUrl, leadOrigins: [] });
    await stores.close();
    await insertPgLeads(databaseUrl, STORED);
    const dataDir = path.join(work, "pg-data");
    await mkdir(dataDir);
    const { code, output } = await backup({ DATA_DIR: dataDir, PHOTOS_DIR: path.join(work, "pg-photos"), DATABASE_URL: databaseUrl });
    expect({ code, output }).toEqual({ code: 0, output: holdsEveryLead });
  });
});
