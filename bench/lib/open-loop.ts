import { Agent, request } from "node:http";

/** One visitor's request: the site it is for (Host header) and the path; `path` may be worked out at each request. */
export interface Target {
  host: string;
  path: string | (() => string);
  /** What the answers of this target are counted under in the report (e.g. "vehicle page"). */
  kind: string;
}

/** One answer, timed from the moment it was due (not from when it was sent), so a slow server cannot slow the load. */
interface Sample {
  phase: string;
  kind: string;
  ms: number;
  status: number;
  error?: string;
  /** No answer within REQUEST_TIMEOUT_MS: `ms` is then the time waited, a lower bound. */
  timedOut?: true;
  host: string;
  path: string;
}

/** What the visitors of one phase saw. */
export interface VisitFigures {
  requests: number;
  /** Answers per second over the phase (the rate asked for, when the server kept up). */
  rps: number;
  p50Ms: number;
  p95Ms: number;
  p99Ms: number;
  maxMs: number;
  /** Answers that took more than a second (from when they were due). */
  over1s: number;
  /** Requests with no answer within REQUEST_TIMEOUT_MS (counted in the percentiles and over1s at the time waited, a lower bound). */
  timedOut: number;
  /** Requests answered with a status other than 2xx, or that failed otherwise (none, or figures() throws). */
  failed: number;
  /** The worst answer's kind (which page), to say what was slow. */
  slowest: string | null;
}

export const REQUEST_TIMEOUT_MS = 10_000;
/** Sockets the visitors may hold at once: under half the server's MAX_CONNECTIONS (1,000), past which it refuses an address's 101st. */
const MAX_SOCKETS = 256;
/**
 * How long the bench's keep-alive agents keep an idle socket: less than the server's keep-alive timeout (Node's
 * default, 5 s), since a socket reused just as the server closes it fails with ECONNRESET, which would count as the
 * server's error. Free sockets idle longer are closed by the agent (http.Agent's `timeout`).
 */
export const IDLE_SOCKET_MS = 4_000;
/** How late the scheduler may wake before it counts as a generator stall (reported, not fatal). */
const TICK_MS = 2;

/**
 * An open-loop load generator: `rate` requests a second, each due at its own time whatever the answers before it
 * (a request waits for no other; a new connection opens when every open one is busy), picked at random from `targets`.
 * Latency counts from when a request was due, so a stall of the server (or of this process) shows in the figures
 * instead of thinning the load, as a closed loop of connections would (coordinated omission).
 */
export class OpenLoopVisitors {
  readonly #agent = new Agent({ keepAlive: true, maxSockets: MAX_SOCKETS, timeout: IDLE_SOCKET_MS });
  readonly #samples: Sample[] = [];
  readonly #inFlight = new Set<Promise<void>>();
  #phase = "warm-up";
  #phaseStarted = new Map<string, number>();
  #phaseEnded = new Map<string, number>();
  #timer: NodeJS.Timeout | undefined;
  #running = false;
  /** The scheduler's worst lateness, ms: how far behind its own clock this process fell. */
  maxLagMs = 0;

  constructor(
    private readonly url: string,
    private readonly targets: readonly Target[],
    private readonly rate: number,
    private readonly headers: Record<string, string> = {},
  ) {
    if (!targets.length) throw new Error("[bench] open-loop: no targets");
  }

  /** Start sending, under the phase `phase`. */
  start(phase: string): void {
    this.#running = true;
    this.phase(phase);
    const started = performance.now();
    let sent = 0;
    const tick = () => {
      if (!this.#running) return;
      const now = performance.now();
      // Every request due by now, each timed from its own due time.
      for (;;) {
        const due = started + (sent * 1000) / this.rate;
        if (due > now) break;
        this.maxLagMs = Math.max(this.maxLagMs, now - due);
        sent++;
        this.#send(due);
      }
      const next = started + (sent * 1000) / this.rate;
      this.#timer = setTimeout(tick, Math.max(0, Math.min(TICK_MS, next - performance.now())));
    };
    tick();
  }

  /** From now on, answers count under `phase` (by when they were due). */
  phase(phase: string): void {
    const now = performance.now();
    this.#phaseEnded.set(this.#phase, now);
    this.#phase = phase;
    this.#phaseStarted.set(phase, now);
  }

  /** Stop sending and wait for the answers still to come. */
  async stop(): Promise<void> {
    this.#running = false;
    clearTimeout(this.#timer);
    this.#phaseEnded.set(this.#phase, performance.now());
    await Promise.all([...this.#inFlight]);
    this.#agent.destroy();
  }

  #send(due: number): void {
    const target = this.targets[Math.floor(Math.random() * this.targets.length)]!;
    const pathname = typeof target.path === "function" ? target.path() : target.path;
    const phase = this.#phase;
    const port = new URL(this.url).port;
    const done = new Promise<void>((resolve) => {
      let timedOut = false;
      const record = (status: number, error?: string) => {
        const sample: Sample = { phase, kind: target.kind, ms: performance.now() - due, status, error, host: target.host, path: pathname };
        this.#samples.push(timedOut ? { ...sample, timedOut: true } : sample);
        resolve();
      };
      const req = request(
        this.url + pathname,
        { agent: this.#agent, headers: { ...this.headers, host: `${target.host}:${port}` }, timeout: REQUEST_TIMEOUT_MS },
        (res) => {
          res.on("data", () => {});
          res.on("error", (err) => record(0, err.message));
          res.on("end", () => record(res.statusCode ?? 0));
        },
      );
      req.on("timeout", () => {
        timedOut = true;
        req.destroy(new Error(`no answer within ${REQUEST_TIMEOUT_MS} ms`));
      });
      req.on("error", (err) => record(0, err.message));
      req.end();
    });
    this.#inFlight.add(done);
    void done.then(() => this.#inFlight.delete(done));
  }

  /**
   * The figures of `phase`; throws, naming the first few, when any answer was not a 2xx (a refusal measures the
   * refusal, not the work). Requests not answered within REQUEST_TIMEOUT_MS count at the time waited.
   */
  figures(phase: string): VisitFigures {
    const samples = this.#samples.filter((s) => s.phase === phase);
    // A request the server did not answer in time is a measurement (a visitor kept waiting); any other failure is not.
    const failed = samples.filter((s) => !s.timedOut && (s.status < 200 || s.status >= 300));
    if (failed.length) {
      const shown = failed.slice(0, 5).map((s) => `${s.host}${s.path}: ${s.error ?? s.status}`);
      throw new Error(`[bench] open-loop (${phase}): ${failed.length} of ${samples.length} answers were not 2xx: ${shown.join("; ")}`);
    }
    if (!samples.length) throw new Error(`[bench] open-loop (${phase}): no answers`);
    const times = samples.map((s) => s.ms).sort((a, b) => a - b);
    const at = (p: number) => round1(times[Math.min(times.length - 1, Math.ceil((p / 100) * times.length) - 1)]!);
    const seconds = ((this.#phaseEnded.get(phase) ?? performance.now()) - this.#phaseStarted.get(phase)!) / 1000;
    const worst = samples.reduce((a, b) => (b.ms > a.ms ? b : a));
    return {
      requests: samples.length,
      rps: round1(samples.length / seconds),
      p50Ms: at(50),
      p95Ms: at(95),
      p99Ms: at(99),
      maxMs: round1(times.at(-1)!),
      over1s: times.filter((t) => t > 1000).length,
      timedOut: samples.filter((s) => s.timedOut).length,
      failed: failed.length,
      slowest: worst.kind,
    };
  }
}

const round1 = (n: number) => Math.round(n * 10) / 10;
