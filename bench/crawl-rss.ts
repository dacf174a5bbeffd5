/**
 * Part `crawl-rss`: a crawler walks every vehicle page of every site (45 sites ×
 * 3,500 units in the full run), site after site, with a few connections, asking as a search engine's crawler does
 * (`Accept-Encoding: gzip, deflate, br`), against our built server in its own process. Prints the server's RSS (from
 * /proc) before, every N pages and after, against the 600 MB goal, and what the page cache holds by `GET /api/health`
 * (`caches.pages`: entries, bytes and its bound, PAGE_CACHE_MB). Every answer must be a 200, or the part fails.
 */
import { existsSync } from "node:fs";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { Agent, request } from "node:http";
import os from "node:os";
import path from "node:path";
import { CATALOGUE_FILE } from "../api/store/catalogue-files";
import { SITES_FILE } from "../api/store/site-store";
import { catalogueWithPhotos } from "./edit-load";
import { benchSites, hostOf } from "./lib/bench-sites";
import { startOurServer, type ChildServer } from "./lib/child-server";
import { round } from "./lib/load";
import { PROBE_NODE_ARGS, probeMemory, type Memory } from "./lib/memory-probe";
import { IDLE_SOCKET_MS } from "./lib/open-loop";
import { ROOT } from "./lib/server-build";

export interface CrawlRssOptions {
  sites: number;
  units: number;
  /** Requests in flight at once. */
  connections: number;
  /** Pages between two readings of RSS and the page cache. */
  every: number;
}

interface CacheFigures {
  entries: number;
  bytes: number;
  limitBytes: number;
}

export interface CrawlSample {
  pages: number;
  rssMB: number | null;
  pageCache: CacheFigures | null;
}

export interface CrawlRssResults {
  sites: number;
  units: number;
  connections: number;
  every: number;
  /** Vehicle pages asked (every unit each site shows). */
  pages: number;
  seconds: number;
  pagesPerSecond: number;
  /** Server CPU over the crawl, % of one core. */
  serverCpuPercent: number | null;
  rssMB: { before: number | null; max: number | null; after: number | null };
  /** Once the crawl was over, after a full garbage collection. */
  afterGc: Memory;
  pageCache: CacheFigures | null;
  samples: CrawlSample[];
  goalMB: number;
}

/** The goal: a crawl of every vehicle page of 45 sites × 3,500 units leaves RSS under 600 MB. */
export const CRAWL_RSS_GOAL_MB = 600;
const CRAWLER_HEADERS = { "accept-encoding": "gzip, deflate, br", "user-agent": "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)" };

/** GET as `host`; the body's bytes, or a loud failure on anything but a 200. */
function get(agent: Agent, url: string, host: string, headers: Record<string, string> = {}): Promise<Buffer> {
  const port = new URL(url).port;
  return new Promise((resolve, reject) => {
    const req = request(url, { agent, headers: { ...headers, host: `${host}:${port}` } }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (c: Buffer) => chunks.push(c));
      res.on("error", reject);
      res.on("end", () => {
        if (res.statusCode !== 200) reject(new Error(`[bench] crawl-rss: GET ${url} on ${host} answered ${res.statusCode}`));
        else resolve(Buffer.concat(chunks));
      });
    });
    req.on("error", reject);
    req.end();
  });
}

async function pageCache(server: ChildServer): Promise<CacheFigures | null> {
  const health = (await (await fetch(`${server.url}/api/health`)).json()) as { caches?: { pages?: CacheFigures } };
  return health.caches?.pages ?? null;
}

const mb = (bytes: number | undefined) => (bytes === undefined ? null : (bytes / 1e6).toFixed(1));

