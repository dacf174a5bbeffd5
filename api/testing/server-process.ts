import { spawn, type ChildProcess } from "node:child_process";
import path from "node:path";
import { addAccount, signIn } from "./staff-client";
import { tempDataDir } from "./test-server";

const ROOT = path.resolve(import.meta.dirname, "../..");

export interface ServerProcess {
  child: ChildProcess;
  /** The site's URL (http://127.0.0.1:port), once it listens. */
  url: Promise<string>;
  /** Everything it printed so far. */
  output(): string;
  /** Resolves with the exit code when the process ends, however it ends. */
  exited: Promise<number | null>;
}

/**
 * The real server entry point (server/main.ts, or its build) as its own process, on free
 * loopback ports unless `env` names them: what a crash or a kill -9 cannot
 * take the test runner down with. With `fileSizeLimitKb`, no file it writes may
 * grow past that size (`ulimit -f`): a write past it fails with EFBIG, as an
 * append fails on a full disk.
 */
export function startServerProcess(
  dataDir: string,
  env: Record<string, string> = {},
  { built = false, fileSizeLimitKb }: { built?: boolean; fileSizeLimitKb?: number } = {},
): ServerProcess {
  // The sources through tsx, or (`built`) the build in dist/, which also serves the built site and widget scripts.
  const args = built ? ["dist/server/main.js"] : ["--import", "tsx", "server/main.ts"];
  const [command, argv] = fileSizeLimitKb
    ? // sh counts the limit in 512-byte blocks.
      ["/bin/sh", ["-c", `ulimit -f ${Math.floor(fileSizeLimitKb * 2)} && exec "$0" "$@"`, process.execPath, ...args]]
    : [process.execPath, args];
  const child = spawn(command, argv, {
    cwd: ROOT,
    env: { ...process.env, NODE_ENV: "test", PORT: "0", DEMO_PORT: "0", CONTACT_RATE_LIMIT: "0", HOST: "127.0.0.1", ...env, DATA_DIR: dataDir },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let out = "";
  const exited = new Promise<number | null>((r) => child.once("exit", (code) => r(code)));
  const url = new Promise<string>((resolve, reject) => {
    const onData = (d: Buffer) => {
      out += d;
      const port = /site, API and widgets listening on http:\/\/localhost:(\d+)/.exec(out)?.[1];
      if (port && out.includes("partner demo pages listening")) resolve(`http://127.0.0.1:${port}`);
    };
    child.stdout!.on("data", onData);
    child.stderr!.on("data", onData);
    void exited.then((code) => reject(new Error(`server exited with ${code}: ${out}`)));
  });
  return { child, url, output: () => out, exited };
}

/** The site origin the signed-in server process takes staff writes from. */
export const PROCESS_ORIGIN = "https://dealer.example";

/** A server process (fresh data folder) with a sales account signed in: its URL and the session cookie. */
export async function startSignedInServerProcess(env: Record<string, string> = {}): Promise<{ server: ServerProcess; url: string; cookie: string }> {
  const dataDir = await tempDataDir();
  await addAccount(dataDir, "sales@example.com", "sales", "sales password 1");
  const server = startServerProcess(dataDir, { PUBLIC_ORIGIN: PROCESS_ORIGIN, ...env });
  const url = await server.url;
  const cookie = await signIn({ url, origin: PROCESS_ORIGIN } as Parameters<typeof signIn>[0], "sales@example.com", "sales password 1");
  return { server, url, cookie };
}
