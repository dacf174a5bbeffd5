/**
 * Part `sites`: one deployment serving 45 sites beside the same
 * server serving one, in one run, each server in its own process on loopback
 * running the built site (dist/server/main.js). Sites are reached by Host
 * header (`localhost`, `site-07.localhost`, …). Measures the server's memory
 * once every site's `/` and `/inventory` were asked for; `GET /` throughput on
 * one host of the one-site server beside the same request spread over the 45
 * hosts; the time from a staff price edit (PATCH, as the console saves) until
 * `/inventory` of every site shows it; and the server CPU time one edit costs,
 * with 1 and 45 sites, and with 45 sites of which only one is asked.
 */
import { existsSync } from "node:fs";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import type { Site } from "../domain/site";
import { formatUsd } from "../domain/money";
import { fetchAsHost } from "../api/testing/host-fetch";
import { SITES_FILE } from "../api/store/site-store";
import { addBenchOwner, StaffClient, VEHICLE, VEHICLE_ON_INVENTORY } from "./catalogue";
import { benchSites, hostOf } from "./lib/bench-sites";
import { serverEnv, startChildServer, type ChildServer } from "./lib/child-server";
import { allAnswered, median, medianRun, percentile, ratio, round, runLoad, type LoadFigures } from "./lib/load";
import { PROBE_NODE_ARGS, probeMemory, type Memory } from "./lib/memory-probe";
import { ROOT } from "./lib/server-build";

export interface SitesOptions {
  /** Sites of the many-site server (45 in the issue). */
  sites: number;
  connections: number;
  durationSeconds: number;
  /** A load run on each server before the rounds, so that both are past their JIT warm-up (0: none). */
  warmupSeconds: number;
  /** Load rounds; the servers take turns within each, and the median round counts. */
  rounds: number;
  /** Price edits timed until every site's /inventory shows them. */
  changes: number;
  /** Price edits whose server CPU time is averaged, per case. */
  cpuEdits: number;
}

/** The server CPU time of one price edit, in ms, in one arrangement of sites. */
export interface EditCpuCase {
  name: string;
  sitesServed: number;
  /** Sites whose /inventory is asked for after each edit (and was before). */
  sitesAsked: number;
  /** The edit alone: GET of the vehicle, PATCH, then GET /api/health (so work the write left for later has its turn). */
  editMs: number;
  /** The edit and then each asked site's /inventory until it shows the new price, less the same requests when nothing changed. */
  editAndPagesMs: number;
  /** Those requests alone, nothing changed (served from memory; asked uncompressed, as are the ones above). */
  readsMs: number;
}

export interface SitesResults {
  sites: number;
  /** Memory after a full GC: once started, and once the sites' `/` and `/inventory` were asked for. */
  memory: { name: string; sitesServed: number; sitesWarmed: number; started: Memory; warmed: Memory }[];
  throughput: {
    connections: number;
    durationSeconds: number;
    rounds: number;
    /** One host of the one-site server. */
    one: LoadFigures;
    /** The 45 hosts of the many-site server, each connection asking them in turn. */
    spread: LoadFigures;
    /** One host of the many-site server. */
    manyOneHost: LoadFigures;
    /** Median over rounds of spread / one in the same round (goal ≥ 0.9). */
    ratio: number | null;
    /** Each round's spread / one. */
    roundRatios: number[];
  };
  /** From an edit's 2xx until every site's /inventory shows it, and until each site's does. */
  propagation: { changes: number; allSites: Percentiles; eachSite: Percentiles; oneSite: Percentiles };
  editCpu: { edits: number; cases: EditCpuCase[] };
}

interface Percentiles {
  p50Ms: number;
  p95Ms: number;
  maxMs: number;
}

/** Prices no other vehicle has, one per edit. */
const FIRST_PRICE = 16_301;
/** Pause between two asks of one site: short enough for the figure, long enough that 45 pollers do not become the load they measure. */
const POLL_MS = 20;
/** An edit not shown on every site within this time fails the run. */
const GIVE_UP_MS = 20_000;
/** What a browser sends: the pages are compressed as they would be for a visitor. */
const BROWSER_HEADERS = { "accept-encoding": "gzip, deflate, br" };

/** A server of `sites` (the data folder seeded before it starts), with its staff client and its memory probe. */
interface SitesServer {
  name: string;
  server: ChildServer;
  sites: Site[];
  hosts: string[];
  staff: StaffClient;
  memory(): Promise<Memory>;
  stop(): Promise<void>;
}

