/**
 * Part scale-leads: the built server with
 * 1k / 100k / 1M stored leads, on lowdb and on PostgreSQL: time from launch
 * to /api/health, RSS then and once every lead is readable, the inbox's
 * search and counts, unfiltered and by status (median of a few requests), lead posts (median of 3 bursts) beside the
 * smallest size, and GET / p99 during a CSV export against the quiet figure.
 */
import { existsSync, readFileSync } from "node:fs";
import { mkdir, mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { validLead } from "../api/testing/test-server";
import { startTestPostgres } from "../api/testing/postgres";
import { openStores } from "../api/store/open-stores";
import { serverEnv, startChildServer } from "./lib/child-server";
import { insertPgLeads, writeLeadSegments } from "./lib/lead-fixtures";
import { allAnswered, median, medianRun, ratio, round, runLoad, type LoadFigures } from "./lib/load";
import { table } from "./lib/markdown-table";
import { ROOT } from "./lib/server-build";
import { signIn } from "./lib/staff-session";

export interface ScaleLeadsOptions {
  sizes: number[];
  engines: ("lowdb" | "postgres")[];
  durationSeconds: number;
  /** Requests per latency figure (search, counts). */
  samples: number;
  ourMain: string;
}

export interface ScaleLeadsCase {
  engine: "lowdb" | "postgres";
  stored: number;
  healthMs: number;
  /** Resident memory at /api/health, and once every lead is readable (after the first count), MB. */
  rssAtHealthMb: number | null;
  rssReadyMb: number | null;
  /** The first count after launch (lowdb: waits for the archives), then medians. */
  firstCountMs: number;
  /** Medians: every lead counted (PostgreSQL: running totals), and one status. */
  allCountMs: number;
  countMs: number;
  searchMs: number;
  postsPerSecond: number;
  quietP99Ms: number;
  exportP99Ms: number;
  exportMs: number;
}

export interface ScaleLeadsResults {
  cases: ScaleLeadsCase[];
}

/** Bursts of lead posts per case; their median is reported. */
const POST_BURSTS = 3;

const rssMb = (pid: number): number | null => {
  try {
    const kb = /VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, "utf8"))?.[1];
    return kb ? round(Number(kb) / 1024) : null;
  } catch {
    return null;
  }
};

async function timed(run: () => Promise<Response>): Promise<number> {
  const t = performance.now();
  const res = await run();
  await res.arrayBuffer();
  if (!res.ok) throw new Error(`[bench] scale-leads: ${res.url} answered ${res.status}`);
  return performance.now() - t;
}

