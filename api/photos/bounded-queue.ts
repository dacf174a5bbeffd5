import { HttpError } from "../http-error";

/** The first guess at one job's time, before any has run: about a 12-megapixel photo on a 2-core server (bench/photos.ts). */
const FIRST_ESTIMATE_MS = 3000;

/** A 503 for a job the queue has no room for, with the seconds to wait before trying again. */
export class QueueFullError extends HttpError {
  constructor(
    message: string,
    readonly retryAfterSeconds: number,
  ) {
    super(503, message);
  }
}

/**
 * Jobs run `concurrency` at a time, in the order they came, and at most
 * `limit` are admitted at once: running, waiting for their turn, or still
 * gathering their input. Past that, `run` throws QueueFullError at once,
 * before any input is read or held.
 */
export class BoundedQueue {
  private admitted = 0;
  private running = 0;
  private readonly turns: (() => void)[] = [];
  /** Mean time of the recent jobs (a moving average), for Retry-After. */
  private meanMs = FIRST_ESTIMATE_MS;

  constructor(
    private readonly concurrency: number,
    private readonly limit: number,
    private readonly fullMessage: (retryAfterSeconds: number) => string,
  ) {}

  /** Jobs admitted now (running, waiting or gathering input). */
  get length(): number {
    return this.admitted;
  }

  /**
   * Admit a job (or throw QueueFullError), gather its input with `prepare`
   * while others run, then `work` on it in its turn.
   */
  async run<I, T>(prepare: () => Promise<I>, work: (input: I) => Promise<T>): Promise<T> {
    if (this.admitted >= this.limit) {
      const seconds = Math.max(1, Math.ceil((this.meanMs * this.admitted) / this.concurrency / 1000));
      throw new QueueFullError(this.fullMessage(seconds), seconds);
    }
    this.admitted++;
    try {
      const input = await prepare();
      if (this.running >= this.concurrency) await new Promise<void>((turn) => this.turns.push(turn));
      else this.running++;
      const started = performance.now();
      try {
        return await work(input);
      } finally {
        this.meanMs = 0.7 * this.meanMs + 0.3 * (performance.now() - started);
        // The turn passes straight to the next job waiting, so `running` stays as it is; otherwise one place frees.
        const next = this.turns.shift();
        if (next) next();
        else this.running--;
      }
    } finally {
      this.admitted--;
    }
  }
}
