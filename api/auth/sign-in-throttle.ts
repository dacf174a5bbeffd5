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
 * window waits until its last failure is that old. An address with no recent
 * failure on it is still heard at once.
 */
export const ACCOUNT_CEILING = 20;
export const ACCOUNT_WINDOW_MS = 15 * 60_000;
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
  const ceiling = accountFailures >= ACCOUNT_CEILING ? ACCOUNT_WINDOW_MS - since : 0;
  return Math.max(0, progressive, ceiling);
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
  };
}