async function startSitesServer(name: string, count: number): Promise<SitesServer> {
  const main = path.join(ROOT, "dist/server/main.js");
  if (!existsSync(main) || !existsSync(path.join(ROOT, "dist/site"))) throw new Error("[bench] sites: run `npm run build` first (it measures the built site)");
  const dataDir = await mkdtemp(path.join(os.tmpdir(), "gc-bench-sites-"));
  const sites = benchSites(count);
  await writeFile(path.join(dataDir, SITES_FILE), `${JSON.stringify({ sites }, null, 2)}\n`);
  const probeFile = path.join(dataDir, "memory.json");
  const { port, env } = await serverEnv(dataDir, { BENCH_PROBE_FILE: probeFile });
  addBenchOwner(env);
  const server = await startChildServer({ name, command: process.execPath, args: [...PROBE_NODE_ARGS, main], env, cwd: ROOT, port, readyPath: "/api/health" });
  try {
    return {
      name,
      server,
      sites,
      hosts: sites.map(hostOf),
      staff: await StaffClient.signIn(server),
      memory: () => probeMemory(server.pid, probeFile),
      async stop() {
        await server.stop();
        await rm(dataDir, { recursive: true, force: true });
      },
    };
  } catch (err) {
    await server.stop();
    throw err;
  }
}

/** Ask each host for its `/` and `/inventory`, one after another, as a browser would. */
async function warm(s: SitesServer, hosts: readonly string[]): Promise<void> {
  for (const host of hosts)
    for (const pathname of ["/", "/inventory", VEHICLE_ON_INVENTORY]) {
      const res = await fetchAsHost(s.server.url + pathname, host, { headers: BROWSER_HEADERS });
      if (res.status !== 200) throw new Error(`[bench] ${s.name}: GET ${pathname} on ${host} answered ${res.status}`);
      await res.arrayBuffer();
    }
}

/**
 * `host`'s /inventory as text, asked with no Accept-Encoding: the text is searched, and the CPU figures leave out
 * compression (which the throughput figures include).
 */
async function inventory(s: SitesServer, host: string): Promise<string> {
  const res = await fetchAsHost(`${s.server.url}${VEHICLE_ON_INVENTORY}`, host);
  if (res.status !== 200) throw new Error(`[bench] ${s.name}: GET /inventory on ${host} answered ${res.status}`);
  return res.text();
}

/** Poll `host`'s /inventory until it shows `price`; the time since `since`. */
async function untilShown(s: SitesServer, host: string, price: number, since: number): Promise<number> {
  const text = formatUsd(price);
  while (!(await inventory(s, host)).includes(text)) {
    if (performance.now() - since > GIVE_UP_MS) throw new Error(`[bench] ${s.name}: ${host}/inventory did not show ${text} within ${GIVE_UP_MS} ms`);
    await new Promise((r) => setTimeout(r, POLL_MS));
  }
  return performance.now() - since;
}

const percentiles = (values: number[]): Percentiles => ({
  p50Ms: round(median(values), 1),
  p95Ms: round(percentile(values, 95), 1),
  maxMs: round(Math.max(...values), 1),
});

/** The server CPU time, in ms, that `rounds` runs of `work` cost on average (the /proc clock ticks in 10 ms: the more rounds, the finer). */
async function cpuPerRound(s: SitesServer, rounds: number, work: (round: number) => Promise<void>): Promise<number> {
  const before = s.server.cpuSeconds();
  for (let i = 0; i < rounds; i++) await work(i);
  const after = s.server.cpuSeconds();
  if (before === null || after === null) throw new Error("[bench] sites: the server's CPU time is unknown (no /proc)");
  return ((after - before) * 1000) / rounds;
}

/** The CPU time of one edit on `s` when the sites of `asked` are the ones visitors ask for. */
async function editCpu(s: SitesServer, name: string, asked: readonly string[], edits: number, nextPrice: () => number): Promise<EditCpuCase> {
  const askAll = () => Promise.all(asked.map((host) => inventory(s, host)));
  const readsMs = await cpuPerRound(s, edits, async () => void (await askAll()));
  const editMs = await cpuPerRound(s, edits, async () => {
    await s.staff.editPrice(VEHICLE, nextPrice());
    await (await fetch(`${s.server.url}/api/health`)).arrayBuffer();
  });
  // The edits above left the asked pages stale: brought up to date first, so each round below starts from pages served from memory.
  await askAll();
  const withPages = await cpuPerRound(s, edits, async () => {
    const price = nextPrice();
    const at = await s.staff.editPrice(VEHICLE, price);
    await Promise.all(asked.map((host) => untilShown(s, host, price, at)));
  });
  return {
    name,
    sitesServed: s.sites.length,
    sitesAsked: asked.length,
    editMs: round(editMs, 1),
    editAndPagesMs: round(withPages - readsMs, 1),
    readsMs: round(readsMs, 1),
  };
}

