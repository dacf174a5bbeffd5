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

const StoredAccountSchema = StaffAccountSchema.extend({
  passwordHash: z.string().startsWith("scrypt$"),
  /** Set by every password change: sessions begun before it are dead. */
  passwordChangedAt: z.iso.datetime(),
  /** Set by an owner's reset: the account must choose a new password before anything else. */
  mustChangePassword: z.boolean().default(false),
  /** Read no more (the sign-in throttle replaced the lock, auth/sign-in-throttle.ts); kept so that older files still load. */
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

/** A live account as sessions see it: who, which role, since when its password holds, and whether it must choose a new one. */
export interface AccountState extends ListedAccount {
  passwordChangedAt: string;
}

/** An account as the owner's list shows it. */
export interface ListedAccount extends StaffAccount {
  mustChangePassword: boolean;
}

export type SignInResult = { ok: true; account: AccountState } | { ok: false };

/** Staff accounts. Every change lands on disk before it resolves. */
export interface AccountStore {
  list(): Promise<ListedAccount[]>;
  get(email: string): Promise<AccountState | undefined>;
  add(account: NewStaffAccount): Promise<StaffAccount>;
  remove(email: string): Promise<void>;
  /** A new password; `mustChange`: a temporary one an owner set, to be replaced at the next sign-in. */
  setPassword(email: string, password: string, options?: { mustChange?: boolean }): Promise<void>;
  /** Check a password. An unknown e-mail checks a dummy hash, so it takes as long. Writes nothing (failures: auth/sign-in-throttle.ts). */
  signIn(email: string, password: string): Promise<SignInResult>;
}

const publicView = ({ email, role, createdAt, sites }: StoredAccount): StaffAccount => ({ email, role, createdAt, ...(sites && { sites }) });
const listed = (a: StoredAccount): ListedAccount => ({ ...publicView(a), mustChangePassword: a.mustChangePassword });
const state = (a: StoredAccount): AccountState => ({ ...listed(a), passwordChangedAt: a.passwordChangedAt });

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
    list: async () => (await read()).accounts.map(listed),
    async get(email) {
      const a = find(await read(), email);
      return a && state(a);
    },
    async add({ email, role, password, sites }) {
      const passwordHash = await hashPassword(password);
      return update((data) => {
        if (find(data, email)) throw new AccountError("exists", `A staff account for ${email} already exists`);
        const at = new Date(now()).toISOString();
        const account: StoredAccount = {
          email,
          role,
          createdAt: at,
          ...(sites && { sites }),
          passwordHash,
          passwordChangedAt: at,
          mustChangePassword: false,
          failures: 0,
          lockedUntil: null,
        };
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
    async setPassword(email, password, { mustChange = false } = {}) {
      const passwordHash = await hashPassword(password);
      await update((data) => {
        const a = find(data, email);
        if (!a) throw unknown(email);
        Object.assign(a, { passwordHash, passwordChangedAt: new Date(now()).toISOString(), mustChangePassword: mustChange, failures: 0, lockedUntil: null });
      });
    },
    async signIn(email, password) {
      const a = find(await read(), email);
      const right = await verifyPassword(password, a?.passwordHash ?? (await dummyHash()));
      return a && right ? { ok: true, account: state(a) } : { ok: false };
    },
  };
}
