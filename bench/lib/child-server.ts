import { spawn, type ChildProcess } from "node:child_process";
import { readFileSync } from "node:fs";
import { createServer } from "node:net";
import { ROOT } from "./server-build";

/** A server running in its own process, on a loopback port. */
export interface ChildServer {
  name: string;
  url: string;
  pid: number;
  /** Milliseconds from spawn until the ready URL answered. */
  startupMs: number;
  /** CPU time (user + system) the process has used so far, in seconds; null where /proc is missing. */
  cpuSeconds(): number | null;
  /** The process's resident memory now (VmRSS), in MB (10^6 bytes, as memory-probe.ts counts); null where /proc is missing. */
  rssMB(): number | null;
  stop(): Promise<void>;
}

export interface ChildServerOptions {
  name: string;
  command: string;
  args: string[];
  env?: Record<string, string | undefined>;
  cwd?: string;
  port: number;
  /** Path polled until it answers 2xx. */
  readyPath: string;
  readyTimeoutMs?: number;
}

const READY_POLL_MS = 50;
const DEFAULT_READY_TIMEOUT_MS = 60_000;
const STOP_GRACE_MS = 3_000;

const running = new Set<ChildProcess>();

/** Kill every child still running (used on exit and on Ctrl-C). */
export function killAllChildren(): void {
  for (const child of running) child.kill("SIGKILL");
  running.clear();
}
process.once("exit", killAllChildren);
for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.once(signal, () => {
    killAllChildren();
    process.exit(130);
  });
}

/** A free loopback port (the OS picks one; another process could take it before we use it, which fails loudly). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      server.close(() => (typeof address === "object" && address ? resolve(address.port) : reject(new Error("no port"))));
    });
  });
}

/** Spawn a server process and wait until `readyPath` answers 2xx; its output is kept for the error message. */
export async function startChildServer(o: ChildServerOptions): Promise<ChildServer> {
  const started = Date.now();
  const child = spawn(o.command, o.args, { cwd: o.cwd, env: o.env as NodeJS.ProcessEnv, stdio: ["ignore", "pipe", "pipe"] });
  running.add(child);
  let output = "";
  const keep = (d: Buffer) => {
    output = (output + d.toString()).slice(-4000);
  };
  child.stdout!.on("data", keep);
  child.stderr!.on("data", keep);
  const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
  let exitCode: number | null | undefined;
  void exited.then((code) => {
    exitCode = code;
    running.delete(child);
  });

  const url = `http://127.0.0.1:${o.port}`;
  const deadline = started + (o.readyTimeoutMs ?? DEFAULT_READY_TIMEOUT_MS);
  for (;;) {
    if (exitCode !== undefined) throw new Error(`[bench] ${o.name} exited with ${exitCode} before it was ready:\n${output}`);
    if (Date.now() > deadline) {
      child.kill("SIGKILL");
      throw new Error(`[bench] ${o.name} was not ready at ${url}${o.readyPath} within ${o.readyTimeoutMs ?? DEFAULT_READY_TIMEOUT_MS} ms:\n${output}`);
    }
    try {
      const res = await fetch(url + o.readyPath, { signal: AbortSignal.timeout(2_000) });
      await res.arrayBuffer();
      if (res.ok) break;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, READY_POLL_MS));
  }
  const startupMs = Date.now() - started;

  return {
    name: o.name,
    url,
    pid: child.pid!,
    startupMs,
    cpuSeconds: () => processCpuSeconds(child.pid!),
    rssMB: () => processRssMB(child.pid!),
    async stop() {
      if (exitCode !== undefined) return;
      child.kill("SIGTERM");
      const timer = setTimeout(() => child.kill("SIGKILL"), STOP_GRACE_MS);
      await exited;
      clearTimeout(timer);
    },
  };
}

/** Clock ticks per second of /proc/<pid>/stat's times (USER_HZ, 100 on Linux). */
const CLOCK_TICKS_PER_SECOND = 100;

function processCpuSeconds(pid: number): number | null {
  try {
    // Fields after the command name (which may hold spaces): utime and stime are the 12th and 13th.
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    return (Number(fields[11]) + Number(fields[12])) / CLOCK_TICKS_PER_SECOND;
  } catch {
    return null;
  }
}

function processRssMB(pid: number): number | null {
  try {
    const kB = /^VmRSS:\s+(\d+) kB/m.exec(readFileSync(`/proc/${pid}/status`, "utf8"))?.[1];
    return kB === undefined ? null : Math.round((Number(kB) * 1024) / 1e5) / 10;
  } catch {
    return null;
  }
}

/**
 * Two free ports and the environment of a production server on them with the data folder `dataDir`, plus `extra`
 * (or what `extra` gives for the server's port, for settings that name it, like PUBLIC_ORIGIN).
 */
export async function serverEnv(
  dataDir: string,
  extra: Record<string, string> | ((port: number) => Record<string, string>) = {},
): Promise<{ port: number; env: Record<string, string | undefined> }> {
  const [port, demoPort] = [await freePort(), await freePort()];
  const more = typeof extra === "function" ? extra(port) : extra;
  return { port, env: cleanEnv({ NODE_ENV: "production", HOST: "127.0.0.1", PORT: String(port), DEMO_PORT: String(demoPort), DATA_DIR: dataDir, ...more }) };
}

/** The environment for a child: ours, minus anything that would change what is measured (mail, rate limits, ports). */
export function cleanEnv(extra: Record<string, string>): Record<string, string | undefined> {
  const env: Record<string, string | undefined> = { ...process.env };
  for (const key of ["SMTP_URL", "LEAD_TO", "LEAD_FROM", "ALLOWED_ORIGINS", "PUBLIC_ORIGIN", "DEMO_ORIGIN", "NODE_OPTIONS"]) delete env[key];
  return { ...env, ...extra };
}

export interface OurServerOptions {
  name: string;
  /** The built server's main.js (buildServer's answer, or dist/server/main.js). */
  main: string;
  dataDir: string;
  /** More of the server's environment (rate limits off, an engine's DATABASE_URL, …), or what it is for the server's port. */
  env?: Record<string, string> | ((port: number) => Record<string, string>);
  /** Node flags before main.js (e.g. PROBE_NODE_ARGS). */
  nodeArgs?: string[];
  readyTimeoutMs?: number;
}

/**
 * Our built server in its own process, on two free loopback ports (its own and the demo's), in production mode with
 * the data folder `dataDir`, from the repository's root; ready once GET /api/health answers 2xx.
 */
export async function startOurServer(o: OurServerOptions): Promise<ChildServer> {
  const { port, env } = await serverEnv(o.dataDir, o.env);
  return startChildServer({
    name: o.name,
    command: process.execPath,
    args: [...(o.nodeArgs ?? []), o.main],
    env,
    cwd: ROOT,
    port,
    readyPath: "/api/health",
    readyTimeoutMs: o.readyTimeoutMs ?? 120_000,
  });
}
