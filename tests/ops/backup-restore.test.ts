import { mkdtemp, readdir, rm, writeFile } from "node:fs/promises";
import pg from "pg";
import { toLocalDateTime } from "../../domain/local-time";
import os from "node:os";
import path from "node:path";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { readStoredLeads } from "../../api/store/lead-files";
import { readRentals } from "../../api/store/rental-store";
import { readPgLeads } from "../../api/store/pg/database";
import { startTestPostgres } from "../../api/testing/postgres";
import { readTree } from "../../api/testing/staff-client";
import { validLead } from "../../domain/testing/valid-lead";
import type { Lead } from "../../domain/lead";
import { postBurst } from "./burst";
import { killLeftovers, requireCurrentBuild, ROOT, run, startServer } from "./server-process";

let work: string;
afterEach(async () => {
  killLeftovers();
  await rm(work, { recursive: true, force: true });
});
beforeAll(() => requireCurrentBuild());

/** 990 leads already stored: the burst fills leads.json and rolls it into leads-archive/ while the backup runs. */
async function seedLeads(dataDir: string): Promise<void> {
  const at = Date.parse("2026-06-01T12:00:00Z");
  const leads: Lead[] = Array.from({ length: 990 }, (_, i) => ({
    ...validLead({ firstName: `Earlier ${i}` }),
    id: `00000000-0000-4000-8000-${String(i).padStart(12, "0")}`,
    createdAt: new Date(at + i * 60_000).toISOString(),
    origin: null,
    source: null,
    delivery: { status: "not-sent", attempts: 0 },
  })) as Lead[];
  await writeFile(path.join(dataDir, "leads.json"), JSON.stringify({ leads }));
}

/** A rental booked through the running server, as a renter would: its reference. */
async function bookRental(url: string): Promise<string> {
  const day = (d: number) => `${toLocalDateTime(Date.now() + d * 86_400_000, "America/New_York").slice(0, 10)}T10:00`;
  const res = await fetch(`${url}/api/rentals/reservations`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({
      plan: "6-seater",
      start: day(30),
      end: day(33),
      delivery: { kind: "pickup" },
      drivers: 0,
      firstName: "Beach",
      lastName: "Week",
      email: "beach@example.com",
      phone: "302-555-0142",
      adult: true,
      agreement: true,
    }),
  });
  expect(res.status, await res.clone().text()).toBe(201);
  return ((await res.json()) as { reference: string }).reference;
}

const npmRun = (script: string, args: string[], dataDir: string, env: Record<string, string> = {}) =>
  run("npm", ["run", "--silent", script, "--", ...args], { env: { DATA_DIR: dataDir, ...env } });

/**
 * Post leads from 8 workers; once 5 are acknowledged, run `npm run backup` from another process, as cron would, and
 * keep posting until it ends. The leads acknowledged before the backup began, and the backup's run.
 */
async function backupDuringBurst(url: string, archive: string, dataDir: string, env: Record<string, string> = {}) {
  let backupDone = false;
  let before: string[] = [];
  let backup: ReturnType<typeof npmRun> | undefined;
  const acknowledged: string[] = [];
  const result = await postBurst(url, {
    workers: 8,
    until: () => backupDone,
    onAck: (id, count) => {
      acknowledged.push(id);
      if (count !== 5) return;
      before = [...acknowledged];
      backup = npmRun("backup", ["--out", archive], dataDir, env);
      void backup.then(() => (backupDone = true));
    },
  });
  const backedUp = await backup!;
  expect(backedUp.code, backedUp.stderr).toBe(0);
  expect(result.acknowledged.length).toBeGreaterThan(5);
  expect(before).toHaveLength(5);
  return { before, backedUp };
}

const cluster = await startTestPostgres();
afterAll(() => ("url" in cluster ? cluster.stop() : undefined));

