import { ACCOUNT_WINDOW_MS, FORGET_MS, type SignInThrottleStore, type ThrottleState } from "../../auth/sign-in-throttle";
import type { Database } from "./database";

/**
 * The sign-in throttle in PostgreSQL (staff_sign_in_failures), so that every
 * instance counts the failures made on all of them: one row per (e-mail,
 * address), bumped in one statement. Forgotten pairs go at each failure.
 */
export function pgSignInThrottle(db: Database, now: () => number = Date.now): SignInThrottleStore {
  const state = async (email: string, address: string, t: number, since: number): Promise<ThrottleState> => {
    const { rows } = await db.pool.query<{ address: string; failures: number; last_at: string }>(
      "SELECT address, failures, last_at FROM staff_sign_in_failures WHERE email = $1 AND last_at > $2 AND last_at >= $3",
      [email, t - FORGET_MS, since],
    );
    const own = rows.find((r) => r.address === address);
    const accountFailures = rows.filter((r) => t - Number(r.last_at) < ACCOUNT_WINDOW_MS).reduce((sum, r) => sum + r.failures, 0);
    return { at: t, pair: own ? { failures: own.failures, lastAt: Number(own.last_at) } : null, accountFailures };
  };
  return {
    state: (email, address, since) => state(email, address, now(), since),
    async fail(email, address, since) {
      const t = now();
      await db.pool.query(
        `INSERT INTO staff_sign_in_failures (email, address, failures, last_at) VALUES ($1, $2, 1, $3)
         ON CONFLICT (email, address) DO UPDATE SET
           failures = CASE WHEN staff_sign_in_failures.last_at <= $4::bigint OR staff_sign_in_failures.last_at < $5::bigint THEN 1 ELSE staff_sign_in_failures.failures + 1 END,
           last_at = $3`,
        [email, address, t, t - FORGET_MS, since],
      );
      await db.pool.query("DELETE FROM staff_sign_in_failures WHERE last_at <= $1::bigint", [t - FORGET_MS]);
      return state(email, address, t, since);
    },
    async succeed(email, address) {
      await db.pool.query("DELETE FROM staff_sign_in_failures WHERE email = $1 AND address = $2", [email, address]);
    },
    async clear(email) {
      await db.pool.query("DELETE FROM staff_sign_in_failures WHERE email = $1", [email]);
    },
    async pairs() {
      const t = now();
      const { rows } = await db.pool.query<{ email: string; address: string; failures: number; last_at: string }>(
        "SELECT email, address, failures, last_at FROM staff_sign_in_failures WHERE last_at > $1",
        [t - FORGET_MS],
      );
      return { at: t, rows: rows.map((r) => ({ email: r.email, address: r.address, failures: r.failures, lastAt: Number(r.last_at) })) };
    },
  };
}
