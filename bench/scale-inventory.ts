/**
 * Part scale-inventory: `/inventory` of the built server at 35, 350 and 3,500
 * units: its HTML's gzip size and its throughput, each size beside the 35-unit figure in the same run. Goals at
 * 3,500: at most 100 kB gzip, and at least 0.5x the 35-unit throughput. The catalogue is written into each server's
 * data folder before it starts (domain/testing/big-catalogue.ts).
 */
import { existsSync } from "node:fs";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { gzipSync } from "node:zlib";
import { CATALOGUE_FILE } from "../api/store/vehicle-store";
import { bigCatalogue } from "../domain/testing/big-catalogue";
import { serverEnv, startChildServer } from "./lib/child-server";
import { ratio, runLoad, type LoadFigures } from "./lib/load";
import { ROOT } from "./lib/server-build";

export interface ScaleInventoryOptions {
  sizes: readonly number[];
  connections: number;
  durationSeconds: number;
}

export interface ScaleInventoryCase {
  units: number;
  htmlBytes: number;
  gzipBytes: number;
  cards: number;
  load: LoadFigures;
  /** Throughput against the smallest size's. */
  rpsRatio: number | null;
}

export interface ScaleInventoryResults {
  connections: number;
  durationSeconds: number;
  cases: ScaleInventoryCase[];
}

/** The goals at the largest size, a dealer group's 3,500 units. */
export const INVENTORY_MAX_GZIP_BYTES = 100_000;
export const INVENTORY_MIN_RPS_RATIO = 0.5;

export async function benchScaleInventory(o: ScaleInventoryOptions, log: (line: string) => void): Promise<ScaleInventoryResults> {
  const main = path.join(ROOT, "dist/server/main.js");
  if (!existsSync(main) || !existsSync(path.join(ROOT, "dist/site")))
    throw new Error("[bench] scale-inventory: run `npm run build` first (it measures the built site)");
  const cases: ScaleInventoryCase[] = [];
  for (const units of o.sizes) {
    const dataDir = await mkdtemp(path.join(os.tmpdir(), "gc-bench-inventory-"));
    await writeFile(path.join(dataDir, CATALOGUE_FILE), JSON.stringify({ vehicles: bigCatalogue(units) }));
    const { port, env } = await serverEnv(dataDir);
    const server = await startChildServer({ name: `ours-${units}`, command: process.execPath, args: [main], env, cwd: ROOT, port, readyPath: "/api/health" });
    try {
      const html = await (await fetch(`${server.url}/inventory`)).text();
      const url = `${server.url}/inventory`;
      // Warm the page once, then measure as a browser asks (gzip accepted).
      await runLoad({ url, connections: o.connections, durationSeconds: 1, headers: { "accept-encoding": "gzip" } });
      const load = await runLoad({
        url,
        connections: o.connections,
        durationSeconds: o.durationSeconds,
        headers: { "accept-encoding": "gzip" },
        serverCpuSeconds: () => server.cpuSeconds(),
      });
      const entry = {
        units,
        htmlBytes: Buffer.byteLength(html),
        gzipBytes: gzipSync(html).length,
        cards: html.match(/<li class="card"/g)?.length ?? 0,
        load,
        rpsRatio: cases.length ? ratio(load.rps, cases[0]!.load.rps) : 1,
      };
      cases.push(entry);
      log(`scale-inventory ${units} units: ${entry.gzipBytes} B gzip, ${entry.cards} cards, ${load.rps} req/s (${entry.rpsRatio}x), p99 ${load.p99Ms} ms`);
    } finally {
      await server.stop();
      await rm(dataDir, { recursive: true, force: true });
    }
  }
  return { connections: o.connections, durationSeconds: o.durationSeconds, cases };
}

/** The part's section of docs/benchmarks-scale.md's tables. */
export function scaleInventoryMarkdown(r: ScaleInventoryResults, table: (head: string[], rows: (string | number | null)[][]) => string): string[] {
  const last = r.cases.at(-1);
  const met = last && last.gzipBytes <= INVENTORY_MAX_GZIP_BYTES && (last.rpsRatio ?? 0) >= INVENTORY_MIN_RPS_RATIO;
  return [
    "",
    `## Scale: /inventory by catalogue size, ${r.connections} connections, ${r.durationSeconds} s each`,
    "",
    `Goals at ${last?.units ?? "?"} units: at most ${INVENTORY_MAX_GZIP_BYTES / 1000} kB gzip and at least ${INVENTORY_MIN_RPS_RATIO}x the smallest size's throughput: ${met ? "met" : "not met"}.`,
    "",
    table(
      ["Units", "Cards served", "HTML kB", "gzip kB", "req/s", "x smallest", "p99 ms", "Server CPU %", "Errors"],
      r.cases.map((c) => [
        c.units,
        c.cards,
        (c.htmlBytes / 1000).toFixed(1),
        (c.gzipBytes / 1000).toFixed(1),
        c.load.rps,
        c.rpsRatio,
        c.load.p99Ms,
        c.load.serverCpuPercent,
        c.load.errors + c.load.non2xx,
      ]),
    ),
  ];
}
