import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import type { StaffRole } from "../../domain/staff";
import { openAccountStore } from "../store/account-store";
import type { TestServer } from "./test-server";

/** Add an account straight into a data folder, as `npm run staff -- add` does. */
export const addAccount = (dataDir: string, email: string, role: StaffRole, password: string) => openAccountStore(dataDir).add({ email, role, password });

export interface CallOptions {
  cookie?: string;
  origin?: string | null;
  body?: unknown;
  headers?: Record<string, string>;
}

/** A request to the test server: `origin` undefined sends the site's own Origin on writes, null sends none. */
export function call(s: TestServer, method: string, url: string, { cookie, origin, body, headers = {} }: CallOptions = {}): Promise<Response> {
  const h: Record<string, string> = { ...headers };
  if (cookie) h.cookie = cookie;
  const write = method !== "GET" && method !== "HEAD";
  if (origin !== null && (origin !== undefined || write)) h.origin = origin ?? s.origin;
  if (body !== undefined) h["content-type"] ??= "application/json";
  return fetch(`${s.url}${url}`, { method, headers: h, body: body === undefined ? undefined : JSON.stringify(body) });
}

/** The session cookie (name=value) a sign-in sets, or throws with the answer. */
export async function signIn(s: TestServer, email: string, password: string): Promise<string> {
  const res = await call(s, "POST", "/api/staff/session", { body: { email, password } });
  if (res.status !== 200) throw new Error(`sign-in answered ${res.status}: ${await res.text()}`);
  return res.headers.get("set-cookie")!.split(";")[0]!;
}

/** Every file under a folder, with its bytes, for "nothing changed" and "no secret on disk" checks. */
export async function readTree(dir: string): Promise<Map<string, Buffer>> {
  const files = new Map<string, Buffer>();
  for (const entry of await readdir(dir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const file = path.join(entry.parentPath, entry.name);
    files.set(path.relative(dir, file), await readFile(file));
  }
  return files;
}
