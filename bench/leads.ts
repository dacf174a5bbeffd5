/** Part 2: POST /api/contact with 0, 10,000 and 100,000 leads already stored. */
import { mkdir, mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { readStoredLeads } from "../api/store/lead-files";
import { validLead } from "../api/testing/test-server";
import { cleanEnv, freePort, startChildServer } from "./lib/child-server";
import { writeLeadsFile } from "./lib/lead-fixtures";
import { ratio, runLoad, type LoadFigures } from "./lib/load";
import { ROOT } from "./lib/server-build";

/** Fewest 201s a run must see for its rate and p99 to mean something. */
const MIN_ANSWERS = 20;
/** How long a run lasts when a short one saw fewer than MIN_ANSWERS. */
const SLOW_RUN_SECONDS = 30;

export interface LeadsOptions {
  /** Leads already stored before each run. */
  sizes: number[];
  connections: number;
  durationSeconds: number;
  ourMain: string;
  /** Built server of a baseline commit (the design before), measured in the same run when given. */
  baselineMain?: string;
}

export type LeadsServerName = "ours" | "ours-baseline";

export interface LeadsCase {
  server: LeadsServerName;
  stored: number;
  /** Milliseconds from spawn until the server answered, on the generated leads.json (ours splits it into segments then). */
  startupMs: number;
  /** The same on a restart after the run, on the files the server itself wrote. */
  restartMs: number;
  figures: LoadFigures;
  /** Leads on disk after the run, minus those stored before: at least every 201. */
  added: number;
}

export interface LeadsResults {
  connections: number;
  durationSeconds: number;
  cases: LeadsCase[];
  /** Per server: throughput at the largest size over throughput with none stored (1 = flat). */
  flatness: Partial<Record<LeadsServerName, number | null>>;
}

export async function benchLeads(o: LeadsOptions, log: (line: string) => void): Promise<LeadsResults> {
  const servers: [LeadsServerName, string][] = [["ours", o.ourMain]];
  if (o.baselineMain) servers.unshift(["ours-baseline", o.baselineMain]);
  const body = JSON.stringify(validLead({ source: "bench" }));
  const root = await mkdtemp(path.join(os.tmpdir(), "gc-bench-leads-"));
  const cases: LeadsCase[] = [];
  try {
    for (const stored of o.sizes) {
      for (const [name, main] of servers) {
        const dataDir = path.join(root, `${name}-${stored}`);
        await mkdir(dataDir);
        await writeLeadsFile(path.join(dataDir, "leads.json"), stored);
        const [port, demoPort] = [await freePort(), await freePort()];
        const env = cleanEnv({
          NODE_ENV: "production",
          HOST: "127.0.0.1",
          PORT: String(port),
          DEMO_PORT: String(demoPort),
          DATA_DIR: dataDir,
          CONTACT_RATE_LIMIT: "0",
        });
        const start = () =>
          startChildServer({ name, command: process.execPath, args: [main], env, cwd: ROOT, port, readyPath: "/api/health", readyTimeoutMs: 120_000 });
        const server = await start();
        let figures: LoadFigures;
        try {
          const post = (durationSeconds: number) =>
            runLoad({
              url: `${server.url}/api/contact`,
              method: "POST",
              headers: { "content-type": "application/json" },
              body,
              connections: o.connections,
              durationSeconds,
              timeoutSeconds: 60,
              serverCpuSeconds: server.cpuSeconds,
            });
          figures = await post(o.durationSeconds);
          // A slow store may answer next to nothing in a short run: run longer to have a rate and a p99.
          if (figures.ok < MIN_ANSWERS) figures = await post(Math.max(o.durationSeconds, SLOW_RUN_SECONDS));
        } finally {
          await server.stop();
        }
        const restarted = await start();
        await restarted.stop();
        const added = (await readStoredLeads(dataDir)).length - stored;
        if (added < figures.ok) {
          throw new Error(`[bench] ${name} with ${stored} leads answered more 201s than it stored (${added} on disk)`);
        }
        log(`leads: ${name} with ${stored} stored: ${figures.rps} leads/s, p99 ${figures.p99Ms} ms, start-up ${server.startupMs} ms`);
        cases.push({ server: name, stored, startupMs: server.startupMs, restartMs: restarted.startupMs, figures, added });
        await rm(dataDir, { recursive: true, force: true });
      }
    }
  } finally {
    await rm(root, { recursive: true, force: true });
  }
  const flatness: LeadsResults["flatness"] = {};
  const largest = Math.max(...o.sizes);
  const smallest = Math.min(...o.sizes);
  for (const [name] of servers) {
    const at = (n: number) => cases.find((c) => c.server === name && c.stored === n)!.figures.rps;
    flatness[name] = ratio(at(largest), at(smallest));
  }
  return { connections: o.connections, durationSeconds: o.durationSeconds, cases, flatness };
}
