/**
 * The sign-in throttle (docs/decisions/0017-sign-in-throttle.md): failed
 * sign-ins are counted per (e-mail as typed, address), whether or not the
 * e-mail is an account's, so a known e-mail and an unknown one are throttled
 * alike. An attacker's failures slow down only the attacker's own addresses:
 * the owner signing in from a clean address is never held back by them.
 */

/** Failures in a row from one address to one e-mail before that pair waits. */
export const FREE_FAILURES = 5;
/** The first wait; each further failure doubles it, up to MAX_WAIT_MS. */
export const FIRST_WAIT_MS = 60_000;
export const MAX_WAIT_MS = 15 * 60_000;
/**
 * Failures to one e-mail, from all addresses, within ACCOUNT_WINDOW_MS that
 * mean it is under attack: then every address that failed on it within that
 * window waits after each failure, ATTACK_FIRST_WAIT_MS after its first,
 * doubling with each further one up to ACCOUNT_WINDOW_MS. The real user who
 * mistypes once waits seconds, not the whole window; a bot's address is down
 * to one guess per window after about seven. An address with no recent failure
 * on it is still heard at once.
 */
export const ACCOUNT_CEILING = 20;
export const ACCOUNT_WINDOW_MS = 15 * 60_000;
export const ATTACK_FIRST_WAIT_MS = 10_000;
/** A pair with no failure for this long is forgotten. */
export const FORGET_MS = 24 * 60 * 60_000;

/** One (e-mail, address) pair's failures in a row and the time of the last (ms since the epoch). */
export interface PairRecord {
  failures: number;
  lastAt: number;
}

/** What the throttle knows before an attempt: the pair's record and the e-mail's recent failures from every address. */
export interface ThrottleState {
  /** When it was read (ms since the epoch, the store's clock). */
  at: number;
  pair: PairRecord | null;
  /** Failures to this e-mail, all addresses, whose pair failed within ACCOUNT_WINDOW_MS. */
  accountFailures: number;
}

/** How long (ms) the pair must wait before its password is checked again; 0 for now. */
export function throttleWait({ at, pair, accountFailures }: ThrottleState): number {
  if (!pair || pair.failures === 0 || at - pair.lastAt >= FORGET_MS) return 0;
  const since = at - pair.lastAt;
  const progressive = pair.failures >= FREE_FAILURES ? Math.min(FIRST_WAIT_MS * 2 ** (pair.failures - FREE_FAILURES), MAX_WAIT_MS) - since : 0;
  const ceiling = accountFailures >= ACCOUNT_CEILING ? Math.min(ATTACK_FIRST_WAIT_MS * 2 ** (pair.failures - 1), ACCOUNT_WINDOW_MS) - since : 0;
  return Math.max(0, progressive, ceiling);
}

/** One remembered (e-mail, address) pair, as a store lists them. */
export interface PairRow extends PairRecord {
  email: string;
  address: string;
}

/** A pair that must wait before its password is checked again, and until when (ms since the epoch). */
export interface SignInWait {
  email: string;
  address: string;
  until: number;
}

/**
 * The pairs among `rows` (every remembered pair, read at `at`) that wait now, by throttleWait's rule, longest wait
 * first; `since(email)` forgives failures before it, as at sign-in (the account's last password change).
 */
export function signInWaits({ at, rows }: { at: number; rows: readonly PairRow[] }, since: (email: string) => number): SignInWait[] {
  const byEmail = new Map<string, PairRow[]>();
  for (const r of rows) if (r.lastAt >= since(r.email)) byEmail.set(r.email, [...(byEmail.get(r.email) ?? []), r]);
  const waits: SignInWait[] = [];
  for (const [email, pairs] of byEmail) {
    const accountFailures = sumRecent(pairs, at, 0);
    for (const pair of pairs) {
      const wait = throttleWait({ at, pair, accountFailures });
      if (wait > 0) waits.push({ email, address: pair.address, until: at + wait });
    }
  }
  return waits.sort((a, b) => b.until - a.until);
}

