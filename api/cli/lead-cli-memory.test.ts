/**
 * The command-line tools that read every lead do it in bounded
 * memory, on both engines. Each runs as its npm script does, in a process whose
 * V8 heap (64 MB) has room for a segment or batch of 100,000 leads, not for
 * all of them at once: reading every lead before writing them runs it out of
 * memory (as `npm run leads`, `migrate-to-postgres` and a restore into
 * PostgreSQL did).
 */
import { execFile } from "node:child_process";
import { createReadStream } from "node:fs";
import { mkdir, mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { createInterface } from "node:readline";
import { promisify } from "node:util";
import pg from "pg";
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
/** A lowdb data folder holding STORED leads, and a database holding as many. */
let lowdbDir: string;
let filledUrl: string;

beforeAll(async () => {
  work = await mkdtemp(path.join(os.tmpdir(), "gc-lead-cli-memory-"));
  lowdbDir = path.join(work, "lowdb");
  await mkdir(lowdbDir);
  await writeLeadSegments(lowdbDir, STORED);
  if (postgres) {
    filledUrl = await postgres.createDatabase();
    await migrated(filledUrl);
    await insertPgLeads(filledUrl, STORED);
  }
}, 180_000);

afterAll(async () => {
  await rm(work, { recursive: true, force: true });
  await postgres?.stop();
});

/** The database at url with the stores' tables (opened once, which migrates it). */
async function migrated(url: string): Promise<string> {
  const stores = await openStores({ dataDir: "/nonexistent", databaseUrl: url, leadOrigins: [] });
  await stores.close();
  return url;
}

/** A command-line tool with a capped heap: its exit code and what it printed. */
async function cli(script: string, args: string[], env: Record<string, string>, heapMb = HEAP_MB): Promise<{ code: number; output: string }> {
  try {
    const { stdout, stderr } = await promisify(execFile)(process.execPath, ["--import", "tsx", script, ...args], {
      cwd: ROOT,
      env: { ...process.env, NODE_ENV: "test", NODE_OPTIONS: `--max-old-space-size=${heapMb}`, ...env },
      maxBuffer: 1024 * 1024,
    });
    return { code: 0, output: stdout + stderr };
  } catch (err) {
    const e = err as { code?: number; stdout?: string; stderr?: string };
    return { code: e.code ?? 1, output: `${e.stdout ?? ""}${e.stderr ?? ""}`.slice(-2000) };
  }
}

/** The lines of a file, counted as they are read. */
async function lineCount(file: string): Promise<number> {
  let n = 0;
  for await (const line of createInterface({ input: createReadStream(file) })) if (line) n++;
  return n;
}

const leadCount = async (url: string) => {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return Number((await client.query<{ n: string }>("SELECT count(*) AS n FROM leads")).rows[0]!.n);
  } finally {
    await client.end();
  }
};

describe(`${STORED.toLocaleString("en")} leads from a ${HEAP_MB} MB heap`, { timeout: 300_000 }, () => {
  it("npm run leads writes every lead of DATA_DIR (lowdb) as CSV", async () => {
    const out = path.join(work, "lowdb-leads.csv");
    const run = await cli("api/cli/export-leads.ts", ["--out", out], { DATA_DIR: lowdbDir });
    expect(run).toEqual({ code: 0, output: `[leads] ${STORED} lead(s) written to ${out}\n` });
    // The header, then a line per lead (the fixture's messages hold no line break).
    expect(await lineCount(out)).toBe(STORED + 1);
  });

  it.runIf(postgres)("npm run leads writes every lead of PostgreSQL as JSON", async () => {
    const out = path.join(work, "pg-leads.json");
    const run = await cli("api/cli/export-leads.ts", ["--format", "json", "--out", out], { DATA_DIR: work, DATABASE_URL: filledUrl });
    expect(run).toEqual({ code: 0, output: `[leads] ${STORED} lead(s) written to ${out}\n` });
    // Each lead's JSON opens with its id, two spaces deeper than the array.
    let ids = 0;
    for await (const line of createInterface({ input: createReadStream(out) })) if (line.startsWith('    "id": ')) ids++;
    expect(ids).toBe(STORED);
  });

  it.runIf(postgres)("npm run migrate-to-postgres copies every lead of DATA_DIR into an empty database", async () => {
    const url = await postgres!.createDatabase();
    const run = await cli("api/cli/migrate-to-postgres.ts", [], { DATA_DIR: lowdbDir, DATABASE_URL: url });
    expect(run.output).toContain(`leads: ${STORED} row(s), checked`);
    expect(run.code).toBe(0);
    expect(await leadCount(url)).toBe(STORED);
  });

  it.runIf(postgres)("npm run restore loads a backup of every lead into an empty database", async () => {
    // The backup is made with the default heap: what is measured is the restore.
    const backup = path.join(work, "leads-backup.tar.gz");
    const made = await cli("api/cli/backup.ts", ["--out", backup], { DATA_DIR: lowdbDir, PHOTOS_DIR: path.join(work, "no-photos") }, 1024);
    expect(made.code, made.output).toBe(0);
    const url = await postgres!.createDatabase();
    const dataDir = path.join(work, "restored");
    const run = await cli("api/cli/restore.ts", [backup], { DATA_DIR: dataDir, PHOTOS_DIR: path.join(work, "restored-photos"), DATABASE_URL: url });
    expect(run.output).toContain(`${STORED.toLocaleString("en-US")} leads (${STORED / 1_000} archive segments included)`);
    expect(run.code).toBe(0);
    expect(await leadCount(url)).toBe(STORED);
  });
});
