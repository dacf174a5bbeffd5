import { createHash, randomBytes } from "node:crypto";
import path from "node:path";
import { z } from "zod";
import { CoalescedFile } from "./coalesced-file";
import { openJsonFile } from "./json-file";

export const SESSIONS_FILE = "staff-sessions.json";
/** 256 random bits per token. */
export const SESSION_TOKEN_BYTES = 32;
export const SESSION_IDLE_MS = 8 * 60 * 60_000;
export const SESSION_MAX_MS = 7 * 24 * 60 * 60_000;
/** Last-seen times are written at most this often per session; idle expiry is that much coarse at worst across a restart. */
const TOUCH_WRITE_MS = 60_000;

const StoredSessionSchema = z.object({
  /** SHA-256 of the token, hex: the token itself is never stored. */
  hash: z.string().regex(/^[0-9a-f]{64}$/),
  email: z.string(),
  createdAt: z.number(),
  lastSeenAt: z.number(),
});
type StoredSession = z.infer<typeof StoredSessionSchema>;
export const SessionsFileSchema = z.object({ sessions: z.array(StoredSessionSchema) });
type SessionsFile = z.infer<typeof SessionsFileSchema>;

export interface Session {
  email: string;
  /** Milliseconds since the epoch. */
  createdAt: number;
}

/** Server-side staff sessions, found by a token only its holder knows. */
export interface SessionStore {
  /** A new session for `email`: its token goes in the cookie, only its hash is stored. */
  create(email: string): Promise<{ token: string; session: Session }>;
  /** The live session a token opens (and its idle time restarts), or undefined. */
  touch(token: string): Promise<Session | undefined>;
  revoke(token: string): Promise<void>;
  /** End every session of an account (removed, or its password changed). */
  revokeAll(email: string): Promise<void>;
}

const hashToken = (token: string) => createHash("sha256").update(token).digest("hex");

/** Sessions kept in staff-sessions.json under dataDir, so that a restart signs no one out. */
export async function openSessionStore(dataDir: string, now: () => number = Date.now): Promise<SessionStore> {
  const file = new CoalescedFile(
    await openJsonFile<SessionsFile>(
      path.join(dataDir, SESSIONS_FILE),
      () => ({ sessions: [] }),
      (d) => SessionsFileSchema.parse(d),
    ),
  );
  const byHash = new Map(file.data.sessions.map((s) => [s.hash, s]));
  /** The last-seen time each session has on disk. */
  const written = new Map(file.data.sessions.map((s) => [s.hash, s.lastSeenAt]));
  const alive = (s: StoredSession, t: number) => t - s.lastSeenAt < SESSION_IDLE_MS && t - s.createdAt < SESSION_MAX_MS;
  /** Drop dead sessions, then write. */
  const save = () => {
    const t = now();
    for (const [hash, s] of byHash) if (!alive(s, t)) byHash.delete(hash);
    file.data.sessions = [...byHash.values()].map((x) => ({ ...x }));
    written.clear();
    for (const x of file.data.sessions) written.set(x.hash, x.lastSeenAt);
    return file.save();
  };

  return {
    async create(email) {
      const token = randomBytes(SESSION_TOKEN_BYTES).toString("base64url");
      const t = now();
      const s: StoredSession = { hash: hashToken(token), email, createdAt: t, lastSeenAt: t };
      byHash.set(s.hash, s);
      await save();
      return { token, session: { email, createdAt: t } };
    },
    async touch(token) {
      const s = byHash.get(hashToken(token));
      const t = now();
      if (!s) return undefined;
      if (!alive(s, t)) {
        byHash.delete(s.hash);
        await save();
        return undefined;
      }
      s.lastSeenAt = t;
      if (t - (written.get(s.hash) ?? 0) >= TOUCH_WRITE_MS) await save();
      return { email: s.email, createdAt: s.createdAt };
    },
    async revoke(token) {
      if (byHash.delete(hashToken(token))) await save();
    },
    async revokeAll(email) {
      let any = false;
      for (const [hash, s] of byHash) if (s.email === email) any = byHash.delete(hash);
      if (any) await save();
    },
  };
}
