import { existsSync, readFileSync, rmSync } from "node:fs";

/** A server's memory after a full garbage collection, in MB. */
export interface Memory {
  rssMB: number;
  heapUsedMB: number;
  /** The heap V8 holds from the system, used or not. */
  heapTotalMB: number;
  /** Memory of C++ objects bound to JS ones (Buffers' bytes among them). */
  externalMB: number;
  /** Of which ArrayBuffers and Buffers. */
  arrayBuffersMB: number;
}

/**
 * Node flags that let a bench read a child server's heap: on SIGUSR2 the
 * child collects garbage, then writes process.memoryUsage() to the file named
 * by BENCH_PROBE_FILE (an ES module given as a data: URL, so the server's own
 * code and build are untouched). --expose-gc costs nothing until gc() is called.
 */
export const PROBE_NODE_ARGS = [
  "--expose-gc",
  "--import",
  "data:text/javascript," +
    encodeURIComponent(
      'import{writeFileSync,renameSync}from"node:fs";const f=process.env.BENCH_PROBE_FILE;' +
        'if(f)process.on("SIGUSR2",()=>{globalThis.gc?.();const m=process.memoryUsage();writeFileSync(f+".tmp",JSON.stringify(m));renameSync(f+".tmp",f);});',
    ),
];

const PROBE_POLL_MS = 5;
const PROBE_TIMEOUT_MS = 10_000;

/** Ask the child `pid` (started with PROBE_NODE_ARGS and BENCH_PROBE_FILE=`file`) for its memory, and wait for the answer. */
export async function probeMemory(pid: number, file: string): Promise<Memory> {
  rmSync(file, { force: true });
  process.kill(pid, "SIGUSR2");
  const deadline = performance.now() + PROBE_TIMEOUT_MS;
  while (!existsSync(file)) {
    if (performance.now() > deadline) throw new Error(`[bench] the server (pid ${pid}) wrote no memory figures to ${file} within ${PROBE_TIMEOUT_MS} ms`);
    await new Promise((r) => setTimeout(r, PROBE_POLL_MS));
  }
  const m = JSON.parse(readFileSync(file, "utf8")) as NodeJS.MemoryUsage;
  const mb = (bytes: number) => Math.round(bytes / 1e5) / 10;
  return { rssMB: mb(m.rss), heapUsedMB: mb(m.heapUsed), heapTotalMB: mb(m.heapTotal), externalMB: mb(m.external), arrayBuffersMB: mb(m.arrayBuffers) };
}
