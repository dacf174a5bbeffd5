/** Part 5: the staff leads inbox (GET /api/staff/leads) with 100,000 stored leads, the archive segments included. */
import { mkdir, mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { addAccount } from "../api/testing/staff-client";
import { startOurServer } from "./lib/child-server";
import { writeLeadsFile } from "./lib/lead-fixtures";
import { runLoad, type LoadFigures } from "./lib/load";
import { signIn } from "./lib/staff-session";

export interface InboxOptions {
  /** Leads stored (split by the server into leads.json and archive segments at its first start). */
  stored: number;
  /** One connection: each request waits for the one before, so the latencies are answer times. */
  durationSeconds: number;
  ourMain: string;
}

export interface InboxCase {
  name: string;
  path: string;
  figures: LoadFigures;
}

export interface InboxResults {
  stored: number;
  durationSeconds: number;
  cases: InboxCase[];
}

/** What the console asks for: the first page, then the pages and filters that make the server walk every lead. */
const CASES = (stored: number): { name: string; path: string }[] => [
  { name: "first page (50, newest first)", path: "/api/staff/leads" },
  { name: "first page of 500", path: "/api/staff/leads?limit=500" },
  { name: "one interest (a quarter of the leads)", path: "/api/staff/leads?interest=parts" },
  { name: "a source label (a third)", path: "/api/staff/leads?source=resort-landing" },
  { name: "search for one visitor's e-mail (walks every lead)", path: `/api/staff/leads?q=visitor${Math.max(0, Math.floor(stored / 7))}%40example.com` },
  { name: "search that matches nothing (walks every lead)", path: "/api/staff/leads?q=no-such-words-anywhere" },
  { name: "status won: none yet (walks every lead)", path: "/api/staff/leads?status=won" },
  { name: "counts per status, interest and source (every lead)", path: "/api/staff/leads/counts" },
];

export async function benchInbox(o: InboxOptions, log: (line: string) => void): Promise<InboxResults> {
  const root = await mkdtemp(path.join(os.tmpdir(), "gc-bench-inbox-"));
  const dataDir = path.join(root, "data");
  const cases: InboxCase[] = [];
  try {
    await mkdir(dataDir);
    await writeLeadsFile(path.join(dataDir, "leads.json"), o.stored);
    const account = { email: "bench@staff.example", password: "bench password 1" };
    await addAccount(dataDir, account.email, "sales", account.password);
    const server = await startOurServer({ name: "inbox", main: o.ourMain, dataDir });
    try {
      const cookie = await signIn(server.url, account, "inbox");
      for (const c of CASES(o.stored)) {
        const check = await fetch(`${server.url}${c.path}`, { headers: { cookie } });
        if (check.status !== 200) throw new Error(`[bench] inbox ${c.path} answered ${check.status}`);
        const figures = await runLoad({
          url: `${server.url}${c.path}`,
          headers: { cookie },
          connections: 1,
          durationSeconds: o.durationSeconds,
          serverCpuSeconds: server.cpuSeconds,
        });
        log(`inbox: ${c.name} with ${o.stored} stored: p50 ${figures.p50Ms} ms, p99 ${figures.p99Ms} ms, ${figures.rps} req/s`);
        cases.push({ ...c, figures });
      }
    } finally {
      await server.stop();
    }
  } finally {
    await rm(root, { recursive: true, force: true });
  }
  return { stored: o.stored, durationSeconds: o.durationSeconds, cases };
}
