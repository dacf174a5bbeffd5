/**
 * Part "inventory-sync": a dealer system's inventory of `feedUnits` units synced into a catalogue of
 * `catalogueUnits`, on our built server in its own process (lowdb), the dealer system played by a real node:http
 * server on loopback in this process: a Windows-1252 CSV with the DMS's own headers, an ETag of its bytes, and 304 to
 * a matching If-None-Match. Through the staff API (POST /api/staff/inventory-sources/:id/sync), timed:
 * - the first run (every unit of the feed new to the catalogue: it creates them all);
 * - an unchanged run answered 304, and one of the same file served 200 without validators (the same hash), each
 *   repeated back to back, at least `unchangedRuns` times and for `unchangedSeconds`;
 * - a run whose file changes `priceChanges` prices, `priceRuns` times, each a different set of units;
 * beside the staff CSV import (preview, then import) of the same units as our inventory CSV, on a second server
 * started from the same catalogue, in the same run. During each: the server's CPU (from /proc/<pid>/stat) and
 * GET /api/health's latency from a steady open-loop probe (`healthPerSecond`, each answer timed from when it was due
 * to be sent). Goal: /api/health p99 under 100 ms while a run applies.
 */
import { createHash } from "node:crypto";
import { createServer, type Server } from "node:http";
import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import { performance } from "node:perf_hooks";
import { seedCatalogue } from "../domain/catalogue";
import { inventoryCsv } from "../domain/inventory-csv";
import type { SourceRun } from "../domain/inventory-source";
import { testVin } from "../domain/testing/inventory-sheet";
import { bigCatalogue } from "../domain/testing/big-catalogue";
import type { Vehicle } from "../domain/vehicle";
import { CATALOGUE_FILE } from "../api/store/vehicle-store";
import { addAccount } from "../api/testing/staff-client";
import { startOurServer, type ChildServer } from "./lib/child-server";
import { percentile, round } from "./lib/load";
import { table } from "./lib/markdown-table";
import { signIn } from "./lib/staff-session";

export interface InventorySyncOptions {
  catalogueUnits: number;
  feedUnits: number;
  priceChanges: number;
  unchangedRuns: number;
  /** The unchanged runs go on back to back until this long has passed too, for enough /api/health answers to take a p99 of. */
  unchangedSeconds: number;
  priceRuns: number;
  /** /api/health requests a second, sent on a clock whatever the answers (open loop). */
  healthPerSecond: number;
  /** How long /api/health is probed with nothing else going on, for the quiet figure. */
  quietSeconds: number;
  ourMain: string;
}

/** /api/health's answers during a case: each timed from when it was due, so a stalled server cannot hide a late one. */
export interface HealthFigures {
  samples: number;
  failed: number;
  p50Ms: number | null;
  p99Ms: number | null;
  maxMs: number | null;
}

export interface SyncCase {
  name: string;
  /** How many times it ran (the figures: the median's time; CPU and /api/health over all of them). */
  runs: number;
  /** The request's time as the client saw it, the median over runs. */
  medianMs: number;
  maxMs: number;
  /** The run's own `ms` as the server recorded it (sync runs only), the median. */
  serverMs: number | null;
  outcome: string;
  counts: string;
  /** The server's CPU during the runs, in % of one core, and in seconds in all. */
  serverCpuPercent: number | null;
  serverCpuSeconds: number | null;
  health: HealthFigures;
}

export interface InventorySyncResults {
  catalogueUnits: number;
  feedUnits: number;
  feedBytes: number;
  csvBytes: number;
  healthPerSecond: number;
  loadAverage: { start: number[]; end: number[] };
  quiet: HealthFigures;
  cases: SyncCase[];
  /** From a run's answer to its repriced unit's page showing the new price (goal: within 1 s). */
  pageAfterRunMs: number;
  /** The staff CSV import's server, quiet. */
  csvQuiet: HealthFigures;
  csvCases: SyncCase[];
}

/** The goal while a run applies: a sync must not slow the API staff and visitors use. */
export const SYNC_HEALTH_P99_GOAL_MS = 100;