export async function benchSitesPart(o: SitesOptions, log: (line: string) => void): Promise<SitesResults> {
  let price = FIRST_PRICE;
  const nextPrice = () => ++price;
  const memory: SitesResults["memory"] = [];
  const cpuCases: EditCpuCase[] = [];

  // 1. A many-site server of which visitors ask only the first site: what an edit costs when 44 sites are never asked.
  const cold = await startSitesServer(`${o.sites} sites, 1 asked`, o.sites);
  try {
    const started = await cold.memory();
    await warm(cold, [cold.hosts[0]!]);
    memory.push({ name: cold.name, sitesServed: o.sites, sitesWarmed: 1, started, warmed: await cold.memory() });
    cpuCases.push(await editCpu(cold, `${o.sites} sites, only 1 ever asked`, [cold.hosts[0]!], o.cpuEdits, nextPrice));
  } finally {
    await cold.stop();
  }

  const one = await startSitesServer("1 site", 1);
  const many = await startSitesServer(`${o.sites} sites`, o.sites);
  try {
    for (const s of [one, many]) {
      const started = await s.memory();
      await warm(s, s.hosts);
      memory.push({ name: s.name, sitesServed: s.sites.length, sitesWarmed: s.hosts.length, started, warmed: await s.memory() });
      log(`sites: ${s.name}: RSS ${started.rssMB} MB started, ${memory.at(-1)!.warmed.rssMB} MB with every site's / and /inventory asked`);
    }

    // 2. GET / throughput: the servers take turns within each round; the ratio is the median of each round's.
    const load = (s: SitesServer, hosts: readonly string[], durationSeconds = o.durationSeconds) =>
      runLoad({
        url: `${s.server.url}/`,
        connections: o.connections,
        durationSeconds,
        requests: hosts.map((host) => ({ path: "/", headers: { ...BROWSER_HEADERS, host: `${host}:${new URL(s.server.url).port}` } })),
        serverCpuSeconds: s.server.cpuSeconds,
      });
    if (o.warmupSeconds) await Promise.all([load(one, one.hosts, o.warmupSeconds), load(many, many.hosts, o.warmupSeconds)]);
    const runs: { one: LoadFigures; spread: LoadFigures; manyOneHost: LoadFigures }[] = [];
    for (let r = 0; r < o.rounds; r++) {
      // Every other round the 45-site server goes first, so neither side always runs on the heels of the other.
      const spreadFirst = r % 2 === 1 ? await load(many, many.hosts) : undefined;
      const oneHost = await load(one, [one.hosts[0]!]);
      const turn = { one: oneHost, spread: spreadFirst ?? (await load(many, many.hosts)), manyOneHost: await load(many, [many.hosts[0]!]) };
      for (const [k, f] of Object.entries(turn)) allAnswered(f, `sites: GET / (${k})`);
      runs.push(turn);
    }
    const roundRatios = runs.map((r) => ratio(r.spread.rps, r.one.rps) ?? 0);
    const throughput = {
      connections: o.connections,
      durationSeconds: o.durationSeconds,
      rounds: o.rounds,
      one: medianRun(runs.map((r) => r.one)),
      spread: medianRun(runs.map((r) => r.spread)),
      manyOneHost: medianRun(runs.map((r) => r.manyOneHost)),
      ratio: median(roundRatios),
      roundRatios,
    };
    log(`sites: GET / ${throughput.one.rps} req/s on 1 site, ${throughput.spread.rps} req/s over ${o.sites} hosts (${throughput.ratio}×)`);

    // 3. An edit's way to every site's /inventory, each site polled on its own; and to the one site's of the one-site server.
    const shown = async (s: SitesServer) => {
      const last: number[] = [];
      const each: number[] = [];
      for (let i = 0; i < o.changes; i++) {
        const p = nextPrice();
        const at = await s.staff.editPrice(VEHICLE, p);
        const times = await Promise.all(s.hosts.map((host) => untilShown(s, host, p, at)));
        each.push(...times);
        last.push(Math.max(...times));
      }
      return { last, each };
    };
    const { last: allSites, each: eachSite } = await shown(many);
    const { last: oneSite } = await shown(one);
    const propagation = { changes: o.changes, allSites: percentiles(allSites), eachSite: percentiles(eachSite), oneSite: percentiles(oneSite) };
    log(`sites: an edit shown on all ${o.sites} sites' /inventory after p50 ${propagation.allSites.p50Ms} ms, p95 ${propagation.allSites.p95Ms} ms`);

    // 4. The CPU time of one edit: one site; every site asked; every site warmed but one asked after the edit.
    cpuCases.unshift(await editCpu(one, "1 site", one.hosts, o.cpuEdits, nextPrice));
    cpuCases.push(await editCpu(many, `${o.sites} sites, all asked`, many.hosts, o.cpuEdits, nextPrice));
    cpuCases.push(await editCpu(many, `${o.sites} sites all warmed, 1 asked after each edit`, [many.hosts[0]!], o.cpuEdits, nextPrice));
    for (const c of cpuCases) log(`sites: one edit with ${c.name}: ${c.editMs} ms CPU alone, ${c.editAndPagesMs} ms with the asked pages`);
    // The cold server was measured first; it is listed last, after the two it is compared with.
    return { sites: o.sites, memory: [...memory.slice(1), memory[0]!], throughput, propagation, editCpu: { edits: o.cpuEdits, cases: cpuCases } };
  } finally {
    await Promise.all([one.stop(), many.stop()]);
  }
}
