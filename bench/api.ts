/** Part 1: GET /api/vehicles and /api/vehicles/:id, ours beside json-server 0.17 and a bare node:http server. */
import { copyFile, mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { seedCatalogue } from "../domain/catalogue/seed";
import { cleanEnv, freePort, startChildServer, type ChildServer } from "./lib/child-server";
import { median, medianRun, ratio, runLoad, type LoadFigures } from "./lib/load";
import { ROOT } from "./lib/server-build";

/** The issue's goals at 50 connections. */
export const API_GOALS = { timesJsonServer: 8, timesBare: 0.5, p99Ms: 25 } as const;

export type ApiServerName = "ours" | "ours-baseline" | "json-server" | "bare";
export type Endpoint = "list" | "one";

export interface ApiOptions {
  connections: number;
  durationSeconds: number;
  warmupSeconds: number;
  rounds: number;
  /** Built server entry (main.js) of the working tree. */
  ourMain: string;
  /** Built server entry of a baseline commit, measured in the same run when given. */
  baselineMain?: string;
}

export interface ApiCase {
  endpoint: Endpoint;
  server: ApiServerName;
  path: string;
  /** Content-Encoding of the answer (json-server leaves bodies under 1 kB uncompressed). */
  encoding: string;
  /** Every round, then the median round by throughput. */
  runs: LoadFigures[];
  median: LoadFigures;
}

export interface ApiResults {
  connections: number;
  durationSeconds: number;
  rounds: number;
  cases: ApiCase[];
  /** Per endpoint: our throughput over each peer's (the median of the rounds' ratios), our median p99, and whether each goal was met. */
  verdicts: Record<Endpoint, { timesJsonServer: number | null; timesBare: number | null; timesBaseline: number | null; p99Ms: number; goalsMet: boolean }>;
}

interface Target {
  name: ApiServerName;
  server: ChildServer;
  paths: Record<Endpoint, string>;
}

const ACCEPT_GZIP = { "accept-encoding": "gzip" };

export async function benchApi(o: ApiOptions, log: (line: string) => void): Promise<ApiResults> {
  const vehicles = seedCatalogue();
  const sampleId = vehicles[0]!.id;
  const dir = await mkdtemp(path.join(os.tmpdir(), "gc-bench-api-"));
  const catalogueFile = path.join(dir, "catalogue.json");
  await writeFile(catalogueFile, JSON.stringify({ vehicles }, null, 2));
  const targets: Target[] = [];
  try {
    const ours = (name: ApiServerName, main: string) => async (): Promise<Target> => {
      const dataDir = path.join(dir, name);
      await mkdir(dataDir);
      await copyFile(catalogueFile, path.join(dataDir, "catalogue.json"));
      const [port, demoPort] = [await freePort(), await freePort()];
      const env = cleanEnv({
        NODE_ENV: "production",
        HOST: "127.0.0.1",
        PORT: String(port),
        DEMO_PORT: String(demoPort),
        DATA_DIR: dataDir,
        CONTACT_RATE_LIMIT: "0",
      });
      const server = await startChildServer({ name, command: process.execPath, args: [main], env, cwd: ROOT, port, readyPath: "/api/health" });
      return { name, server, paths: { list: "/api/vehicles", one: `/api/vehicles/${sampleId}` } };
    };
    const starters: (() => Promise<Target>)[] = [ours("ours", o.ourMain)];
    if (o.baselineMain) starters.push(ours("ours-baseline", o.baselineMain));
    starters.push(async () => {
      const port = await freePort();
      const bin = path.join(ROOT, "node_modules/json-server/lib/cli/bin.js");
      // --quiet turns off its request logger, which would otherwise slow it down.
      const server = await startChildServer({
        name: "json-server",
        command: process.execPath,
        args: [bin, catalogueFile, "--port", String(port), "--host", "127.0.0.1", "--quiet"],
        env: cleanEnv({}),
        cwd: dir,
        port,
        readyPath: "/vehicles",
      });
      return { name: "json-server", server, paths: { list: "/vehicles", one: `/vehicles/${sampleId}` } };
    });
    starters.push(async () => {
      const port = await freePort();
      const server = await startChildServer({
        name: "bare",
        command: process.execPath,
        args: ["--import", "tsx", path.join(ROOT, "bench/servers/bare-server.ts"), catalogueFile, String(port)],
        env: cleanEnv({}),
        cwd: ROOT,
        port,
        readyPath: "/api/health",
      });
      return { name: "bare", server, paths: { list: "/api/vehicles", one: `/api/vehicles/${sampleId}` } };
    });
    for (const start of starters) targets.push(await start());

    const encodings = new Map<string, string>();
    for (const t of targets) {
      for (const endpoint of ["list", "one"] as const) encodings.set(`${endpoint}:${t.name}`, await checkSameCatalogue(t, endpoint, vehicles.length, sampleId));
    }
    for (const t of targets) {
      log(`api: warming up ${t.name}`);
      for (const endpoint of ["list", "one"] as const) {
        await runLoad({ url: t.server.url + t.paths[endpoint], connections: o.connections, durationSeconds: o.warmupSeconds, headers: ACCEPT_GZIP });
      }
    }

    // Rounds interleave the servers (in alternating order), so that noise from other work on the
    // machine falls on all of them alike; ratios are taken within each round.
    const runs = new Map<string, LoadFigures[]>();
    for (let round = 1; round <= o.rounds; round++) {
      for (const endpoint of ["list", "one"] as const) {
        for (const t of round % 2 ? targets : [...targets].reverse()) {
          const figures = await runLoad({
            url: t.server.url + t.paths[endpoint],
            connections: o.connections,
            durationSeconds: o.durationSeconds,
            headers: ACCEPT_GZIP,
            serverCpuSeconds: t.server.cpuSeconds,
          });
          log(
            `api: round ${round} ${endpoint} ${t.name}: ${figures.rps} req/s, p99 ${figures.p99Ms} ms, server CPU ${figures.serverCpuPercent ?? "?"} %${figures.errors || figures.non2xx ? `, ${figures.errors} errors, ${figures.non2xx} non-2xx` : ""}`,
          );
          runs.set(`${endpoint}:${t.name}`, [...(runs.get(`${endpoint}:${t.name}`) ?? []), figures]);
        }
      }
    }

    const cases: ApiCase[] = [];
    for (const endpoint of ["list", "one"] as const) {
      for (const t of targets) {
        const r = runs.get(`${endpoint}:${t.name}`)!;
        cases.push({ endpoint, server: t.name, path: t.paths[endpoint], encoding: encodings.get(`${endpoint}:${t.name}`)!, runs: r, median: medianRun(r) });
      }
    }
    const verdict = (endpoint: Endpoint) => {
      const runsOf = (name: ApiServerName) => runs.get(`${endpoint}:${name}`);
      const us = runsOf("ours")!;
      /** The median over rounds of our throughput over the peer's in the same round. */
      const times = (name: ApiServerName) => {
        const peer = runsOf(name);
        if (!peer) return null;
        const perRound = us.map((r, i) => ratio(r.rps, peer[i]!.rps)).filter((x): x is number => x !== null);
        return perRound.length ? median(perRound) : null;
      };
      const timesJsonServer = times("json-server");
      const timesBare = times("bare");
      const p99Ms = median(us.map((r) => r.p99Ms));
      return {
        timesJsonServer,
        timesBare,
        timesBaseline: times("ours-baseline"),
        p99Ms,
        goalsMet: (timesJsonServer ?? 0) >= API_GOALS.timesJsonServer && (timesBare ?? 0) >= API_GOALS.timesBare && p99Ms < API_GOALS.p99Ms,
      };
    };
    return {
      connections: o.connections,
      durationSeconds: o.durationSeconds,
      rounds: o.rounds,
      cases,
      verdicts: { list: verdict("list"), one: verdict("one") },
    };
  } finally {
    await Promise.all(targets.map((t) => t.server.stop()));
    await rm(dir, { recursive: true, force: true });
  }
}

/** Every server must answer the same catalogue before its figures mean anything; returns the answer's Content-Encoding. */
async function checkSameCatalogue(t: Target, endpoint: Endpoint, count: number, sampleId: string): Promise<string> {
  const res = await fetch(t.server.url + t.paths[endpoint], { headers: ACCEPT_GZIP });
  const body = (await res.json()) as { id: string } | { id: string }[];
  const same = endpoint === "list" ? Array.isArray(body) && body.length === count : !Array.isArray(body) && body.id === sampleId;
  if (res.status !== 200 || !same) throw new Error(`[bench] ${t.name} GET ${t.paths[endpoint]} did not answer the catalogue (status ${res.status})`);
  return res.headers.get("content-encoding") ?? "identity";
}