/**
 * Where failures are counted: in this process's memory with lowdb (one
 * server), in PostgreSQL otherwise, so that every instance counts them.
 * E-mails are lower-cased before they get here.
 */
export interface SignInThrottleStore {
  /** `since`: failures before it are forgiven (the account's last password change; 0 for an unknown e-mail). */
  state(email: string, address: string, since: number): Promise<ThrottleState>;
  /** Count a failure; the state after it. */
  fail(email: string, address: string, since: number): Promise<ThrottleState>;
  /** A success from this address: its count starts again. */
  succeed(email: string, address: string): Promise<void>;
  /** Forget every failure to this e-mail (an owner's unlock, a password reset). */
  clear(email: string): Promise<void>;
  /** Every pair not yet forgotten, and when they were read (for signInWaits: who waits, on Accounts). */
  pairs(): Promise<{ at: number; rows: PairRow[] }>;
}

/** Pairs the memory store keeps at most; past it, the oldest go first. */
export const MEMORY_MAX_PAIRS = 10_000;

const sumRecent = (pairs: Iterable<PairRecord>, now: number, since: number) => {
  let sum = 0;
  for (const p of pairs) if (now - p.lastAt < ACCOUNT_WINDOW_MS && p.lastAt >= since) sum += p.failures;
  return sum;
};

/** The throttle in this process's memory (lowdb: one server; a restart forgets it). */
export function memorySignInThrottle(now: () => number = Date.now): SignInThrottleStore {
  const byEmail = new Map<string, Map<string, PairRecord>>();
  let size = 0;
  const state = (email: string, address: string, t: number, since: number): ThrottleState => {
    const pairs = byEmail.get(email);
    const pair = pairs?.get(address);
    return { at: t, pair: pair && pair.lastAt >= since ? pair : null, accountFailures: pairs ? sumRecent(pairs.values(), t, since) : 0 };
  };
  const prune = (t: number) => {
    const all: { email: string; address: string; lastAt: number }[] = [];
    for (const [email, pairs] of byEmail)
      for (const [address, p] of pairs) {
        if (t - p.lastAt >= FORGET_MS) pairs.delete(address);
        else all.push({ email, address, lastAt: p.lastAt });
      }
    all.sort((a, b) => a.lastAt - b.lastAt);
    for (const old of all.slice(0, Math.max(0, all.length - MEMORY_MAX_PAIRS))) byEmail.get(old.email)?.delete(old.address);
    size = 0;
    for (const [email, pairs] of byEmail) {
      if (pairs.size === 0) byEmail.delete(email);
      size += pairs.size;
    }
  };
  return {
    state: async (email, address, since) => state(email, address, now(), since),
    async fail(email, address, since) {
      const t = now();
      let pairs = byEmail.get(email);
      if (!pairs) byEmail.set(email, (pairs = new Map()));
      const before = pairs.get(address);
      if (!before) size++;
      const counts = before && t - before.lastAt < FORGET_MS && before.lastAt >= since;
      pairs.set(address, { failures: counts ? before.failures + 1 : 1, lastAt: t });
      if (size > MEMORY_MAX_PAIRS) prune(t);
      return state(email, address, t, since);
    },
    async succeed(email, address) {
      const pairs = byEmail.get(email);
      if (pairs?.delete(address)) size--;
    },
    async clear(email) {
      size -= byEmail.get(email)?.size ?? 0;
      byEmail.delete(email);
    },
    async pairs() {
      const t = now();
      const rows: PairRow[] = [];
      for (const [email, pairs] of byEmail)
        for (const [address, p] of pairs) if (t - p.lastAt < FORGET_MS) rows.push({ email, address, failures: p.failures, lastAt: p.lastAt });
      return { at: t, rows };
    },
  };
}
