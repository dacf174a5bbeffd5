import type { ClientRateLimitInfo, Options, Store } from "express-rate-limit";
import type { Database } from "./database";

/**
 * express-rate-limit's counters in PostgreSQL, so a limit counts a visitor's
 * requests to every instance: one row per key, its count and the end of its
 * window, bumped in one statement (an expired window starts again at 1).
 */
export class PgRateLimitStore implements Store {
  #windowMs = 60_000;
  /** Keys of different limits never meet. */
  readonly prefix: string;
  /** Counted in the database, shared by every instance. */
  readonly localKeys = false;

  constructor(
    private readonly db: Database,
    prefix: string,
    private readonly now: () => number = Date.now,
  ) {
    this.prefix = `${prefix}:`;
  }

  init(options: Options): void {
    this.#windowMs = options.windowMs;
  }

  async increment(key: string): Promise<ClientRateLimitInfo> {
    const t = this.now();
    const { rows } = await this.db.pool.query<{ hits: number; reset_at: string }>(
      `INSERT INTO rate_limits (key, hits, reset_at) VALUES ($1, 1, $3)
       ON CONFLICT (key) DO UPDATE SET
         hits = CASE WHEN rate_limits.reset_at <= $2 THEN 1 ELSE rate_limits.hits + 1 END,
         reset_at = CASE WHEN rate_limits.reset_at <= $2 THEN $3 ELSE rate_limits.reset_at END
       RETURNING hits, reset_at`,
      [this.prefix + key, t, t + this.#windowMs],
    );
    return { totalHits: rows[0]!.hits, resetTime: new Date(Number(rows[0]!.reset_at)) };
  }

  async get(key: string): Promise<ClientRateLimitInfo | undefined> {
    const { rows } = await this.db.pool.query<{ hits: number; reset_at: string }>("SELECT hits, reset_at FROM rate_limits WHERE key = $1 AND reset_at > $2", [
      this.prefix + key,
      this.now(),
    ]);
    return rows[0] && { totalHits: rows[0].hits, resetTime: new Date(Number(rows[0].reset_at)) };
  }

  async decrement(key: string): Promise<void> {
    await this.db.pool.query("UPDATE rate_limits SET hits = GREATEST(hits - 1, 0) WHERE key = $1", [this.prefix + key]);
  }

  async resetKey(key: string): Promise<void> {
    await this.db.pool.query("DELETE FROM rate_limits WHERE key = $1", [this.prefix + key]);
  }
}