export async function benchCrawlRss(o: CrawlRssOptions, log: (line: string) => void): Promise<CrawlRssResults> {
  const main = path.join(ROOT, "dist/server/main.js");
  if (!existsSync(main) || !existsSync(path.join(ROOT, "dist/site")))
    throw new Error("[bench] crawl-rss: run `npm run build` first (it measures the built site)");
  const dataDir = await mkdtemp(path.join(os.tmpdir(), "gc-bench-crawl-rss-"));
  const sites = benchSites(o.sites);
  await writeFile(path.join(dataDir, SITES_FILE), `${JSON.stringify({ sites }, null, 2)}\n`);
  await writeFile(path.join(dataDir, CATALOGUE_FILE), JSON.stringify({ vehicles: catalogueWithPhotos(o.units) }));
  const probeFile = path.join(dataDir, "memory.json");
  const server = await startOurServer({
    name: `crawl-rss ${o.sites}×${o.units}`,
    main,
    dataDir,
    env: { BENCH_PROBE_FILE: probeFile },
    nodeArgs: PROBE_NODE_ARGS,
  });
  const agent = new Agent({ keepAlive: true, maxSockets: o.connections, timeout: IDLE_SOCKET_MS });
  try {
    const hosts = sites.map(hostOf);
    // What each site shows, as a crawler finds it (its sitemap would list the same units).
    const work: { host: string; id: string }[] = [];
    for (const host of hosts) {
      const list = JSON.parse((await get(agent, `${server.url}/api/vehicles`, host)).toString("utf8")) as { id: string }[];
      for (const { id } of list) work.push({ host, id });
    }
    const sample = async (pages: number): Promise<CrawlSample> => ({ pages, rssMB: server.rssMB(), pageCache: await pageCache(server) });
    const before = await sample(0);
    log(`crawl-rss: ${work.length} vehicle pages over ${o.sites} sites; RSS ${before.rssMB} MB, page cache ${mb(before.pageCache?.bytes)} MB before`);
    const samples: CrawlSample[] = [before];
    const cpu0 = server.cpuSeconds();
    const started = performance.now();
    let next = 0;
    let done = 0;
    let sampling = Promise.resolve();
    await Promise.all(
      Array.from({ length: o.connections }, async () => {
        while (next < work.length) {
          const { host, id } = work[next++]!;
          await get(agent, `${server.url}/vehicle/${encodeURIComponent(id)}`, host, CRAWLER_HEADERS);
          if (++done % o.every === 0) {
            const at = done;
            sampling = sampling.then(async () => {
              const s = await sample(at);
              samples.push(s);
              log(`crawl-rss: ${at} pages: RSS ${s.rssMB} MB, page cache ${mb(s.pageCache?.bytes)} MB in ${s.pageCache?.entries} entries`);
            });
          }
        }
      }),
    );
    await sampling;
    const seconds = (performance.now() - started) / 1000;
    const cpu1 = server.cpuSeconds();
    const after = await sample(done);
    // What of it is garbage: RSS and heap after a full collection (bench/lib/memory-probe.ts).
    const afterGc = await probeMemory(server.pid, probeFile);
    if (samples.at(-1)!.pages !== done) samples.push(after);
    const rss = samples.map((s) => s.rssMB).filter((n): n is number => n !== null);
    const results: CrawlRssResults = {
      sites: o.sites,
      units: o.units,
      connections: o.connections,
      every: o.every,
      pages: done,
      seconds: round(seconds, 1),
      pagesPerSecond: round(done / seconds),
      serverCpuPercent: cpu0 === null || cpu1 === null ? null : round(((cpu1 - cpu0) / seconds) * 100),
      rssMB: { before: before.rssMB, max: rss.length ? Math.max(...rss) : null, after: after.rssMB },
      afterGc,
      pageCache: after.pageCache,
      samples,
      goalMB: CRAWL_RSS_GOAL_MB,
    };
    log(
      `crawl-rss: ${done} pages in ${results.seconds} s (${results.pagesPerSecond}/s): RSS ${results.rssMB.before} → ${results.rssMB.after} MB (max ${results.rssMB.max}; goal < ${CRAWL_RSS_GOAL_MB} MB: ${(results.rssMB.max ?? Infinity) < CRAWL_RSS_GOAL_MB ? "met" : "not met"}), page cache ${mb(after.pageCache?.bytes)} of ${mb(after.pageCache?.limitBytes)} MB`,
    );
    return results;
  } finally {
    agent.destroy();
    await server.stop();
    await rm(dataDir, { recursive: true, force: true });
  }
}

/** The part's section of the report. */
export function crawlRssMarkdown(r: CrawlRssResults, table: (header: string[], rows: (string | number | null | undefined)[][]) => string): string[] {
  const met = r.rssMB.max !== null && r.rssMB.max < r.goalMB;
  return [
    "",
    `## A crawler on every vehicle page: ${r.sites} sites × ${r.units.toLocaleString("en-US")} units, ${r.connections} connections`,
    "",
    `${r.pages.toLocaleString("en-US")} pages in ${r.seconds} s (${r.pagesPerSecond} a second, server CPU ${r.serverCpuPercent ?? "–"}% of a core). Goal: RSS under ${r.goalMB} MB: ${met ? "met" : "not met"} (max ${r.rssMB.max} MB, read every ${r.every.toLocaleString("en-US")} pages). After the crawl and a full garbage collection: RSS ${r.afterGc.rssMB} MB, heap used ${r.afterGc.heapUsedMB} of ${r.afterGc.heapTotalMB} MB, external ${r.afterGc.externalMB} MB (Buffers ${r.afterGc.arrayBuffersMB} MB).`,
    "",
    table(
      ["Pages crawled", "RSS MB", "page cache MB", "page cache entries", "bound MB"],
      r.samples.map((s) => [s.pages, s.rssMB, mb(s.pageCache?.bytes), s.pageCache?.entries, mb(s.pageCache?.limitBytes)]),
    ),
  ];
}