export async function benchScaleLeads(o: ScaleLeadsOptions, log: (line: string) => void): Promise<ScaleLeadsResults> {
  if (!existsSync(path.join(ROOT, "dist/site"))) throw new Error("[bench] scale-leads: run `npm run build` first (it measures GET / of the built site)");
  const cases: ScaleLeadsCase[] = [];
  // A durable cluster (fsync on), as in production: a lead post answers once its commit is on disk, as on lowdb.
  const pgStarted = o.engines.includes("postgres") ? await startTestPostgres({ durable: true }) : null;
  const postgres = pgStarted && "url" in pgStarted ? pgStarted : null;
  if (pgStarted && !postgres) log(`scale-leads: PostgreSQL skipped: ${(pgStarted as { unavailable: string }).unavailable}`);
  const account = { email: "bench@staff.example", role: "sales" as const, password: "bench password 1" };
  try {
    for (const engine of o.engines) {
      if (engine === "postgres" && !postgres) continue;
      for (const stored of o.sizes) {
        const root = await mkdtemp(path.join(os.tmpdir(), "gc-bench-scale-leads-"));
        const dataDir = path.join(root, "data");
        await mkdir(dataDir);
        let databaseUrl: string | undefined;
        const filled = performance.now();
        if (engine === "postgres") {
          databaseUrl = await postgres!.createDatabase();
          const stores = await openStores({ dataDir, databaseUrl, leadOrigins: [] });
          await stores.staff.accounts.add(account);
          await stores.close();
          await insertPgLeads(databaseUrl, stored);
        } else {
          await writeLeadSegments(dataDir, stored);
          const stores = await openStores({ dataDir, databaseUrl: null, leadOrigins: [] });
          await stores.staff.accounts.add(account);
          await stores.close();
        }
        log(`scale-leads: ${engine} ${stored.toLocaleString("en")} leads written in ${Math.round(performance.now() - filled)} ms`);
        // No contact rate limit: every post of the bursts below comes from one address, and the 21st would be refused.
        const { port, env } = await serverEnv(dataDir, { CONTACT_RATE_LIMIT: "0", ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}) });
        const server = await startChildServer({
          name: `scale-leads ${engine} ${stored}`,
          command: process.execPath,
          args: [o.ourMain],
          env,
          cwd: ROOT,
          port,
          readyPath: "/api/health",
          readyTimeoutMs: 300_000,
        });
        try {
          const rssAtHealthMb = rssMb(server.pid);
          const headers = { cookie: await signIn(server.url, account, "scale-leads") };
          const get = (p: string) => () => fetch(`${server.url}${p}`, { headers });
          const firstCountMs = await timed(get("/api/staff/leads/counts"));
          const rssReadyMb = rssMb(server.pid);
          const allCounts: number[] = [];
          const counts: number[] = [];
          const searches: number[] = [];
          for (let i = 0; i < o.samples; i++) {
            allCounts.push(await timed(get("/api/staff/leads/counts")));
            counts.push(await timed(get("/api/staff/leads/counts?status=contacted")));
            searches.push(await timed(get(`/api/staff/leads?q=visitor${(i * 7919) % Math.max(stored, 1)}@&limit=50`)));
          }
          // The median of a few bursts after a shorter one that warms the server up (the first burst after launch was the
          // slowest of its case): a post waits for its fsync, and one burst's rate moved by ±20 % from run to run.
          const postBurst = async (durationSeconds: number) =>
            allAnswered(
              await runLoad({
                url: `${server.url}/api/contact`,
                method: "POST",
                headers: { "content-type": "application/json", origin: server.url },
                body: JSON.stringify(validLead()),
                connections: 10,
                durationSeconds,
              }),
              `scale-leads ${engine} ${stored} lead posts`,
            );
          await postBurst(Math.min(2, o.durationSeconds));
          const bursts: LoadFigures[] = [];
          for (let i = 0; i < POST_BURSTS; i++) bursts.push(await postBurst(o.durationSeconds));
          const posts = medianRun(bursts);
          const loadHome = async (when: string) =>
            allAnswered(await runLoad({ url: `${server.url}/`, connections: 10, durationSeconds: o.durationSeconds }), `scale-leads GET / ${when}`);
          const quiet = await loadHome("quiet");
          // GET / under the same load while one export streams every lead.
          const exportStarted = performance.now();
          let exportMs = 0;
          const exporting = timed(get("/api/staff/leads.csv")).then((ms) => (exportMs = ms));
          const during = await loadHome("during an export");
          await exporting;
          exportMs ||= performance.now() - exportStarted;
          const c: ScaleLeadsCase = {
            engine,
            stored,
            healthMs: server.startupMs,
            rssAtHealthMb,
            rssReadyMb,
            firstCountMs: round(firstCountMs),
            allCountMs: round(median(allCounts), 1),
            countMs: round(median(counts), 1),
            searchMs: round(median(searches), 1),
            postsPerSecond: posts.rps,
            quietP99Ms: quiet.p99Ms,
            exportP99Ms: during.p99Ms,
            exportMs: round(exportMs),
          };
          cases.push(c);
          log(`scale-leads: ${JSON.stringify(c)}`);
        } finally {
          await server.stop();
          await rm(root, { recursive: true, force: true });
        }
      }
    }
  } finally {
    await postgres?.stop();
  }
  return { cases };
}

/** The part's table, with the goals' ratios: posts beside the smallest size, GET / p99 during an export beside quiet. */
export function scaleLeadsMarkdown(r: ScaleLeadsResults): string {
  const smallest = (engine: string) => r.cases.find((c) => c.engine === engine);
  return table(
    [
      "engine",
      "leads",
      "to /api/health ms",
      "RSS MB (health / all readable)",
      "first count ms",
      "count ms (all / status)",
      "search ms",
      "posts/s (× smallest)",
      "GET / p99 quiet / export ms (×)",
      "export ms",
    ],
    r.cases.map((c) => [
      c.engine,
      c.stored.toLocaleString("en"),
      c.healthMs,
      `${c.rssAtHealthMb} / ${c.rssReadyMb}`,
      c.firstCountMs,
      `${c.allCountMs} / ${c.countMs}`,
      c.searchMs,
      `${c.postsPerSecond} (${ratio(c.postsPerSecond, smallest(c.engine)!.postsPerSecond)})`,
      `${c.quietP99Ms} / ${c.exportP99Ms} (${ratio(c.exportP99Ms, c.quietP99Ms)})`,
      c.exportMs,
    ]),
  );
}
