/**
 * Part scale-pages (pages and lists at scale, and writes that never stall
 * the site):
 * - `/` and `/inventory` of the product beside a bare node:http server
 *   (bench/servers/bare-pages.ts, its own process) sending the same
 *   precompressed bytes, at each connection count, with a browser's
 *   `Accept-Encoding: gzip, br`: the req/s ratio (goal ≥ 0.5×) and time-outs (goal 0);
 * - a staff save at the seed's 35 units and at 3,500 (the seed cloned), the
 *   ratio of their medians (goal ≤ 1.5×), and `/api/health`'s p99 while 20
 *   saves land one after another (goal ≤ 100 ms), on lowdb and on PostgreSQL.
 * Runs the built server (dist/server/main.js with dist/site).
 */
import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { startTestPostgres, type TestPostgres } from "../api/testing/postgres";
import { readDataFolder } from "../api/store/data-folder";
import { openDatabase } from "../api/store/pg/database";
import { loadDatabase } from "../api/store/pg/data-copy";
import { seedCatalogue } from "../domain/catalogue/seed";
import { bigCatalogue } from "../domain/testing/big-catalogue";
import { cleanEnv, freePort, serverEnv, startChildServer, type ChildServer } from "./lib/child-server";
import { median, medianRun, percentile, ratio, round, runLoad, type LoadFigures } from "./lib/load";
import { table } from "./lib/markdown-table";
import { ROOT } from "./lib/server-build";
import { signIn } from "./lib/staff-session";

export interface ScalePagesOptions {
  connections: readonly number[];
  durationSeconds: number;
  /** Alternating runs of the bare server and ours per case; the median of each is reported (errors: the sum of ours). */
  rounds: number;
  /** Catalogue sizes a save is timed at; the first is the baseline of the ratio. */
  sizes: readonly number[];
  /** Saves timed one after another at each size. */
  saves: number;
  /** Saves that land while /api/health is timed. */
  savesUnderHealth: number;
}

export interface PagesThroughput {
  path: string;
  connections: number;
  ours: LoadFigures;
  bare: LoadFigures;
  ratio: number | null;
}

export interface SaveFigures {
  engine: "lowdb" | "postgres";
  units: number;
  /** Median milliseconds of a staff PUT, from request to 2xx. */
  saveMedianMs: number;
  /** This size's median over the first size's. */
  saveRatio: number | null;
  /** /api/health while the saves land. */
  health: { requests: number; p50Ms: number; p99Ms: number; maxMs: number };
  /** Milliseconds of the first GET /inventory after the last save (the lazy render it pays). */
  firstInventoryMs: number;
}

export interface ScalePagesResults {
  throughput: PagesThroughput[];
  saves: SaveFigures[];
  /** Why PostgreSQL was not measured, or null. */
  postgresUnavailable: string | null;
}

const PATHS = ["/", "/inventory"] as const;
const BROWSER_ENCODING = { "accept-encoding": "gzip, br" };
/** Saves made before the timed ones at each size (the first saves of a fresh process took 2-3× the later ones). */
const WARM_UP_SAVES = 5;
const ACCOUNT = { email: "bench-owner@example.com", password: "bench password long enough" };

/** A data folder with `size` units and the bench's owner account. */
async function dataFolder(root: string, name: string, size: number): Promise<string> {
  const dir = path.join(root, name);
  await mkdir(dir, { recursive: true });
  await writeFile(path.join(dir, "catalogue.json"), JSON.stringify({ vehicles: bigCatalogue(size) }));
  const added = spawnSync(process.execPath, ["--import", "tsx", "api/cli/staff.ts", "add", ACCOUNT.email, "--role", "owner"], {
    cwd: ROOT,
    env: cleanEnv({ DATA_DIR: dir }) as NodeJS.ProcessEnv,
    input: `${ACCOUNT.password}\n`,
    encoding: "utf8",
  });
  if (added.status !== 0) throw new Error(`[bench] could not add the bench account: ${added.stderr}`);
  return dir;
}

async function startServer(name: string, dataDir: string, extra: Record<string, string> = {}): Promise<ChildServer> {
  const { port, env } = await serverEnv(dataDir, (port) => ({ PUBLIC_ORIGIN: `http://127.0.0.1:${port}`, STAFF_SIGNIN_RATE_LIMIT: "0", ...extra }));
  return startChildServer({
    name,
    command: process.execPath,
    args: [path.join(ROOT, "dist/server/main.js")],
    env,
    cwd: ROOT,
    port,
    readyPath: "/api/health",
    readyTimeoutMs: 60_000,
  });
}