const OWNER = { email: "owner@bench.example", password: "a long bench secret 1" };
const SITE = "sussex-coast";
const DMS_HEADER = ["Stock #", "VIN", "Year", "Make", "Model", "Internet Price", "Color", "Status", "Date In"];
const COLOURS = ["Arctic White", "Lime Green", "Noir Métallisé", "Champagne", "Ocean Blue"];
const loadAverage = () => os.loadavg().map((n) => round(n, 2));
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor((xs.length - 1) / 2)]!;

/**
 * The dealer system's units: each a brand and model of the seed (so a new unit takes the model's facts, as a DMS's
 * file has none), a VIN with its check digit, a stock number the catalogue does not hold, the site's lot.
 */
function dmsUnits(count: number): Vehicle[] {
  const seed = seedCatalogue().filter((v) => v.status !== "sold");
  return Array.from({ length: count }, (_, i): Vehicle => {
    const peer = seed[i % seed.length]!;
    return {
      ...peer,
      id: `dms-${i}`,
      stockNumber: `LS${String(40_000 + i)}`,
      vin: testVin(500_000 + i),
      serialNumber: undefined,
      year: 2022 + (i % 5),
      price: peer.price + (i % 50) * 10,
      color: COLOURS[i % COLOURS.length],
      status: i % 10 === 9 ? "on-hold" : "available",
      condition: "new",
      isNew: true,
      receivedAt: `2026-${String(1 + (i % 11)).padStart(2, "0")}-${String(1 + (i % 28)).padStart(2, "0")}`,
      location: SITE,
      featured: false,
      images: [],
    };
  });
}

