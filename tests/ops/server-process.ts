/**
 * The built server and the operator's commands as an operator runs them:
 * separate processes, real ports on loopback, real files.
 */
import { spawn, type ChildProcess } from "node:child_process";
import path from "node:path";
import { buildState } from "../../scripts/build-stamp.mjs";
import { freePort } from "../../api/testing/smtp-sink";

export const ROOT = path.resolve(import.meta.dirname, "../..");

/** These tests run the build in dist/: stop with a clear message when it is missing or older than the sources. */
export function requireCurrentBuild(root = ROOT): void {
  const state = buildState(root);
  if (!state.current) throw new Error(`${state.reason}: run \`npm run build\` before these tests (npm test does)`);
}

export interface ServerProcess {
  child: ChildProcess;
  port: number;
  demoPort: number;
  url: string;
  output(): string;
  /** Resolves once the output holds `text`. */
  waitFor(text: string): Promise<void>;
  /** The exit code (null when killed by a signal). */
  exited: Promise<number | null>;
  /** Send `signal` to the process group, as a terminal's Ctrl-C or systemd does (npm, its shell and node alike). */
  signal(signal: NodeJS.Signals): void;
}

const started: ChildProcess[] = [];

/** Kill (hard) every process group a test left running. */
export function killLeftovers(): void {
  for (const c of started.splice(0)) {
    try {
      process.kill(-c.pid!, "SIGKILL");
    } catch {
      // Gone already.
    }
  }
}

/** Start `command args` in `cwd` with PORT, DEMO_PORT and DATA_DIR set; `ready` resolves when both servers listen. */
export async function startServer(
  command: string,
  args: string[],
  { cwd = ROOT, dataDir, env = {} }: { cwd?: string; dataDir: string; env?: Record<string, string> },
): Promise<ServerProcess & { ready: Promise<void> }> {
  const port = await freePort();
  const demoPort = await freePort();
  const child = spawn(command, args, {
    cwd,
    env: { ...process.env, PORT: String(port), DEMO_PORT: String(demoPort), DATA_DIR: dataDir, HOST: "127.0.0.1", CONTACT_RATE_LIMIT: "0", ...env },
    stdio: ["ignore", "pipe", "pipe"],
    // Its own process group, so that a signal reaches npm's child too.
    detached: true,
  });
  started.push(child);
  let out = "";
  const waiters: { text: string; resolve: () => void }[] = [];
  // "close": every holder of its output has exited (npm's child too), not only the process itself.
  const exited = new Promise<number | null>((resolve) => child.once("close", (code) => resolve(code)));
  const onData = (d: Buffer) => {
    out += d.toString();
    for (const w of waiters.slice()) {
      if (!out.includes(w.text)) continue;
      waiters.splice(waiters.indexOf(w), 1);
      w.resolve();
    }
  };
  child.stdout!.on("data", onData);
  child.stderr!.on("data", onData);
  const waitFor = (text: string) =>
    out.includes(text)
      ? Promise.resolve()
      : Promise.race([
          new Promise<void>((resolve) => waiters.push({ text, resolve })),
          exited.then((code) => {
            if (!out.includes(text)) throw new Error(`exited with ${code} before printing "${text}":\n${out}`);
          }),
        ]);
  return {
    child,
    port,
    demoPort,
    url: `http://127.0.0.1:${port}`,
    output: () => out,
    waitFor,
    exited,
    signal: (signal) => process.kill(-child.pid!, signal),
    ready: waitFor("partner demo pages listening"),
  };
}

/** Run a command to its end; its exit code and output. */
export function run(command: string, args: string[], { cwd = ROOT, env = {}, input }: { cwd?: string; env?: Record<string, string>; input?: string } = {}) {
  return new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve, reject) => {
    const child = spawn(command, args, { cwd, env: { ...process.env, ...env }, stdio: ["pipe", "pipe", "pipe"], detached: true });
    started.push(child);
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (d: Buffer) => (stdout += d.toString()));
    child.stderr.on("data", (d: Buffer) => (stderr += d.toString()));
    child.once("error", reject);
    child.once("close", (code) => resolve({ code, stdout, stderr }));
    // A command that exits without reading its input closes the pipe: that is no error of the test's.
    child.stdin.on("error", () => {});
    child.stdin.end(input ?? "");
  });
}
