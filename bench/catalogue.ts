/**
 * Part 4: a catalogue write's way to the public site. Through the staff API,
 * as the console writes: the time from a price change's 2xx until every page
 * that shows the vehicle serves the new price, and the read rate of
 * GET /api/vehicles while such writes happen, beside the rate without them.
 * Runs the built server (dist/server/main.js with dist/site), since it
 * measures the pages too.
 */
import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { formatUsd } from "../domain/money";
import { serverEnv, startChildServer, type ChildServer } from "./lib/child-server";
import { median, percentile, ratio, round, runLoad, type LoadFigures } from "./lib/load";
import { ROOT } from "./lib/server-build";
import { signIn } from "./lib/staff-session";

export interface CatalogueOptions {
  /** Price changes timed one after another. */
  writes: number;
  /** Length of each read run, with and without writes. */
  readSeconds: number;
  connections: number;
  /** Pause between writes during the read run with writes. */
  writeEveryMs: number;
}

export interface CatalogueResults {
  writes: number;
  /** Milliseconds from a write's 2xx until every affected page served it. */
  propagation: { medianMs: number; p95Ms: number; maxMs: number };
  pages: string[];
  reads: { quiet: LoadFigures; duringWrites: LoadFigures; writesDuring: number; ratio: number | null };
}

/** The watched vehicle: the home page features it, the Evolution page lists it, and every site shows it (it names no sites), so that one write touches every kind of page. */
export const VEHICLE = "evolution-d6-max-xt4";
/** The inventory is paged (24 a page): the page of results that holds VEHICLE, found as a visitor would, by its name. */
export const VEHICLE_ON_INVENTORY = "/inventory?q=D6+Max+XT4";
const ACCOUNT = { email: "bench-owner@example.com", password: "bench password long enough" };
const POLL_MS = 5;
/** A write whose change is not served within this time counts as failed. */
const GIVE_UP_MS = 10_000;

/** A signed-in staff client of one server, writing as the console does (ETag, If-Match, same-origin). */
export class StaffClient {
  constructor(
    private readonly server: ChildServer,
    private readonly cookie: string,
  ) {}

  static async signIn(server: ChildServer): Promise<StaffClient> {
    return new StaffClient(server, await signIn(server.url, ACCOUNT, "catalogue"));
  }

  /** Set the vehicle's price; resolves on the 2xx, with the time it came. */
  async setPrice(id: string, price: number): Promise<number> {
    const url = `${this.server.url}/api/staff/vehicles/${id}`;
    const current = await fetch(url, { headers: { cookie: this.cookie } });
    const vehicle = (await current.json()) as Record<string, unknown>;
    const res = await fetch(url, {
      method: "PUT",
      headers: { cookie: this.cookie, origin: this.server.url, "content-type": "application/json", "if-match": current.headers.get("etag") ?? "" },
      body: JSON.stringify({ ...vehicle, price }),
    });
    const at = performance.now();
    if (res.status !== 200) throw new Error(`[bench] PUT ${id} answered ${res.status}: ${await res.text()}`);
    await res.arrayBuffer();
    return at;
  }

  /** Change only the vehicle's price, as the console's form saves one field (PATCH with the edited version's value and ETag); resolves on the 2xx, with the time it came. */
  async editPrice(id: string, price: number): Promise<number> {
    const url = `${this.server.url}/api/staff/vehicles/${id}`;
    const current = await fetch(url, { headers: { cookie: this.cookie } });
    const vehicle = (await current.json()) as { price: number };
    const res = await fetch(url, {
      method: "PATCH",
      headers: { cookie: this.cookie, origin: this.server.url, "content-type": "application/json", "if-match": current.headers.get("etag") ?? "" },
      body: JSON.stringify({ changes: { price }, base: { price: vehicle.price } }),
    });
    const at = performance.now();
    if (res.status !== 200) throw new Error(`[bench] PATCH ${id} answered ${res.status}: ${await res.text()}`);
    await res.arrayBuffer();
    return at;
  }
}