/** One staff price change, as the console makes it; the PUT's milliseconds. */
async function save(server: ChildServer, cookie: string, id: string, price: number): Promise<number> {
  const url = `${server.url}/api/staff/vehicles/${id}`;
  const current = await fetch(url, { headers: { cookie } });
  const vehicle = (await current.json()) as Record<string, unknown>;
  const started = performance.now();
  const res = await fetch(url, {
    method: "PUT",
    headers: { cookie, origin: server.url, "content-type": "application/json", "if-match": current.headers.get("etag") ?? "" },
    body: JSON.stringify({ ...vehicle, price }),
  });
  await res.arrayBuffer();
  if (res.status !== 200) throw new Error(`[bench] PUT ${id} answered ${res.status}`);
  return performance.now() - started;
}

/** GET `url` from `loops` clients one request after another until `until` settles; each request's milliseconds. */
async function timeWhile(url: string, loops: number, until: Promise<unknown>): Promise<number[]> {
  let done = false;
  void until.finally(() => (done = true));
  const times: number[] = [];
  await Promise.all(
    Array.from({ length: loops }, async () => {
      while (!done) {
        const started = performance.now();
        await (await fetch(url)).arrayBuffer();
        times.push(performance.now() - started);
      }
    }),
  );
  return times;
}

async function measureSaves(engine: SaveFigures["engine"], units: number, server: ChildServer, o: ScalePagesOptions): Promise<Omit<SaveFigures, "saveRatio">> {
  const cookie = await signIn(server.url, ACCOUNT, "scale-pages");
  const id = "evolution-d6-max-xt4";
  // Every page rendered once, as a site in use has them.
  for (const p of [...PATHS, `/vehicle/${id}`, "/api/vehicles"]) await (await fetch(server.url + p, { headers: BROWSER_ENCODING })).arrayBuffer();
  let price = 15_001;
  // Unmeasured saves first, as a server in use has made them: the first few of a fresh process run code not yet compiled.
  for (let i = 0; i < WARM_UP_SAVES; i++) await save(server, cookie, id, ++price);
  const times: number[] = [];
  for (let i = 0; i < o.saves; i++) times.push(await save(server, cookie, id, ++price));
  const saving = (async () => {
    for (let i = 0; i < o.savesUnderHealth; i++) await save(server, cookie, id, ++price);
  })();
  const health = await timeWhile(`${server.url}/api/health`, 4, saving);
  await saving;
  const started = performance.now();
  await (await fetch(`${server.url}/inventory`, { headers: BROWSER_ENCODING })).arrayBuffer();
  const firstInventoryMs = round(performance.now() - started, 1);
  return {
    engine,
    units,
    saveMedianMs: round(median(times), 1),
    health: { requests: health.length, p50Ms: round(percentile(health, 50), 1), p99Ms: round(percentile(health, 99), 1), maxMs: round(Math.max(...health), 1) },
    firstInventoryMs,
  };
}