/** One unit's line of the DMS's export, as such systems write it: "$12,995.00", "In Stock", "11/3/2026". */
function dmsLine(v: Vehicle): string {
  const [y, m, d] = v.receivedAt!.split("-");
  const cells = [
    v.stockNumber!,
    v.vin!,
    String(v.year),
    v.brand,
    v.name,
    `$${v.price.toLocaleString("en-US")}.00`,
    v.color ?? "",
    v.status === "on-hold" ? "Deposit" : "In Stock",
    `${Number(m)}/${Number(d)}/${y}`,
  ];
  return cells.map((c) => (/[",\r\n]/.test(c) ? `"${c.replace(/"/g, '""')}"` : c)).join(",");
}

/** The dealer system on loopback: its export at /export/inventory.csv, with or without validators. */
class Dms {
  units: Vehicle[];
  /** false: the same file served 200 without ETag or Last-Modified, whatever the request sends. */
  validators = true;
  served = { ok: 0, notModified: 0 };
  private server!: Server;
  private file!: { bytes: Buffer; etag: string; lastModified: string };
  constructor(units: Vehicle[]) {
    this.units = units;
    this.render();
  }
  get url() {
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}/export/inventory.csv`;
  }
  get bytes() {
    return this.file.bytes.length;
  }
  /** Write the file again after the units changed (a new ETag and Last-Modified). */
  render() {
    const bytes = Buffer.from([DMS_HEADER.join(","), ...this.units.map(dmsLine)].join("\r\n") + "\r\n", "latin1");
    this.file = {
      bytes,
      etag: `"${createHash("sha1").update(bytes).digest("hex")}"`,
      lastModified: new Date(Math.floor(Date.now() / 1000) * 1000).toUTCString(),
    };
  }
  async start() {
    this.server = createServer((req, res) => {
      const { bytes, etag, lastModified } = this.file;
      if (this.validators && req.headers["if-none-match"] === etag) {
        this.served.notModified++;
        return void res.writeHead(304, { etag }).end();
      }
      this.served.ok++;
      const headers: Record<string, string | number> = { "content-type": "text/csv; charset=windows-1252", "content-length": bytes.length };
      if (this.validators) Object.assign(headers, { etag, "last-modified": lastModified });
      res.writeHead(200, headers).end(bytes);
    });
    await new Promise<void>((resolve) => this.server.listen(0, "127.0.0.1", resolve));
  }
  stop() {
    return new Promise<void>((resolve) => this.server.close(() => resolve()));
  }
}

/** GET /api/health `perSecond` times a second, on a clock (open loop), until stopped. */
function probeHealth(url: string, perSecond: number): { stop(): Promise<HealthFigures> } {
  const interval = 1000 / perSecond;
  const latencies: number[] = [];
  const pending = new Set<Promise<void>>();
  let failed = 0;
  let n = 0;
  let timer: NodeJS.Timeout | undefined;
  const started = performance.now();
  const send = () => {
    const due = started + n * interval;
    n++;
    const p = fetch(`${url}/api/health`, { signal: AbortSignal.timeout(30_000) })
      .then(async (res) => {
        await res.arrayBuffer();
        if (res.ok) latencies.push(performance.now() - due);
        else failed++;
      })
      .catch(() => void failed++);
    pending.add(p);
    void p.finally(() => pending.delete(p));
    timer = setTimeout(send, Math.max(0, started + n * interval - performance.now()));
  };
  send();
  return {
    async stop() {
      clearTimeout(timer);
      await Promise.all(pending);
      const at = (p: number) => (latencies.length ? round(percentile(latencies, p), 1) : null);
      return { samples: latencies.length, failed, p50Ms: at(50), p99Ms: at(99), maxMs: latencies.length ? round(Math.max(...latencies), 1) : null };
    },
  };
}

/** `work` run `runs` times, the server's CPU and /api/health measured across all of them. */
async function measure<T>(
  server: ChildServer,
  healthPerSecond: number,
  runs: number,
  work: (i: number) => Promise<T>,
  minSeconds = 0,
): Promise<{ results: T[]; times: number[]; cpuPercent: number | null; cpuSeconds: number | null; health: HealthFigures }> {
  const probe = probeHealth(server.url, healthPerSecond);
  const cpuBefore = server.cpuSeconds();
  const started = performance.now();
  const results: T[] = [];
  const times: number[] = [];
  for (let i = 0; i < runs || performance.now() - started < minSeconds * 1000; i++) {
    const t = performance.now();
    results.push(await work(i));
    times.push(performance.now() - t);
  }
  const elapsed = (performance.now() - started) / 1000;
  const cpuAfter = server.cpuSeconds();
  const health = await probe.stop();
  const cpuSeconds = cpuBefore === null || cpuAfter === null ? null : round(cpuAfter - cpuBefore, 2);
  return { results, times, cpuSeconds, cpuPercent: cpuSeconds === null ? null : round((cpuSeconds / elapsed) * 100), health };
}

async function quietHealth(server: ChildServer, perSecond: number, seconds: number): Promise<HealthFigures> {
  const probe = probeHealth(server.url, perSecond);
  await new Promise((r) => setTimeout(r, seconds * 1000));
  return probe.stop();
}

/** A data folder holding `units` units and an owner's account, and our server on it. */
async function serverWith(name: string, root: string, units: number, ourMain: string): Promise<{ server: ChildServer; cookie: string }> {
  const dataDir = path.join(root, name);
  await mkdir(dataDir, { recursive: true });
  await writeFile(path.join(dataDir, CATALOGUE_FILE), JSON.stringify({ vehicles: bigCatalogue(units) }));
  await addAccount(dataDir, OWNER.email, "owner", OWNER.password);
  // The schedule never runs by itself during the measures: every run is a "Sync now".
  const server = await startOurServer({ name, main: ourMain, dataDir, env: { INVENTORY_POLL_MS: "3600000", STAFF_SIGNIN_RATE_LIMIT: "0" } });
  return { server, cookie: await signIn(server.url, OWNER, "inventory-sync") };
}

const countsText = (c: SourceRun["counts"]) => `${c.created} created, ${c.changed} changed, ${c.unchanged} unchanged, ${c.sold} sold, ${c.skipped} skipped`;

export async function benchInventorySync(o: InventorySyncOptions, log: (line: string) => void): Promise<InventorySyncResults> {
  const start = loadAverage();
  const units = dmsUnits(o.feedUnits);
  const dms = new Dms(units.map((u) => ({ ...u })));
  await dms.start();
  const root = await mkdtemp(path.join(os.tmpdir(), "gc-bench-inventory-sync-"));
  try {
    // The sync.
    const { server, cookie } = await serverWith("sync", root, o.catalogueUnits, o.ourMain);
    const cases: SyncCase[] = [];
    let quiet: HealthFigures;
    let pageAfterRunMs = 0;
    const feedBytes = dms.bytes;
    try {
      const staff = (method: string, url: string, body?: unknown) =>
        fetch(`${server.url}/api/staff/inventory-sources${url}`, {
          method,
          headers: { origin: server.url, cookie, ...(body ? { "content-type": "application/json" } : {}) },
          body: body ? JSON.stringify(body) : undefined,
        });
      const made = await staff("POST", "/", { name: "Lightspeed DMS", kind: "pull", url: dms.url, site: SITE });
      if (made.status !== 201) throw new Error(`[bench] inventory-sync: adding the source answered ${made.status}: ${await made.text()}`);
      const { id } = (await made.json()) as { id: string };
      const sync = async (): Promise<SourceRun> => {
        const res = await staff("POST", `/${id}/sync`);
        if (res.status !== 200) throw new Error(`[bench] inventory-sync: a sync answered ${res.status}: ${await res.text()}`);
        const run = (await res.json()) as SourceRun;
        if (run.outcome === "held" || run.outcome === "failed") throw new Error(`[bench] inventory-sync: a run was ${run.outcome}: ${run.message}`);
        return run;
      };
      quiet = await quietHealth(server, o.healthPerSecond, o.quietSeconds);
      log(`inventory-sync: /api/health quiet at ${o.catalogueUnits} units: p50 ${quiet.p50Ms} ms, p99 ${quiet.p99Ms} ms (${quiet.samples} answers)`);

      const record = (name: string, m: Awaited<ReturnType<typeof measure<SourceRun>>>, expect: (r: SourceRun) => boolean) => {
        const bad = m.results.find((r) => !expect(r));
        if (bad) throw new Error(`[bench] inventory-sync: ${name}: the run was ${bad.outcome} (${countsText(bad.counts)}): ${bad.message ?? ""}`);
        const last = m.results.at(-1)!;
        const c: SyncCase = {
          name,
          runs: m.results.length,
          medianMs: round(median(m.times), 1),
          maxMs: round(Math.max(...m.times), 1),
          serverMs: median(m.results.map((r) => r.ms)),
          outcome: last.outcome,
          counts: countsText(last.counts),
          serverCpuPercent: m.cpuPercent,
          serverCpuSeconds: m.cpuSeconds,
          health: m.health,
        };
        log(
          `inventory-sync: ${name}: ${c.medianMs} ms (server ${c.serverMs} ms, ${c.runs} run(s)), ${c.outcome}: ${c.counts}; server CPU ${c.serverCpuPercent} %; /api/health p99 ${c.health.p99Ms} ms, max ${c.health.maxMs} ms (${c.health.samples} answers, ${c.health.failed} failed)`,
        );
        cases.push(c);
      };

      const first = await measure(server, o.healthPerSecond, 1, sync);
      record(
        `First run: ${o.feedUnits.toLocaleString("en-US")} new units`,
        first,
        (r) => r.outcome === "applied" && r.counts.created === o.feedUnits && !r.counts.skipped,
      );

      const notModified = await measure(server, o.healthPerSecond, o.unchangedRuns, sync, o.unchangedSeconds);
      record("Unchanged: 304 to If-None-Match", notModified, (r) => r.outcome === "unchanged" && /304/.test(r.message ?? ""));

      dms.validators = false;
      const sameHash = await measure(server, o.healthPerSecond, o.unchangedRuns, sync, o.unchangedSeconds);
      record("Unchanged: the same file, 200 without validators", sameHash, (r) => r.outcome === "unchanged" && r.bytes === feedBytes);
      dms.validators = true;

      const prices = await measure(server, o.healthPerSecond, o.priceRuns, (round_) => {
        // Each run another `priceChanges` units, spread over the file, each $100 dearer.
        const step = Math.floor(dms.units.length / o.priceChanges);
        for (let k = 0; k < o.priceChanges; k++) {
          const u = dms.units[(k * step + round_) % dms.units.length]!;
          u.price += 100;
        }
        dms.render();
        return sync();
      });
      record(
        `${o.priceChanges} prices changed`,
        prices,
        (r) => r.outcome === "applied" && r.counts.changed === o.priceChanges && r.counts.unchanged === o.feedUnits - o.priceChanges,
      );
      // The run's end to its change on the unit's page: one more repriced unit, its page asked for until it shows the price.
      const unit = dms.units[1]!;
      const found = await fetch(`${server.url}/api/staff/vehicles?q=${unit.stockNumber}`, { headers: { cookie } });
      const vehicleId = ((await found.json()) as { vehicles: { id: string }[] }).vehicles[0]!.id;
      unit.price += 100;
      dms.render();
      await sync();
      const ended = performance.now();
      const shown = `$${unit.price.toLocaleString("en-US")}`;
      for (;;) {
        const page = await (await fetch(`${server.url}/vehicle/${vehicleId}`)).text();
        if (page.includes(shown)) break;
        if (performance.now() - ended > 30_000) throw new Error(`[bench] inventory-sync: /vehicle/${vehicleId} did not show ${shown} within 30 s of the run`);
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
      pageAfterRunMs = round(performance.now() - ended);
      log(`inventory-sync: the repriced unit's page showed its new price ${pageAfterRunMs} ms after the run answered`);
      log(`inventory-sync: the DMS served ${dms.served.ok} files and ${dms.served.notModified} 304s`);
    } finally {
      await server.stop();
    }

    // The staff CSV import of the same units, on a server started from the same catalogue.
    const csv = inventoryCsv(units);
    const csvCases: SyncCase[] = [];
    const other = await serverWith("csv-import", root, o.catalogueUnits, o.ourMain);
    let csvQuiet: HealthFigures;
    try {
      const post = (step: "preview" | "import", headers: Record<string, string> = {}) =>
        fetch(`${other.server.url}/api/staff/inventory-csv/${step}`, {
          method: "POST",
          headers: { "content-type": "text/csv", origin: other.server.url, cookie: other.cookie, ...headers },
          body: csv,
        });
      csvQuiet = await quietHealth(other.server, o.healthPerSecond, o.quietSeconds);
      let tag = "";
      const answer = async (res: Response, step: string) => {
        const body = (await res.json()) as { tag?: string; counts: Record<string, number>; error?: string };
        if (res.status !== 200) throw new Error(`[bench] inventory-sync: the CSV ${step} answered ${res.status}: ${body.error ?? ""}`);
        if (body.counts.create !== o.feedUnits)
          throw new Error(`[bench] inventory-sync: the CSV ${step} would create ${body.counts.create}, not ${o.feedUnits}`);
        return body;
      };
      const preview = await measure(other.server, o.healthPerSecond, 1, async () => {
        const body = await answer(await post("preview"), "preview");
        tag = body.tag!;
        return body.counts;
      });
      const imported = await measure(
        other.server,
        o.healthPerSecond,
        1,
        async () => (await answer(await post("import", { "if-match": tag }), "import")).counts,
      );
      for (const [name, m] of [
        [`Staff CSV preview: the same ${o.feedUnits.toLocaleString("en-US")} units`, preview],
        [`Staff CSV import: the same ${o.feedUnits.toLocaleString("en-US")} units`, imported],
      ] as const) {
        const c: SyncCase = {
          name,
          runs: 1,
          medianMs: round(m.times[0]!, 1),
          maxMs: round(m.times[0]!, 1),
          serverMs: null,
          outcome: "200",
          counts: `${m.results[0]!.create} to create`,
          serverCpuPercent: m.cpuPercent,
          serverCpuSeconds: m.cpuSeconds,
          health: m.health,
        };
        log(
          `inventory-sync: ${name}: ${c.medianMs} ms; server CPU ${c.serverCpuPercent} %; /api/health p99 ${c.health.p99Ms} ms, max ${c.health.maxMs} ms (${c.health.samples} answers)`,
        );
        csvCases.push(c);
      }
    } finally {
      await other.server.stop();
    }
    return {
      catalogueUnits: o.catalogueUnits,
      feedUnits: o.feedUnits,
      feedBytes,
      csvBytes: Buffer.byteLength(csv),
      healthPerSecond: o.healthPerSecond,
      loadAverage: { start, end: loadAverage() },
      quiet,
      cases,
      pageAfterRunMs,
      csvQuiet,
      csvCases,
    };
  } finally {
    await dms.stop();
    await rm(root, { recursive: true, force: true });
  }
}

/** The part's section of the report. */
export function inventorySyncMarkdown(r: InventorySyncResults): string[] {
  const row = (c: Pick<SyncCase, "name"> & Partial<SyncCase>) => [
    c.name,
    c.runs,
    c.medianMs,
    c.maxMs,
    c.serverMs,
    c.serverCpuPercent,
    c.serverCpuSeconds,
    c.health?.samples,
    c.health?.p50Ms,
    c.health?.p99Ms,
    c.health?.maxMs,
    c.counts,
  ];
  const applying = r.cases.filter((c) => c.outcome === "applied");
  const worst = Math.max(...applying.map((c) => c.health.p99Ms ?? Number.POSITIVE_INFINITY));
  return [
    "",
    `## Inventory sync: a ${r.feedUnits.toLocaleString("en-US")}-unit DMS feed into a ${r.catalogueUnits.toLocaleString("en-US")}-unit catalogue, beside the staff CSV import`,
    "",
    `The dealer system on loopback serves a Windows-1252 CSV (${(r.feedBytes / 1000).toFixed(0)} kB) with its own headers (Stock #, VIN, Year, Make, Model, Internet Price, Color, Status, Date In), an ETag, and 304 to If-None-Match; each run is a "Sync now" (POST /api/staff/inventory-sources/:id/sync) on lowdb. The staff CSV import of the same units as our inventory CSV (${(r.csvBytes / 1000).toFixed(0)} kB) runs on a second server from the same catalogue. /api/health is probed ${r.healthPerSecond} times a second on a clock, each answer timed from when it was due; server CPU in % of one core. Load average ${r.loadAverage.start.join(", ")} at the start, ${r.loadAverage.end.join(", ")} at the end.`,
    "",
    `Goal: /api/health p99 under ${SYNC_HEALTH_P99_GOAL_MS} ms while a run applies: ${worst < SYNC_HEALTH_P99_GOAL_MS ? "met" : "not met"} (worst p99 of an applying run ${Number.isFinite(worst) ? worst : "–"} ms).`,
    "",
    `A repriced unit's page showed its new price ${r.pageAfterRunMs} ms after the run answered (goal: within 1,000 ms).`,
    "",
    table(
      [
        "Case",
        "Runs",
        "ms (median)",
        "ms (max)",
        "Run's own ms",
        "Server CPU %",
        "Server CPU s",
        "Health answers",
        "Health p50 ms",
        "Health p99 ms",
        "Health max ms",
        "Counts",
      ],
      [
        row({ name: "Sync server, quiet", health: r.quiet }),
        ...r.cases.map(row),
        row({ name: "CSV import server, quiet", health: r.csvQuiet }),
        ...r.csvCases.map(row),
      ],
    ),
  ];
}

/** The smoke run's check: every case gave a time, CPU and /api/health answers (never asserted against a goal). */
export function inventorySyncMissing(r: InventorySyncResults): string[] {
  const missing: string[] = [];
  for (const c of [...r.cases, ...r.csvCases]) {
    if (!(c.medianMs > 0)) missing.push(`inventory-sync ${c.name} time`);
    if (!c.health.samples || c.health.p99Ms === null) missing.push(`inventory-sync ${c.name} /api/health answers`);
    if (c.serverCpuSeconds === null || !Number.isFinite(c.serverCpuSeconds)) missing.push(`inventory-sync ${c.name} server CPU`);
  }
  if (r.cases.length !== 4 || r.csvCases.length !== 2) missing.push("inventory-sync cases");
  return missing;
}
