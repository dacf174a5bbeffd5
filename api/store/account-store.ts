import { stat } from "node:fs/promises";
import path from "node:path";
import { z } from "zod";
import { StaffAccountSchema, type NewStaffAccount, type StaffAccount } from "../../domain/staff";
import { dummyHash, hashPassword, verifyPassword } from "../auth/password";
import { CorruptDataFileError } from "./json-file";
import { withFileLock } from "./file-lock";
import { mkdirPrivate } from "./file-modes";
import { DurableJsonFile } from "./durable-file";

export const ACCOUNTS_FILE = "staff-accounts.json";
/** Failed sign-ins in a row that lock an account. */
export const MAX_FAILURES = 5;
export const LOCK_MS = 15 * 60_000;

const StoredAccountSchema = StaffAccountSchema.extend({
  passwordHash: z.string().startsWith("scrypt$"),
  /** Set by every password change: sessions begun before it are dead. */
  passwordChangedAt: z.iso.datetime(),
  failures: z.number().int().nonnegative().default(0),
  lockedUntil: z.iso.datetime().nullable().default(null),
});
type StoredAccount = z.infer<typeof StoredAccountSchema>;
export const AccountsFileSchema = z.object({ accounts: z.array(StoredAccountSchema) });
type AccountsFile = z.infer<typeof AccountsFileSchema>;

export class AccountError extends Error {
  override name = "AccountError";
  constructor(
    readonly code: "exists" | "unknown",
    message: string,
  ) {
    super(message);
  }
}

export type SignInResult = { ok: true; account: StaffAccount } | { ok: false; locked: false } | { ok: false; locked: true; retryAfterSeconds: number };

/** A live account as sessions see it: who, which role, and since when its password holds. */
export interface AccountState extends StaffAccount {
  passwordChangedAt: string;
}

/** Staff accounts. Every change lands on disk before it resolves. */
export interface AccountStore {
  list(): Promise<StaffAccount[]>;
  get(email: string): Promise<AccountState | undefined>;
  add(account: NewStaffAccount): Promise<StaffAccount>;
  remove(email: string): Promise<void>;
  setPassword(email: string, password: string): Promise<void>;
  /** Check a password, keeping the count of failures in a row with the account (locking it after MAX_FAILURES). */
  signIn(email: string, password: string): Promise<SignInResult>;
}

const publicView = ({ email, role, createdAt }: StoredAccount): StaffAccount => ({ email, role, createdAt });

/**
 * Accounts in staff-accounts.json under dataDir, shared by the server and the
 * `npm run staff` command: every change is made under a lock file on a fresh
 * read of the file, and reads pick up another process's changes by the file's
 * identity (inode, mtime, size). Only scrypt hashes are stored (auth/password.ts).
 */
export function openAccountStore(dataDir: string, now: () => number = Date.now): AccountStore {
  const file = path.join(dataDir, ACCOUNTS_FILE);
  // Written whole and private (0600): the file holds the password hashes.
  const adapter = new DurableJsonFile<AccountsFile>(file);
  let cache: { signature: string; data: AccountsFile } | null = null;

  const signature = async (): Promise<string | null> => {
    try {
      const s = await stat(file, { bigint: true });
      return `${s.ino}:${s.mtimeNs}:${s.size}`;
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === "ENOENT") return null;
      throw err;
    }
  };

  /** The file as it is now, read again only if it changed since the last read. */
  const read = async (): Promise<AccountsFile> => {
    const sig = await signature();
    if (sig === null) return { accounts: [] };
    if (cache?.signature === sig) return cache.data;
    let data: AccountsFile;
    try {
      data = AccountsFileSchema.parse(await adapter.read());
    } catch (err) {
      throw new CorruptDataFileError(file, err);
    }
    cache = { signature: sig, data };
    return data;
  };

  /** Read, change and write the file under its lock. */
  const update = async <T>(change: (data: AccountsFile) => T | Promise<T>): Promise<T> => {
    // On a fresh clone the first account may come before the server ever created DATA_DIR.
    await mkdirPrivate(dataDir);
    return withFileLock(file, async () => {
      const data = structuredClone(await read());
      const result = await change(data);
      await adapter.write(data);
      cache = null;
      return result;
    });
  };

  const find = (data: AccountsFile, email: string) => data.accounts.find((a) => a.email === email);
  const unknown = (email: string) => new AccountError("unknown", `No staff account for ${email}`);

  return {
    list: async () => (await read()).accounts.map(publicView),
    async get(email) {
      const a = find(await read(), email);
      return a && { ...publicView(a), passwordChangedAt: a.passwordChangedAt };
    },
    async add({ email, role, password }) {
      const passwordHash = await hashPassword(password);
      return update((data) => {
        if (find(data, email)) throw new AccountError("exists", `A staff account for ${email} already exists`);
        const at = new Date(now()).toISOString();
        const account: StoredAccount = { email, role, createdAt: at, passwordHash, passwordChangedAt: at, failures: 0, lockedUntil: null };
        data.accounts.push(account);
        return publicView(account);
      });
    },
    remove: (email) =>
      update((data) => {
        const i = data.accounts.findIndex((a) => a.email === email);
        if (i < 0) throw unknown(email);
        data.accounts.splice(i, 1);
      }),
    async setPassword(email, password) {
      const passwordHash = await hashPassword(password);
      await update((data) => {
        const a = find(data, email);
        if (!a) throw unknown(email);
        Object.assign(a, { passwordHash, passwordChangedAt: new Date(now()).toISOString(), failures: 0, lockedUntil: null });
      });
    },
    async signIn(email, password) {
      const a = find(await read(), email);
      if (!a) {
        await verifyPassword(password, await dummyHash());
        return { ok: false, locked: false };
      }
      const lockedFor = (x: StoredAccount) => (x.lockedUntil ? Date.parse(x.lockedUntil) - now() : 0);
      if (lockedFor(a) > 0) return { ok: false, locked: true, retryAfterSeconds: Math.ceil(lockedFor(a) / 1000) };
      const right = await verifyPassword(password, a.passwordHash);
      // Nothing to record: no file write (and no lock) for an ordinary sign-in.
      if (right && a.failures === 0 && a.lockedUntil === null) return { ok: true, account: publicView(a) };
      return update((data): SignInResult => {
        const fresh = find(data, email);
        if (!fresh) return { ok: false, locked: false };
        // Another attempt may have locked it while this one was hashing.
        if (lockedFor(fresh) > 0) return { ok: false, locked: true, retryAfterSeconds: Math.ceil(lockedFor(fresh) / 1000) };
        if (right && fresh.passwordHash === a.passwordHash) {
          Object.assign(fresh, { failures: 0, lockedUntil: null });
          return { ok: true, account: publicView(fresh) };
        }
        fresh.failures = (fresh.lockedUntil ? 0 : fresh.failures) + 1;
        fresh.lockedUntil = null;
        if (fresh.failures >= MAX_FAILURES) {
          fresh.failures = 0;
          fresh.lockedUntil = new Date(now() + LOCK_MS).toISOString();
        }
        return { ok: false, locked: false };
      });
    },
  };
}
