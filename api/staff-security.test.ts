import { readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { afterEach, describe, expect, it, vi } from "vitest";
import { LOCK_MS, MAX_FAILURES, openAccountStore } from "./store/account-store";
import { SESSION_IDLE_MS, SESSION_MAX_MS } from "./store/session-store";
import { addAccount, call, readTree, signIn } from "./testing/staff-client";
import { startTestServer, tempDataDir, type TestServer } from "./testing/test-server";

// Each sign-in costs a deliberately slow scrypt hash (about 0.1 s alone); on a busy shared machine one can take a second.
vi.setConfig({ testTimeout: 120_000, hookTimeout: 120_000 });

const OWNER = { email: "owner@example.com", password: "owner password 1" };
const SALES = { email: "sales@example.com", password: "sales password 1" };

const servers: TestServer[] = [];
afterEach(async () => {
  for (const s of servers.splice(0)) await s.close();
});

/**
 * A test server whose clock only moves when told. It starts a minute ahead of
 * the real clock that addAccount (like the CLI) stamps password changes with.
 */
async function serverWithClock(env: Record<string, string> = {}, dataDir?: string, clock = { t: Date.now() + 60_000 }) {
  const s = await startTestServer(env, dataDir, { now: () => clock.t });
  servers.push(s);
  return { s, clock };
}
const attempt = (s: TestServer, email: string, password: string) => call(s, "POST", "/api/staff/session", { body: { email, password } });

describe("failed sign-ins", () => {
  it(`locks an account for 15 minutes after ${MAX_FAILURES} failures in a row: 429 with Retry-After even with the right password; other accounts sign in`, async () => {
    const { s, clock } = await serverWithClock();
    await addAccount(s.dataDir, OWNER.email, "owner", OWNER.password);
    await addAccount(s.dataDir, SALES.email, "sales", SALES.password);
    for (let i = 0; i < MAX_FAILURES; i++) expect((await attempt(s, SALES.email, `wrong guess ${i}`)).status).toBe(401);

    const locked = await attempt(s, SALES.email, SALES.password);
    expect(locked.status).toBe(429);
    expect(Number(locked.headers.get("retry-after"))).toBe(LOCK_MS / 1000);
    expect(((await locked.json()) as { error: string }).error).toMatch(/locked/);
    expect(locked.headers.get("set-cookie")).toBeNull();
    expect((await attempt(s, OWNER.email, OWNER.password)).status).toBe(200);

    // The lock is kept with the account: a restarted server still refuses.
    const again = await serverWithClock({}, s.dataDir, clock);
    clock.t += LOCK_MS - 60_000;
    const stillLocked = await attempt(again.s, SALES.email, SALES.password);
    expect(stillLocked.status).toBe(429);
    expect(Number(stillLocked.headers.get("retry-after"))).toBe(60);

    clock.t += 60_000;
    expect((await attempt(again.s, SALES.email, SALES.password)).status).toBe(200);
  });

  it("a success in between starts the count again", async () => {
    const { s } = await serverWithClock();
    await addAccount(s.dataDir, SALES.email, "sales", SALES.password);
    for (let i = 0; i < MAX_FAILURES - 1; i++) expect((await attempt(s, SALES.email, "wrong password!")).status).toBe(401);
    expect((await attempt(s, SALES.email, SALES.password)).status).toBe(200);
    for (let i = 0; i < MAX_FAILURES - 1; i++) expect((await attempt(s, SALES.email, "wrong password!")).status).toBe(401);
    expect((await attempt(s, SALES.email, SALES.password)).status).toBe(200);
  });

  it("limits sign-in attempts per IP, whatever the accounts: 429 with Retry-After", async () => {
    const { s } = await serverWithClock({ STAFF_SIGNIN_RATE_LIMIT: "3" });
    await addAccount(s.dataDir, OWNER.email, "owner", OWNER.password);
    for (const email of ["a@example.com", "b@example.com", "c@example.com"]) expect((await attempt(s, email, "some password")).status).toBe(401);
    const limited = await attempt(s, OWNER.email, OWNER.password);
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(((await limited.json()) as { error: string }).error).toMatch(/Too many sign-in attempts/);
  });
});

describe("session expiry", () => {
  it("a session idle for 8 hours is dead", async () => {
    const { s, clock } = await serverWithClock();
    await addAccount(s.dataDir, SALES.email, "sales", SALES.password);
    const cookie = await signIn(s, SALES.email, SALES.password);
    clock.t += SESSION_IDLE_MS - 1000;
    expect((await call(s, "GET", "/api/staff/session", { cookie })).status).toBe(200);
    clock.t += SESSION_IDLE_MS;
    expect((await call(s, "GET", "/api/staff/session", { cookie })).status).toBe(401);
  });

  it("a session in use every few hours still ends 7 days after sign-in, and survives a restart until then", async () => {
    const { s, clock } = await serverWithClock();
    await addAccount(s.dataDir, SALES.email, "sales", SALES.password);
    const cookie = await signIn(s, SALES.email, SALES.password);
    const signedInAt = clock.t;
    let server = s;
    while (clock.t + 6 * 3600_000 < signedInAt + SESSION_MAX_MS) {
      clock.t += 6 * 3600_000;
      expect((await call(server, "GET", "/api/staff/session", { cookie })).status).toBe(200);
      if (server === s) server = (await serverWithClock({}, s.dataDir, clock)).s;
    }
    clock.t = signedInAt + SESSION_MAX_MS;
    expect((await call(server, "GET", "/api/staff/session", { cookie })).status).toBe(401);
  });

  it("a password change ends the account's earlier sessions", async () => {
    const { s, clock } = await serverWithClock();
    await addAccount(s.dataDir, SALES.email, "sales", SALES.password);
    const cookie = await signIn(s, SALES.email, SALES.password);
    clock.t += 1000;
    await openAccountStore(s.dataDir, () => clock.t).setPassword(SALES.email, "a brand new password");
    expect((await call(s, "GET", "/api/staff/session", { cookie })).status).toBe(401);
    expect((await attempt(s, SALES.email, SALES.password)).status).toBe(401);
    expect((await attempt(s, SALES.email, "a brand new password")).status).toBe(200);
  });
});

describe("start-up", () => {
  it("refuses a corrupt accounts file, naming it and leaving it untouched", async () => {
    const dataDir = await tempDataDir();
    const file = path.join(dataDir, "staff-accounts.json");
    await writeFile(file, '{"accounts": [{"email": "x@example.com"}]}');
    await expect(startTestServer({}, dataDir)).rejects.toThrow(/staff-accounts\.json is corrupt/);
    expect(await readFile(file, "utf8")).toBe('{"accounts": [{"email": "x@example.com"}]}');
  });
});

describe("the audit history", () => {
  it("survives a restart, appended to and never rewritten; a last line cut short by a crash is dropped", async () => {
    const dataDir = await tempDataDir();
    await addAccount(dataDir, SALES.email, "sales", SALES.password);
    const { s } = await serverWithClock({}, dataDir);
    const cookie = await signIn(s, SALES.email, SALES.password);
    expect((await call(s, "DELETE", "/api/staff/vehicles/denago-ev-city", { cookie })).status).toBe(204);
    await s.close();
    servers.splice(servers.indexOf(s), 1);
    const file = path.join(dataDir, "staff-audit.jsonl");
    const before = await readFile(file, "utf8");
    await writeFile(file, `${before}{"at":"2026-`);

    const { s: again } = await serverWithClock({}, dataDir);
    const cookie2 = await signIn(again, SALES.email, SALES.password);
    expect((await call(again, "DELETE", "/api/staff/vehicles/denago-ev-nomad", { cookie: cookie2 })).status).toBe(204);
    const { entries } = (await (await call(again, "GET", "/api/staff/audit", { cookie: cookie2 })).json()) as {
      entries: { action: string; vehicleId: string }[];
    };
    expect(entries.map((e) => `${e.action} ${e.vehicleId}`)).toEqual(["delete denago-ev-nomad", "delete denago-ev-city"]);
    const after = await readFile(file, "utf8");
    expect(after.startsWith(before)).toBe(true);
    expect(after.trimEnd().split("\n")).toHaveLength(2);
  });
});

describe("secrets on disk", () => {
  it("no password and no session token appears in any file under DATA_DIR after add, sign-in, failures and a password change", async () => {
    const dataDir = await tempDataDir();
    const { s, clock } = await serverWithClock({}, dataDir);
    const first = "Initial-Secret-Passphrase-1";
    const second = "Changed-Secret-Passphrase-2";
    const third = "Console-Added-Passphrase-3";
    await addAccount(dataDir, OWNER.email, "owner", first);
    const token1 = (await signIn(s, OWNER.email, first)).split("=")[1]!;
    await attempt(s, OWNER.email, "Wrong-Secret-Passphrase-9");
    clock.t += 1000;
    await openAccountStore(dataDir, () => clock.t).setPassword(OWNER.email, second);
    const cookie = await signIn(s, OWNER.email, second);
    const token2 = cookie.split("=")[1]!;
    expect((await call(s, "POST", "/api/staff/accounts", { cookie, body: { email: "new@example.com", role: "sales", password: third } })).status).toBe(201);
    await signIn(s, "new@example.com", third);

    const files = await readTree(dataDir);
    expect([...files.keys()]).toEqual(expect.arrayContaining(["staff-accounts.json", "staff-sessions.json", "staff-audit.jsonl"]));
    for (const [name, bytes] of files) {
      const text = bytes.toString("utf8");
      for (const secret of [first, second, third, "Wrong-Secret-Passphrase-9", token1, token2]) {
        expect(text.includes(secret), `${secret} in ${name}`).toBe(false);
        expect(bytes.includes(Buffer.from(secret, "utf16le")), `${secret} (UTF-16) in ${name}`).toBe(false);
      }
    }
  });
});
