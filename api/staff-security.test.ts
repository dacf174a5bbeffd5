import { readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { afterEach, describe, expect, it, vi } from "vitest";
import { PASSWORD_CHANGE_REQUIRED, PASSWORD_MESSAGES, PASSWORD_MIN_LENGTH, STAFF_MESSAGES } from "../domain/staff";
import { ACCOUNT_CEILING, ACCOUNT_WINDOW_MS, ATTACK_FIRST_WAIT_MS, FIRST_WAIT_MS, FREE_FAILURES, throttleWait } from "./auth/sign-in-throttle";
import { UNKNOWN_EMAIL } from "./routes/staff/session";
import { openAccountStore } from "./store/account-store";
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

/** A sign-in attempt from `from` (the server trusts X-Forwarded-For from loopback in these tests). */
const attemptFrom = (s: TestServer, from: string, email: string, password: string) =>
  call(s, "POST", "/api/staff/session", { body: { email, password }, headers: { "x-forwarded-for": from } });
const ATTACKER = "192.0.2.66";
const OWNER_DESK = "198.51.100.7";
const behindProxy = { TRUST_PROXY: "loopback", STAFF_SIGNIN_RATE_LIMIT: "0" };
const errorOf = async (res: Response) => ((await res.json()) as { error: string }).error;

describe("failed sign-ins", () => {
  it(`after ${FREE_FAILURES}+ failures a known and an unknown e-mail get the same answers: 401, then 429 with the same body and Retry-After`, async () => {
    const { s } = await serverWithClock(behindProxy);
    await addAccount(s.dataDir, SALES.email, "sales", SALES.password);
    const answers = async (email: string) => {
      const out: string[] = [];
      for (let i = 0; i < FREE_FAILURES + 3; i++) {
        const res = await attemptFrom(s, ATTACKER, email, `wrong guess ${i}`);
        out.push(`${res.status} ${res.headers.get("retry-after")} ${await errorOf(res)}`);
      }
      return out;
    };
    const known = await answers(SALES.email);
    expect(known).toEqual(await answers("nobody@example.com"));
    expect(known[FREE_FAILURES - 1]).toBe(`401 null ${STAFF_MESSAGES.signInFailed}`);
    expect(known[FREE_FAILURES]).toBe(`429 ${FIRST_WAIT_MS / 1000} ${STAFF_MESSAGES.signInThrottled}`);
  });

  it("an attacker's failures from other addresses never keep the owner out; the attacker's address waits longer after each failure", async () => {
    const { s, clock } = await serverWithClock(behindProxy);
    await addAccount(s.dataDir, OWNER.email, "owner", OWNER.password);
    for (let i = 0; i < FREE_FAILURES; i++) expect((await attemptFrom(s, ATTACKER, OWNER.email, `guess ${i}`)).status).toBe(401);
    // Even the right password waits, from the address that failed.
    expect((await attemptFrom(s, ATTACKER, OWNER.email, OWNER.password)).status).toBe(429);
    expect((await attemptFrom(s, OWNER_DESK, OWNER.email, OWNER.password)).status).toBe(200);

    for (const wait of [FIRST_WAIT_MS, 2 * FIRST_WAIT_MS, 4 * FIRST_WAIT_MS]) {
      clock.t += wait - 1000;
      const early = await attemptFrom(s, ATTACKER, OWNER.email, "another guess");
      expect([early.status, early.headers.get("retry-after")]).toEqual([429, "1"]);
      clock.t += 1000;
      expect((await attemptFrom(s, ATTACKER, OWNER.email, "another guess")).status).toBe(401);
    }
    expect((await attemptFrom(s, ATTACKER, OWNER.email, "another guess")).headers.get("retry-after")).toBe(String((8 * FIRST_WAIT_MS) / 1000));
    expect((await attemptFrom(s, OWNER_DESK, OWNER.email, OWNER.password)).status).toBe(200);
  });

  it(`an e-mail with ${ACCOUNT_CEILING} failures from many addresses in 15 minutes: each of them waits longer after each failure, up to 15 minutes, while a clean address still signs in`, async () => {
    const { s, clock } = await serverWithClock(behindProxy);
    await addAccount(s.dataDir, SALES.email, "sales", SALES.password);
    const botnet = Array.from({ length: ACCOUNT_CEILING / 2 }, (_, i) => `203.0.113.${i + 1}`);
    for (const bot of botnet) for (const guess of ["one", "two"]) expect((await attemptFrom(s, bot, SALES.email, `guess ${guess}`)).status).toBe(401);
    const held = await attemptFrom(s, botnet[0]!, SALES.email, SALES.password);
    expect([held.status, held.headers.get("retry-after")]).toEqual([429, String((2 * ATTACK_FIRST_WAIT_MS) / 1000)]);
    expect((await attemptFrom(s, OWNER_DESK, SALES.email, SALES.password)).status).toBe(200);
    // The bot's waits double with each guess until one guess a window is all it gets.
    const waits: number[] = [];
    for (let i = 0; i < 6; i++) {
      const wait = Number((await attemptFrom(s, botnet[0]!, SALES.email, "a guess")).headers.get("retry-after"));
      waits.push(wait);
      clock.t += wait * 1000;
      expect((await attemptFrom(s, botnet[0]!, SALES.email, "another guess")).status).toBe(401);
    }
    expect(waits).toEqual([20, 40, 80, 160, 320, 640]);
    expect(throttleWait({ at: clock.t, pair: { failures: 8, lastAt: clock.t }, accountFailures: ACCOUNT_CEILING })).toBe(ACCOUNT_WINDOW_MS);
  });

  it("under such an attack, the owner who mistypes once at their own desk signs in seconds later, not 15 minutes", async () => {
    const { s, clock } = await serverWithClock(behindProxy);
    await addAccount(s.dataDir, OWNER.email, "owner", OWNER.password);
    const botnet = Array.from({ length: ACCOUNT_CEILING }, (_, i) => `203.0.113.${i + 1}`);
    for (const bot of botnet) expect((await attemptFrom(s, bot, OWNER.email, "a guess")).status).toBe(401);
    expect((await attemptFrom(s, OWNER_DESK, OWNER.email, "owner pasword 1")).status).toBe(401);
    const early = await attemptFrom(s, OWNER_DESK, OWNER.email, OWNER.password);
    expect([early.status, early.headers.get("retry-after")]).toEqual([429, String(ATTACK_FIRST_WAIT_MS / 1000)]);
    clock.t += ATTACK_FIRST_WAIT_MS;
    expect((await attemptFrom(s, OWNER_DESK, OWNER.email, OWNER.password)).status).toBe(200);
  });

  it("a success from an address starts its count again", async () => {
    const { s } = await serverWithClock();
    await addAccount(s.dataDir, SALES.email, "sales", SALES.password);
    for (let i = 0; i < FREE_FAILURES - 1; i++) expect((await attempt(s, SALES.email, "wrong password!")).status).toBe(401);
    expect((await attempt(s, SALES.email, SALES.password)).status).toBe(200);
    for (let i = 0; i < FREE_FAILURES - 1; i++) expect((await attempt(s, SALES.email, "wrong password!")).status).toBe(401);
    expect((await attempt(s, SALES.email, SALES.password)).status).toBe(200);
  });

  it("failed sign-ins and the wait they start go into the history, with the address they came from; an unknown e-mail is not written down", async () => {
    const { s } = await serverWithClock(behindProxy);
    await addAccount(s.dataDir, OWNER.email, "owner", OWNER.password);
    await addAccount(s.dataDir, SALES.email, "sales", SALES.password);
    for (let i = 0; i < FREE_FAILURES; i++) await attemptFrom(s, ATTACKER, SALES.email, `guess ${i}`);
    await attemptFrom(s, ATTACKER, SALES.email, "held back, not counted");
    await attemptFrom(s, ATTACKER, "nobody@example.com", "guess");
    const cookie = await signIn(s, OWNER.email, OWNER.password);
    const { entries } = (await (await call(s, "GET", "/api/staff/audit", { cookie })).json()) as {
      entries: { email: string; action: string; fields: string[] }[];
    };
    expect(entries.map((e) => `${e.email} ${e.action} ${e.fields.join(" ")}`)).toEqual([
      `${ATTACKER} account-sign-in-failed ${UNKNOWN_EMAIL}`,
      `${ATTACKER} account-throttled ${SALES.email} for 1 min`,
      ...Array<string>(FREE_FAILURES).fill(`${ATTACKER} account-sign-in-failed ${SALES.email}`),
    ]);
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

describe("an owner helps an account", () => {
  it("unlock: the address that failed may try again at once, and the history says who unlocked whom", async () => {
    const { s } = await serverWithClock(behindProxy);
    await addAccount(s.dataDir, OWNER.email, "owner", OWNER.password);
    await addAccount(s.dataDir, SALES.email, "sales", SALES.password);
    for (let i = 0; i < FREE_FAILURES; i++) await attemptFrom(s, OWNER_DESK, SALES.email, `forgot it ${i}`);
    expect((await attemptFrom(s, OWNER_DESK, SALES.email, SALES.password)).status).toBe(429);
    const cookie = await signIn(s, OWNER.email, OWNER.password);
    expect((await call(s, "POST", `/api/staff/accounts/${SALES.email}/unlock`, { cookie })).status).toBe(204);
    expect((await call(s, "POST", "/api/staff/accounts/nobody@example.com/unlock", { cookie })).status).toBe(404);
    expect((await attemptFrom(s, OWNER_DESK, SALES.email, SALES.password)).status).toBe(200);
    const { entries } = (await (await call(s, "GET", "/api/staff/audit?limit=1", { cookie })).json()) as { entries: unknown[] };
    expect(entries).toEqual([expect.objectContaining({ email: OWNER.email, action: "account-unlock", fields: [SALES.email] })]);
  });

  it("waiting: lists the account and address the throttle holds back and until when, no e-mail that is no account's, and none after an unlock", async () => {
    const { s, clock } = await serverWithClock(behindProxy);
    await addAccount(s.dataDir, OWNER.email, "owner", OWNER.password);
    await addAccount(s.dataDir, SALES.email, "sales", SALES.password);
    const cookie = await signIn(s, OWNER.email, OWNER.password);
    for (let i = 0; i < FREE_FAILURES; i++) {
      await attemptFrom(s, OWNER_DESK, SALES.email, `forgot it ${i}`);
      await attemptFrom(s, ATTACKER, "nobody@example.com", `guess ${i}`);
    }
    const failedAt = clock.t;
    const waiting = async () => (await (await call(s, "GET", "/api/staff/accounts/waiting", { cookie })).json()) as { waiting: unknown[] };
    expect(await waiting()).toEqual({ waiting: [{ email: SALES.email, address: OWNER_DESK, until: new Date(failedAt + FIRST_WAIT_MS).toISOString() }] });
    expect((await call(s, "POST", `/api/staff/accounts/${SALES.email}/unlock`, { cookie })).status).toBe(204);
    expect(await waiting()).toEqual({ waiting: [] });
  });

  it("reset: a temporary password, shown once; the account's sessions end; at its next sign-in it must choose a new one before anything else", async () => {
    const { s, clock } = await serverWithClock();
    await addAccount(s.dataDir, OWNER.email, "owner", OWNER.password);
    await addAccount(s.dataDir, SALES.email, "sales", SALES.password);
    const before = await signIn(s, SALES.email, SALES.password);
    const owner = await signIn(s, OWNER.email, OWNER.password);
    clock.t += 1000;
    const reset = await call(s, "POST", `/api/staff/accounts/${SALES.email}/password-reset`, { cookie: owner });
    expect(reset.status).toBe(200);
    const { temporaryPassword } = (await reset.json()) as { temporaryPassword: string };
    expect(temporaryPassword.length).toBeGreaterThanOrEqual(PASSWORD_MIN_LENGTH);
    expect((await call(s, "GET", "/api/staff/session", { cookie: before })).status).toBe(401);
    expect((await attempt(s, SALES.email, SALES.password)).status).toBe(401);
    expect((await call(s, "POST", `/api/staff/accounts/${OWNER.email}/password-reset`, { cookie: owner })).status).toBe(400);

    const temp = await attempt(s, SALES.email, temporaryPassword);
    expect(temp.status).toBe(200);
    expect(await temp.json()).toMatchObject({ email: SALES.email, mustChangePassword: true });
    const cookie = temp.headers.get("set-cookie")!.split(";")[0]!;
    for (const [method, url] of [
      ["GET", "/api/staff/vehicles"],
      ["GET", "/api/staff/audit"],
      ["DELETE", "/api/staff/vehicles/denago-ev-city"],
    ] as const) {
      const res = await call(s, method, url, { cookie });
      expect(res.status, `${method} ${url}`).toBe(403);
      expect(await res.json()).toEqual({ error: STAFF_MESSAGES.passwordChangeRequired, code: PASSWORD_CHANGE_REQUIRED });
    }
    expect(await (await call(s, "GET", "/api/staff/session", { cookie })).json()).toMatchObject({ mustChangePassword: true });
    const same = await call(s, "POST", "/api/staff/session/password", { cookie, body: { password: temporaryPassword } });
    expect([same.status, await errorOf(same)]).toEqual([400, STAFF_MESSAGES.sameAsTemporary]);
    const short = await call(s, "POST", "/api/staff/session/password", { cookie, body: { password: "short" } });
    expect(short.status).toBe(400);
    for (const [password, message] of [
      ["aaaaaaaaaaaa", PASSWORD_MESSAGES.repeated],
      ["I am sales@example.com", PASSWORD_MESSAGES.email],
    ]) {
      const weak = await call(s, "POST", "/api/staff/session/password", { cookie, body: { password } });
      expect([weak.status, ((await weak.json()) as { fields: Record<string, string> }).fields.password]).toEqual([400, message]);
    }

    const chosen = await call(s, "POST", "/api/staff/session/password", { cookie, body: { password: "my very own password" } });
    expect(chosen.status).toBe(200);
    expect(await chosen.json()).toEqual({ email: SALES.email, role: "sales", leadMail: false });
    const fresh = chosen.headers.get("set-cookie")!.split(";")[0]!;
    expect((await call(s, "GET", "/api/staff/vehicles", { cookie: fresh })).status).toBe(200);
    expect((await call(s, "GET", "/api/staff/vehicles", { cookie })).status).toBe(401);
    expect((await attempt(s, SALES.email, temporaryPassword)).status).toBe(401);
    expect((await call(s, "POST", "/api/staff/session/password", { cookie: fresh, body: { password: "yet another password" } })).status).toBe(409);

    const { entries } = (await (await call(s, "GET", "/api/staff/audit?limit=4", { cookie: owner })).json()) as {
      entries: { email: string; action: string; fields: string[] }[];
    };
    expect(entries.map((e) => `${e.email} ${e.action}${e.action.includes("sign-in") ? ` ${e.fields[0]}` : ""}`)).toEqual([
      `127.0.0.1 account-sign-in-failed ${SALES.email}`,
      `${SALES.email} account-password`,
      `127.0.0.1 account-sign-in-failed ${SALES.email}`,
      `${OWNER.email} account-reset`,
    ]);
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
