/**
 * Part 7: PostgreSQL beside lowdb in the same run: GET /api/vehicles
 * throughput of each engine, lead posts per second with lowdb, one PostgreSQL
 * server and two PostgreSQL servers on one database, and how long a catalogue
 * change made through one server takes to be served by the other.
 */
import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { openDatabase } from "../api/store/pg/database";
import { pgAccountStore } from "../api/store/pg/staff-stores";
import { startTestPostgres } from "../api/testing/postgres";
import { validLead } from "../api/testing/test-server";
import { serverEnv, startChildServer, type ChildServer } from "./lib/child-server";
import { runLoad, type LoadFigures } from "./lib/load";
import { ROOT } from "./lib/server-build";
import { signIn } from "./lib/staff-session";

export interface PostgresOptions {
  ourMain: string;
  connections: number;
  durationSeconds: number;
  /** Catalogue changes timed between the two servers. */
  changes: number;
}

export interface PostgresResults {
  /** Why nothing was measured (no PostgreSQL on this machine), or null. */
  unavailable: string | null;
  vehicles?: { lowdb: LoadFigures; postgres: LoadFigures };
  leads?: { lowdb: LoadFigures; postgresOne: LoadFigures; postgresTwo: { rps: number; each: LoadFigures[] } };
  propagation?: { changes: number; medianMs: number; p95Ms: number; maxMs: number };
}

const PASSWORD = "bench password 12";

export async function benchPostgres(o: PostgresOptions, log: (line: string) => void): Promise<PostgresResults> {
  // fsync on, as in production: lowdb's writes are fsynced too.
  const cluster = await startTestPostgres({ durable: true });
  if ("unavailable" in cluster) {
    log(`postgres: skipped: ${cluster.unavailable}`);
    return { unavailable: cluster.unavailable };
  }
  const root = await mkdtemp(path.join(os.tmpdir(), "gc-bench-pg-"));
  const servers: ChildServer[] = [];
  const start = async (name: string, extra: Record<string, string>) => {
    const { port, env } = await serverEnv(path.join(root, name), (port) => ({
      PUBLIC_ORIGIN: `http://127.0.0.1:${port}`,
      CONTACT_RATE_LIMIT: "0",
      STAFF_SIGNIN_RATE_LIMIT: "0",
      ...extra,
    }));
    const server = await startChildServer({
      name,
      command: process.execPath,
      args: [o.ourMain],
      env,
      cwd: ROOT,
      port,
      readyPath: "/api/health",
    });
    servers.push(server);
    return server;
  };
  const stopAll = async () => {
    for (const s of servers.splice(0)) await s.stop();
  };
  const load = (server: ChildServer, method: "GET" | "POST", url: string) =>
    runLoad({
      url: `${server.url}${url}`,
      method,
      connections: o.connections,
      durationSeconds: o.durationSeconds,
      ...(method === "POST" ? { headers: { "content-type": "application/json" }, body: JSON.stringify(validLead({ source: "bench" })) } : {}),
      serverCpuSeconds: server.cpuSeconds,
    });

  try {
    // Reads: both engines serve the catalogue from memory.
    const lowdb = await start("lowdb", {});
    const pgOne = await start("pg-a", { DATABASE_URL: await cluster.createDatabase() });
    const vehicles = { lowdb: await load(lowdb, "GET", "/api/vehicles"), postgres: await load(pgOne, "GET", "/api/vehicles") };
    log(`postgres: GET /api/vehicles lowdb ${vehicles.lowdb.rps} req/s, PostgreSQL ${vehicles.postgres.rps} req/s`);
    const leadsLowdb = await load(lowdb, "POST", "/api/contact");
    const leadsOne = await load(pgOne, "POST", "/api/contact");
    await stopAll();

    // Lead posts to two servers on one database at once.
    const url = await cluster.createDatabase();
    const [a, b] = [await start("pg-two-a", { DATABASE_URL: url }), await start("pg-two-b", { DATABASE_URL: url })];
    const each = await Promise.all([load(a, "POST", "/api/contact"), load(b, "POST", "/api/contact")]);
    const leads = { lowdb: leadsLowdb, postgresOne: leadsOne, postgresTwo: { rps: Math.round(each[0]!.rps + each[1]!.rps), each } };
    log(`postgres: lead posts/s lowdb ${leadsLowdb.rps}, PostgreSQL one server ${leadsOne.rps}, two servers ${leads.postgresTwo.rps}`);

    // Propagation: a staff edit through A, timed until B's GET /api/vehicles/:id serves it.
    const db = await openDatabase(url, { max: 1, listen: false });
    await pgAccountStore(db).add({ email: "bench@example.com", role: "sales", password: PASSWORD });
    await db.close();
    const cookie = await signIn(a.url, { email: "bench@example.com", password: PASSWORD }, "postgres");
    const list = (await (await fetch(`${b.url}/api/vehicles`)).json()) as { id: string }[];
    const id = list[0]!.id;
    const times: number[] = [];
    for (let i = 0; i < o.changes; i++) {
      const current = await fetch(`${a.url}/api/staff/vehicles/${id}`, { headers: { cookie } });
      const vehicle = (await current.json()) as Record<string, unknown>;
      const name = `Bench ${i} ${Date.now()}`;
      const started = performance.now();
      const put = await fetch(`${a.url}/api/staff/vehicles/${id}`, {
        method: "PUT",
        headers: { cookie, origin: a.url, "content-type": "application/json", "if-match": current.headers.get("etag")! },
        body: JSON.stringify({ ...vehicle, name }),
      });
      if (put.status !== 200) throw new Error(`[bench] staff PUT answered ${put.status}: ${await put.text()}`);
      for (;;) {
        const seen = (await (await fetch(`${b.url}/api/vehicles/${id}`)).json()) as { name: string };
        if (seen.name === name) break;
      }
      times.push(performance.now() - started);
    }
    times.sort((x, y) => x - y);
    const at = (q: number) => Math.round(times[Math.min(times.length - 1, Math.floor(q * times.length))]! * 10) / 10;
    const propagation = { changes: times.length, medianMs: at(0.5), p95Ms: at(0.95), maxMs: at(1) };
    log(`postgres: a change through A served by B after ${propagation.medianMs} ms (median), p95 ${propagation.p95Ms} ms, of ${times.length}`);
    return { unavailable: null, vehicles, leads, propagation };
  } finally {
    await stopAll();
    await cluster.stop();
    await rm(root, { recursive: true, force: true });
  }
}