describe("npm run backup while leads are being posted, then npm run restore", () => {
  it("restores, into an empty DATA_DIR, every lead acknowledged before the backup began; refuses a non-empty one", async () => {
    work = await mkdtemp(path.join(os.tmpdir(), "gc-backup-e2e-"));
    const dataDir = path.join(work, "data");
    await run("mkdir", [dataDir]);
    await seedLeads(dataDir);
    const server = await startServer(process.execPath, [path.join(ROOT, "dist/server/main.js")], { dataDir });
    await server.ready;
    const reference = await bookRental(server.url);

    const archive = path.join(work, "backups", "gc.tar.gz");
    const { before, backedUp } = await backupDuringBurst(server.url, archive, dataDir);
    expect(backedUp.stdout).toMatch(
      /\[backup\] .* → .*gc\.tar\.gz in \d+ ms: 35 vehicles, \d[\d,]* leads \(\d+ archive segments? included\), 0 accounts, 0 photo files/,
    );
    server.signal("SIGTERM");
    expect(await server.exited).toBe(0);

    // Into a DATA_DIR that does not exist yet.
    const restoredDir = path.join(work, "restored");
    const restored = await npmRun("restore", [archive], restoredDir);
    expect(restored.code, restored.stderr).toBe(0);
    const leads = await readStoredLeads(restoredDir);
    const ids = new Set(leads.map((l) => l.id));
    expect(before.filter((id) => !ids.has(id))).toEqual([]);
    expect(leads.filter((l) => l.firstName.startsWith("Earlier"))).toHaveLength(990);
    // The rental booked before the backup, as the server reads its files (the snapshot and its journal).
    const rentals = await readRentals(restoredDir);
    expect(rentals?.reservations.map((r) => r.reference)).toEqual([reference]);
    expect(restored.stdout).toContain("1 rental reservation;");
    expect(restored.stdout).toContain(`35 vehicles, ${leads.length.toLocaleString("en-US")} leads`);
    // Whole files only: nothing half-written or temporary came along.
    expect((await readdir(restoredDir, { recursive: true })).filter((f) => /\.tmp$|\.lock$/.test(f))).toEqual([]);

    // A restored DATA_DIR serves: the server starts on it.
    const again = await startServer(process.execPath, [path.join(ROOT, "dist/server/main.js")], { dataDir: restoredDir });
    await again.ready;
    again.signal("SIGTERM");
    expect(await again.exited, again.output()).toBe(0);

    // A second restore into it is refused, and changes nothing.
    const tree = await readTree(restoredDir);
    const refused = await npmRun("restore", [archive], restoredDir);
    expect(refused.code).toBe(2);
    expect(refused.stderr).toContain("[restore] refused: DATA_DIR");
    expect(refused.stderr).toContain("is not empty");
    expect(await readTree(restoredDir)).toEqual(tree);
  });
});

describe.skipIf("unavailable" in cluster)("with PostgreSQL: npm run backup while leads are being posted, then npm run restore", () => {
  it("restores, into an empty database, every lead acknowledged before the backup began, and the photos; refuses a database holding data", async () => {
    if (!("url" in cluster)) return;
    work = await mkdtemp(path.join(os.tmpdir(), "gc-backup-pg-e2e-"));
    const dataDir = path.join(work, "data");
    const url = await cluster.createDatabase();
    const server = await startServer(process.execPath, [path.join(ROOT, "dist/server/main.js")], { dataDir, env: { DATABASE_URL: url } });
    await server.ready;
    await run("mkdir", ["-p", path.join(dataDir, "photos/public/ab12")]);
    await writeFile(path.join(dataDir, "photos/public/ab12/main-480.avif"), Buffer.from([1, 2, 3]));
    const reference = await bookRental(server.url);

    const archive = path.join(work, "backups", "gc.tar.gz");
    const { before, backedUp } = await backupDuringBurst(server.url, archive, dataDir, { DATABASE_URL: url });
    expect(backedUp.stdout).toMatch(
      /\[backup\] postgres:\/\/.* and .*photos → .*gc\.tar\.gz in \d+ ms: 35 vehicles, \d[\d,]* leads .*, 0 accounts, 1 photo file/,
    );
    server.signal("SIGTERM");
    expect(await server.exited).toBe(0);

    // Into an empty database, with its photos in a DATA_DIR that does not exist yet.
    const restoredUrl = await cluster.createDatabase();
    const restoredDir = path.join(work, "restored");
    const pgEnv = { DATABASE_URL: restoredUrl };
    const restored = await npmRun("restore", [archive], restoredDir, pgEnv);
    expect(restored.code, restored.stderr).toBe(0);
    const ids = new Set((await readPgLeads(restoredUrl)).map((l) => l.id));
    expect(before.filter((id) => !ids.has(id))).toEqual([]);
    expect(restored.stdout).toContain(`35 vehicles, ${ids.size.toLocaleString("en-US")} leads`);
    expect((await readTree(path.join(restoredDir, "photos"))).get("public/ab12/main-480.avif")).toEqual(Buffer.from([1, 2, 3]));
    // The rental booked before the backup, in the restored database's own table.
    const client = new pg.Client({ connectionString: restoredUrl });
    await client.connect();
    try {
      expect((await client.query<{ reference: string }>("SELECT reference FROM rental_reservations")).rows.map((r) => r.reference)).toEqual([reference]);
    } finally {
      await client.end();
    }
    expect(restored.stdout).toContain("1 rental reservation;");

    // A restored database serves: a server starts on it.
    const again = await startServer(process.execPath, [path.join(ROOT, "dist/server/main.js")], { dataDir: restoredDir, env: pgEnv });
    await again.ready;
    again.signal("SIGTERM");
    expect(await again.exited, again.output()).toBe(0);

    // A second restore into it is refused, and changes nothing.
    const refused = await npmRun("restore", [archive], restoredDir, pgEnv);
    expect(refused.code).toBe(2);
    expect(refused.stderr).toMatch(/\[restore\] refused: the database postgres:\/\/.* is not empty \(catalogue \(1\), vehicles \(\d+\), leads/);
    expect((await readPgLeads(restoredUrl)).length).toBe(ids.size);
  });
});