export async function benchScalePages(o: ScalePagesOptions, log: (line: string) => void): Promise<ScalePagesResults> {
  if (!existsSync(path.join(ROOT, "dist/server/main.js")) || !existsSync(path.join(ROOT, "dist/site")))
    throw new Error("[bench] scale-pages: run `npm run build` first (it measures the built site)");
  const root = await mkdtemp(path.join(os.tmpdir(), "gc-bench-scale-pages-"));
  const servers: ChildServer[] = [];
  let cluster: TestPostgres | null = null;
  try {
    // Throughput: the product and a bare server with the product's own bytes.
    const ours = await startServer("ours", await dataFolder(root, "pages", seedCatalogue().length));
    servers.push(ours);
    const pages: Record<string, string> = {};
    for (const p of PATHS) pages[p] = await (await fetch(ours.url + p)).text();
    await writeFile(path.join(root, "pages.json"), JSON.stringify(pages));
    const barePort = await freePort();
    const bare = await startChildServer({
      name: "bare-pages",
      command: process.execPath,
      args: ["--import", "tsx", "bench/servers/bare-pages.ts", path.join(root, "pages.json"), String(barePort)],
      env: cleanEnv({}),
      cwd: ROOT,
      port: barePort,
      readyPath: "/api/health",
    });
    servers.push(bare);
    const throughput: PagesThroughput[] = [];
    for (const p of PATHS)
      for (const connections of o.connections) {
        const load = (server: ChildServer) =>
          runLoad({ url: server.url + p, connections, durationSeconds: o.durationSeconds, headers: BROWSER_ENCODING, serverCpuSeconds: server.cpuSeconds });
        // Alternating rounds, the median of each: on a shared machine the load around one run can swing.
        const rounds: { bare: LoadFigures[]; ours: LoadFigures[] } = { bare: [], ours: [] };
        for (let i = 0; i < o.rounds; i++) {
          rounds.bare.push(await load(bare));
          rounds.ours.push(await load(ours));
        }
        const [b, r] = [medianRun(rounds.bare), medianRun(rounds.ours)];
        r.errors = rounds.ours.reduce((sum, f) => sum + f.errors, 0);
        throughput.push({ path: p, connections, ours: r, bare: b, ratio: ratio(r.rps, b.rps) });
        log(`scale-pages: ${p} at ${connections} connections: ${r.rps} req/s vs bare ${b.rps} (${ratio(r.rps, b.rps)}×), ${r.errors} errors/time-outs`);
      }
    for (const s of servers.splice(0)) await s.stop();

    // Saves, on each engine and size.
    const saves: SaveFigures[] = [];
    const started = await startTestPostgres({ durable: true });
    const postgresUnavailable = "unavailable" in started ? started.unavailable : null;
    if (!("unavailable" in started)) cluster = started;
    for (const engine of ["lowdb", "postgres"] as const) {
      if (engine === "postgres" && !cluster) {
        log(`scale-pages: PostgreSQL skipped: ${postgresUnavailable}`);
        continue;
      }
      let first: number | null = null;
      for (const units of o.sizes) {
        const dir = await dataFolder(root, `${engine}-${units}`, units);
        const extra: Record<string, string> = {};
        if (engine === "postgres") {
          extra.DATABASE_URL = await cluster!.createDatabase();
          // As `npm run migrate-to-postgres` copies a data folder (its CLI runs when imported).
          const db = await openDatabase(extra.DATABASE_URL, { max: 1, listen: false });
          await loadDatabase(db, await readDataFolder(dir)).finally(() => db.close());
        }
        const server = await startServer(`${engine}-${units}`, dir, extra);
        servers.push(server);
        const figures = await measureSaves(engine, units, server, o);
        first ??= figures.saveMedianMs;
        const row = { ...figures, saveRatio: ratio(figures.saveMedianMs, first) };
        saves.push(row);
        log(
          `scale-pages: ${engine} at ${units} units: a save ${row.saveMedianMs} ms (${row.saveRatio}×), /api/health p99 ${row.health.p99Ms} ms over ${row.health.requests} requests during ${o.savesUnderHealth} saves, first /inventory after ${row.firstInventoryMs} ms`,
        );
        await servers.pop()!.stop();
      }
    }
    return { throughput, saves, postgresUnavailable };
  } finally {
    for (const s of servers.splice(0)) await s.stop();
    await cluster?.stop();
    await rm(root, { recursive: true, force: true });
  }
}

/** The part's section of the report. */
export function scalePagesMarkdown(r: ScalePagesResults): string {
  const out = [
    "## Scale: pages compressed once, saves that never stall",
    "",
    "Pages beside a bare node:http server sending the same precompressed bytes (`Accept-Encoding: gzip, br`; goal ≥ 0.5×, 0 time-outs):",
    "",
    table(
      ["Page", "Connections", "ours req/s", "bare req/s", "×bare", "our p99 ms", "errors + time-outs", "our CPU %"],
      r.throughput.map((t) => [
        t.path,
        t.connections,
        t.ours.rps,
        t.bare.rps,
        t.ratio === null ? null : `${t.ratio}×`,
        t.ours.p99Ms,
        t.ours.errors,
        t.ours.serverCpuPercent,
      ]),
    ),
    "",
    "A staff price change (PUT, median) by catalogue size, and `/api/health` from 4 clients while saves land one after another (goals: save ≤ 1.5× the first size's, health p99 ≤ 100 ms):",
    "",
    table(
      ["Engine", "Units", "save ms", "×first size", "health p50 ms", "health p99 ms", "health max ms", "health requests", "first /inventory after ms"],
      r.saves.map((c) => [
        c.engine,
        c.units,
        c.saveMedianMs,
        c.saveRatio === null ? null : `${c.saveRatio}×`,
        c.health.p50Ms,
        c.health.p99Ms,
        c.health.maxMs,
        c.health.requests,
        c.firstInventoryMs,
      ]),
    ),
  ];
  if (r.postgresUnavailable) out.push("", `PostgreSQL not measured: ${r.postgresUnavailable}.`);
  return out.join("\n");
}