/** Add the bench's owner account (every site) to the data folder of `env`, with the staff CLI, before its server starts. */
export function addBenchOwner(env: Record<string, string | undefined>): void {
  const added = spawnSync(process.execPath, ["--import", "tsx", "api/cli/staff.ts", "add", ACCOUNT.email, "--role", "owner"], {
    cwd: ROOT,
    env: env as NodeJS.ProcessEnv,
    input: `${ACCOUNT.password}\n`,
    encoding: "utf8",
  });
  if (added.status !== 0) throw new Error(`[bench] could not add the bench account: ${added.stderr}`);
}

/** Every page and read that shows the vehicle's price, with what it shows once the price is `price`. */
const AFFECTED: { path: string; shows: (price: number) => string }[] = [
  { path: `/vehicle/${VEHICLE}`, shows: formatUsd },
  { path: VEHICLE_ON_INVENTORY, shows: formatUsd },
  { path: "/", shows: formatUsd },
  { path: "/evolution", shows: formatUsd },
  { path: "/api/vehicles", shows: (p) => `"price":${p}` },
  { path: `/api/vehicles/${VEHICLE}`, shows: (p) => `"price":${p}` },
];

async function servedEverywhere(server: ChildServer, price: number): Promise<boolean> {
  const bodies = await Promise.all(AFFECTED.map(async (a) => (await fetch(server.url + a.path)).text()));
  return AFFECTED.every((a, i) => bodies[i]!.includes(a.shows(price)));
}

export async function benchCatalogue(o: CatalogueOptions, log: (line: string) => void): Promise<CatalogueResults> {
  const main = path.join(ROOT, "dist/server/main.js");
  if (!existsSync(main) || !existsSync(path.join(ROOT, "dist/site")))
    throw new Error("[bench] catalogue: run `npm run build` first (it measures the built site)");
  const dataDir = await mkdtemp(path.join(os.tmpdir(), "gc-bench-catalogue-"));
  const { port, env } = await serverEnv(dataDir);
  addBenchOwner(env);
  const server = await startChildServer({ name: "ours", command: process.execPath, args: [main], env, cwd: ROOT, port, readyPath: "/api/health" });
  try {
    const staff = await StaffClient.signIn(server);
    // Prices no other vehicle has, one per write.
    let price = 15_601;

    const delays: number[] = [];
    for (let i = 0; i < o.writes; i++) {
      const target = ++price;
      const at = await staff.setPrice(VEHICLE, target);
      while (!(await servedEverywhere(server, target))) {
        if (performance.now() - at > GIVE_UP_MS) throw new Error(`[bench] a price change was not served everywhere within ${GIVE_UP_MS} ms`);
        await new Promise((r) => setTimeout(r, POLL_MS));
      }
      delays.push(performance.now() - at);
    }
    const propagation = { medianMs: round(median(delays), 1), p95Ms: round(percentile(delays, 95), 1), maxMs: round(Math.max(...delays), 1) };
    log(
      `catalogue: a write served on ${AFFECTED.length} pages after ${propagation.medianMs} ms (median), p95 ${propagation.p95Ms} ms, over ${o.writes} writes`,
    );

    const read = () =>
      runLoad({
        url: `${server.url}/api/vehicles`,
        connections: o.connections,
        durationSeconds: o.readSeconds,
        headers: { "accept-encoding": "gzip" },
        serverCpuSeconds: server.cpuSeconds,
      });
    const quiet = await read();
    let writing = true;
    let writesDuring = 0;
    const writer = (async () => {
      while (writing) {
        await staff.setPrice(VEHICLE, ++price);
        writesDuring++;
        await new Promise((r) => setTimeout(r, o.writeEveryMs));
      }
    })();
    const duringWrites = await read();
    writing = false;
    await writer;
    const reads = { quiet, duringWrites, writesDuring, ratio: ratio(duringWrites.rps, quiet.rps) };
    log(`catalogue: GET /api/vehicles ${quiet.rps} req/s quiet, ${duringWrites.rps} req/s during ${writesDuring} writes (${reads.ratio}×)`);
    return { writes: o.writes, propagation, pages: AFFECTED.map((a) => a.path), reads };
  } finally {
    await server.stop();
    await rm(dataDir, { recursive: true, force: true });
  }
}
