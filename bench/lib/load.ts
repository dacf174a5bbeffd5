import autocannon from "autocannon";

/** One load run's figures. */
export interface LoadFigures {
  /** Mean 2xx/3xx answers per second over the run. */
  rps: number;
  p50Ms: number;
  p99Ms: number;
  requests: number;
  /** Answers with a 2xx status. */
  ok: number;
  errors: number;
  non2xx: number;
  /** The server process's CPU use during the run, in % of one core (null where unknown). */
  serverCpuPercent: number | null;
  /** This process's (autocannon's) CPU use during the run, in % of one core: near 100, the load generator was the limit. */
  loadCpuPercent: number;
}

export interface LoadOptions {
  url: string;
  connections: number;
  durationSeconds: number;
  method?: "GET" | "POST";
  headers?: Record<string, string>;
  body?: string;
  /** Requests each connection sends in turn (autocannon's `requests`), e.g. the same path with one Host header per site. */
  requests?: { path?: string; headers?: Record<string, string> }[];
  /** Per-request timeout; slow lead writes at 100,000 leads need more than autocannon's 10 s. */
  timeoutSeconds?: number;
  /** The server's CPU clock, to tell whether it or the load generator was the limit. */
  serverCpuSeconds?: () => number | null;
}

/** Drive `url` with autocannon from this process for a fixed time. */
export async function runLoad(o: LoadOptions): Promise<LoadFigures> {
  const cpuBefore = o.serverCpuSeconds?.() ?? null;
  const ownCpu = process.cpuUsage();
  const started = performance.now();
  const r = await autocannon({
    url: o.url,
    connections: o.connections,
    duration: o.durationSeconds,
    method: o.method ?? "GET",
    headers: o.headers,
    body: o.body,
    requests: o.requests,
    timeout: o.timeoutSeconds ?? 10,
  });
  const elapsedSeconds = (performance.now() - started) / 1000;
  const cpuAfter = o.serverCpuSeconds?.() ?? null;
  const own = process.cpuUsage(ownCpu);
  return {
    rps: round(r.requests.average),
    p50Ms: r.latency.p50,
    p99Ms: r.latency.p99,
    requests: r.requests.total,
    ok: r["2xx"],
    errors: r.errors + r.timeouts,
    non2xx: r.non2xx,
    serverCpuPercent: cpuBefore === null || cpuAfter === null ? null : round(((cpuAfter - cpuBefore) / elapsedSeconds) * 100),
    loadCpuPercent: round((own.user + own.system) / 1e4 / elapsedSeconds),
  };
}

/** The server's CPU time per answer, µs: what a request costs it, whichever side of the run was the limit (null where unknown). */
export const cpuPerRequestUs = (f: LoadFigures): number | null =>
  f.serverCpuPercent === null || !f.rps ? null : round(((f.serverCpuPercent / 100) * 1e6) / f.rps);

/** The run's figures, once every answer was a 2xx: a run of refusals (a rate limit, a 4xx) measures the refusal, not the work. */
export function allAnswered(f: LoadFigures, what: string): LoadFigures {
  if (f.errors || f.non2xx) throw new Error(`[bench] ${what}: ${f.non2xx} of ${f.requests} answers were not 2xx, and ${f.errors} requests failed`);
  return f;
}

/** The run with the median throughput (the middle of an odd count, the lower middle of an even one). */
export function medianRun(runs: LoadFigures[]): LoadFigures {
  const sorted = [...runs].sort((a, b) => a.rps - b.rps);
  return sorted[Math.floor((sorted.length - 1) / 2)]!;
}

/** The middle value (the mean of the two middle ones for an even count). */
export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : round((sorted[mid - 1]! + sorted[mid]!) / 2, 2);
}

/** The p-th percentile (nearest rank) of `values`. */
export function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

export const round = (n: number, digits = 0) => Math.round(n * 10 ** digits) / 10 ** digits;

/** a / b to two decimals, or null when b is not a number above zero. */
export const ratio = (a: number, b: number) => (b > 0 ? round(a / b, 2) : null);
