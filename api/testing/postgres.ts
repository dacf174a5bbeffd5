import { execFile, execFileSync } from "node:child_process";
import { existsSync, readdirSync } from "node:fs";
import { chmod, chown, mkdtemp, rm } from "node:fs/promises";
import { createServer } from "node:net";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import pg from "pg";

const run = promisify(execFile);

/** A throw-away PostgreSQL cluster on a loopback port, for tests and the bench. */
export interface TestPostgres {
  /** postgres://… of the cluster's `postgres` database. */
  url: string;
  /** A new empty database on the cluster; its URL. */
  createDatabase(): Promise<string>;
  /** Shut the server down (connections are refused) and start it again, on the same port with the same data: an outage. */
  pause(): Promise<void>;
  resume(): Promise<void>;
  stop(): Promise<void>;
}

/** The server binaries: PG_BIN, else Debian's newest /usr/lib/postgresql/N/bin, else PATH. */
function binDir(): string | null {
  if (process.env.PG_BIN) return process.env.PG_BIN;
  const root = "/usr/lib/postgresql";
  if (existsSync(root)) {
    const versions = readdirSync(root)
      .filter((v) => existsSync(path.join(root, v, "bin/initdb")))
      .sort((a, b) => Number(b) - Number(a));
    if (versions[0]) return path.join(root, versions[0], "bin");
  }
  try {
    return path.dirname(execFileSync("sh", ["-c", "command -v initdb"], { encoding: "utf8" }).trim()) || null;
  } catch {
    return null;
  }
}

const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const s = createServer();
    s.once("error", reject);
    s.listen(0, "127.0.0.1", () => {
      const { port } = s.address() as { port: number };
      s.close(() => resolve(port));
    });
  });

/** initdb refuses to run as root: as root, the cluster belongs to the `postgres` user (Debian's package creates it). */
function runAs(): { uid: number; gid: number } | undefined {
  if (process.getuid?.() !== 0) return undefined;
  try {
    const uid = Number(execFileSync("id", ["-u", "postgres"], { encoding: "utf8" }).trim());
    const gid = Number(execFileSync("id", ["-g", "postgres"], { encoding: "utf8" }).trim());
    return { uid, gid };
  } catch {
    throw new Error("running as root and there is no postgres user to own the test cluster");
  }
}

/**
 * Start a cluster in a temporary folder (initdb, then pg_ctl on a free
 * loopback port, no Unix socket), or say why it cannot be: the tests that
 * need it are then skipped with that reason.
 */
export async function startTestPostgres({ durable = false }: { durable?: boolean } = {}): Promise<TestPostgres | { unavailable: string }> {
  const bin = binDir();
  if (!bin || !existsSync(path.join(bin, "initdb")))
    return { unavailable: "PostgreSQL's initdb was not found (install Debian's postgresql package, or set PG_BIN)" };
  let dir: string | undefined;
  try {
    const user = runAs();
    dir = await mkdtemp(path.join(os.tmpdir(), "gc-pg-"));
    await chmod(dir, 0o700);
    if (user) await chown(dir, user.uid, user.gid);
    const data = path.join(dir, "data");
    const opts = { ...(user ?? {}), cwd: dir, env: { ...process.env, LC_ALL: "C", LANG: "C" } };
    await run(path.join(bin, "initdb"), ["-D", data, "-U", "postgres", "-A", "trust", "-E", "UTF8", ...(durable ? [] : ["--no-sync"])], opts);
    const port = await freePort();
    // Tests skip fsync (a throw-away cluster); the bench keeps it, so a commit costs what it costs in production.
    const serverOptions = `-p ${port} -c listen_addresses=127.0.0.1 -c unix_socket_directories= -c max_connections=200${durable ? "" : " -c fsync=off"}`;
    const start = () => run(path.join(bin, "pg_ctl"), ["start", "-w", "-t", "30", "-D", data, "-l", path.join(dir!, "log"), "-o", serverOptions], opts);
    await start();
    const url = `postgres://postgres@127.0.0.1:${port}/postgres`;
    let n = 0;
    const stopDir = dir;
    return {
      url,
      async createDatabase() {
        const name = `t${process.pid}_${++n}_${Date.now().toString(36)}`;
        const client = new pg.Client({ connectionString: url });
        await client.connect();
        try {
          await client.query(`CREATE DATABASE ${name}`);
        } finally {
          await client.end();
        }
        return `postgres://postgres@127.0.0.1:${port}/${name}`;
      },
      async pause() {
        await run(path.join(bin, "pg_ctl"), ["stop", "-w", "-m", "fast", "-D", data], opts);
      },
      async resume() {
        await start();
      },
      async stop() {
        await run(path.join(bin, "pg_ctl"), ["stop", "-m", "immediate", "-D", data], opts).catch(() => {});
        await rm(stopDir, { recursive: true, force: true });
      },
    };
  } catch (err) {
    if (dir) await rm(dir, { recursive: true, force: true }).catch(() => {});
    const e = err as Error & { stderr?: string };
    return { unavailable: `PostgreSQL could not be started: ${(e.stderr || e.message).trim().split("\n").slice(-3).join(" ")}` };
  }
}
