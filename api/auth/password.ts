import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from "node:crypto";

/**
 * scrypt cost: N = 2^15, r = 8, p = 1 (OWASP's minimum is N = 2^17 with p = 1
 * at r = 8 for interactive logins on dedicated hardware; 2^15 keeps a sign-in
 * near 100 ms on the shop's small server). Stored with each hash, so raising
 * them later keeps old hashes valid.
 */
export const SCRYPT_N = 2 ** 15;
export const SCRYPT_R = 8;
export const SCRYPT_P = 1;
export const SCRYPT_KEY_BYTES = 32;
export const SALT_BYTES = 16;

const PREFIX = "scrypt";

const derive = (password: string, salt: Buffer, n: number, r: number, p: number, bytes: number) =>
  new Promise<Buffer>((resolve, reject) => {
    const options: ScryptOptions = { N: n, r, p, maxmem: 256 * n * r };
    scrypt(password.normalize("NFC"), salt, bytes, options, (err, key) => (err ? reject(err) : resolve(key)));
  });

/** `scrypt$N$r$p$salt$key` (salt and key in base64url), with a fresh random salt. */
export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(SALT_BYTES);
  const key = await derive(password, salt, SCRYPT_N, SCRYPT_R, SCRYPT_P, SCRYPT_KEY_BYTES);
  return [PREFIX, SCRYPT_N, SCRYPT_R, SCRYPT_P, salt.toString("base64url"), key.toString("base64url")].join("$");
}

/** Whether `password` matches `stored`, compared in constant time. A malformed hash matches nothing. */
export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [prefix, n, r, p, salt, key] = stored.split("$");
  if (prefix !== PREFIX || !salt || !key) return false;
  const expected = Buffer.from(key, "base64url");
  const actual = await derive(password, Buffer.from(salt, "base64url"), Number(n), Number(r), Number(p), expected.length);
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}

let dummy: Promise<string> | undefined;
/** A hash of no one's password, checked for unknown e-mails so that their 401 takes as long as a wrong password's. */
export const dummyHash = (): Promise<string> => (dummy ??= hashPassword(randomBytes(18).toString("base64url")));
