import { spawn } from "node:child_process";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { FREE_FAILURES } from "./auth/sign-in-throttle";
import { openAccountStore } from "./store/account-store";
import { addAccount, call, signIn } from "./testing/staff-client";
import { startTestServer, tempDataDir, type TestServer } from "./testing/test-server";

const ROOT = path.resolve(import.meta.dirname, "..");

/** `npm run staff -- ARGS` as its script runs it, with `input` on a piped stdin. */
function staff(dataDir: string, args: string[], input = ""): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ["--import", "tsx", "api/cli/staff.ts", ...args], {
      cwd: ROOT,
      env: { ...process.env, DATA_DIR: dataDir },
      stdio: ["pipe", "pipe", "pipe"],
    });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (d: Buffer) => (stdout += d));
    child.stderr.on("data", (d: Buffer) => (stderr += d));
    child.once("error", reject);
    child.once("exit", (code) => resolve({ code, stdout, stderr }));
    child.stdin.end(input);
  });
}

const servers: TestServer[] = [];
afterEach(async () => {
  for (const s of servers.splice(0)) await s.close();
});

describe("npm run staff", () => {
  it("accounts added by concurrent commands while the server runs (and signs people in) can all sign in at once", async () => {
    const s = await startTestServer();
    servers.push(s);
    await addAccount(s.dataDir, "owner@example.com", "owner", "owner password 1");
    const emails = Array.from({ length: 4 }, (_, i) => `seller${i}@example.com`);
    // Failed sign-ins write the accounts file too, at the same time as the commands.
    const noise = Array.from({ length: 3 }, () => call(s, "POST", "/api/staff/session", { body: { email: "owner@example.com", password: "not my password" } }));
    const added = await Promise.all(emails.map((email, i) => staff(s.dataDir, ["add", email, "--role", "sales"], `password number ${i}\n`)));
    expect((await Promise.all(noise)).map((r) => r.status)).toEqual([401, 401, 401]);
    for (const r of added) expect(r.code, r.stderr).toBe(0);
    expect(added[0]!.stderr).toMatch(/Added sales account seller0@example.com/);

    for (const [i, email] of emails.entries()) {
      const res = await call(s, "POST", "/api/staff/session", { body: { email, password: `password number ${i}` } });
      expect(res.status).toBe(200);
      expect(await res.json()).toEqual({ email, role: "sales", leadMail: false });
    }
    const cookie = await signIn(s, "owner@example.com", "owner password 1");
    const { accounts } = (await (await call(s, "GET", "/api/staff/accounts", { cookie })).json()) as { accounts: { email: string }[] };
    expect(accounts.map((a) => a.email).sort()).toEqual(["owner@example.com", ...emails].sort());

    const list = await staff(s.dataDir, ["list"]);
    expect(list.code).toBe(0);
    expect(
      list.stdout
        .trim()
        .split("\n")
        .map((l) => l.split("\t").slice(0, 2).join(" "))
        .sort(),
    ).toEqual(["owner@example.com owner", ...emails.map((e) => `${e} sales`)].sort());
  }, 120_000);

  it("two account stores on one file (as the server and the CLI are) lose none of each other's changes", async () => {
    const dataDir = await tempDataDir();
    const server = openAccountStore(dataDir);
    const cli = openAccountStore(dataDir);
    await server.add({ email: "owner@example.com", role: "owner", password: "owner password 1" });
    const emails = Array.from({ length: 12 }, (_, i) => `seller${i}@example.com`);
    await Promise.all([
      ...emails.map((email, i) => (i % 2 ? server : cli).add({ email, role: "sales", password: "sales password 1" })),
      ...Array.from({ length: 6 }, () => server.signIn("owner@example.com", "wrong password")),
    ]);
    expect((await openAccountStore(dataDir).list()).map((a) => a.email).sort()).toEqual(["owner@example.com", ...emails].sort());
  }, 120_000);

  it("adds the first account on a fresh clone, before the server ever made DATA_DIR; the server then signs it in", async () => {
    const dataDir = path.join(await tempDataDir(), "data");
    const r = await staff(dataDir, ["add", "you@example.com", "--role", "owner"], "the owner's password\n");
    expect(r.code, r.stderr).toBe(0);
    const s = await startTestServer({}, dataDir);
    servers.push(s);
    const res = await call(s, "POST", "/api/staff/session", { body: { email: "you@example.com", password: "the owner's password" } });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ email: "you@example.com", role: "owner", leadMail: false });
  }, 120_000);

  it("add --site scopes an account to those sites (repeatable); an unknown site id is refused naming the sites, and nothing is added", async () => {
    const dataDir = await tempDataDir();
    const unknown = await staff(dataDir, ["add", "cape@example.com", "--role", "sales", "--site", "sussex-coast", "--site", "cape-may"], "a long password 1\n");
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toMatch(/No site with id "cape-may"\. The sites are: sussex-coast\. Nothing was added\./);
    expect(await openAccountStore(dataDir).list()).toEqual([]);
    const added = await staff(dataDir, ["add", "Sussex@Example.com", "--role", "owner", "--site", "sussex-coast"], "a long password 1\n");
    expect(added.code, added.stderr).toBe(0);
    expect(added.stderr).toMatch(/Added owner account sussex@example.com for the sites sussex-coast\./);
    const everywhere = await staff(dataDir, ["add", "all@example.com", "--role", "sales"], "a long password 1\n");
    expect(everywhere.stderr).toMatch(/Added sales account all@example.com for every site\./);
    expect((await openAccountStore(dataDir).list()).map((a) => [a.email, a.role, a.sites])).toEqual([
      ["sussex@example.com", "owner", ["sussex-coast"]],
      ["all@example.com", "sales", undefined],
    ]);
    expect((await staff(dataDir, ["list"])).stdout).toMatch(/^sussex@example.com\towner\t\S+\tsussex-coast\nall@example.com\tsales\t\S+\n$/);
  }, 120_000);

  it("remove ends the account's sessions; password changes it and the old one no longer works", async () => {
    const s = await startTestServer();
    servers.push(s);
    await addAccount(s.dataDir, "sales@example.com", "sales", "sales password 1");
    const cookie = await signIn(s, "sales@example.com", "sales password 1");
    const changed = await staff(s.dataDir, ["password", "sales@example.com"], "the second password\n");
    expect(changed.code, changed.stderr).toBe(0);
    expect((await call(s, "GET", "/api/staff/session", { cookie })).status).toBe(401);
    expect((await call(s, "POST", "/api/staff/session", { body: { email: "sales@example.com", password: "sales password 1" } })).status).toBe(401);
    const fresh = await signIn(s, "sales@example.com", "the second password");
    const removed = await staff(s.dataDir, ["remove", "sales@example.com"]);
    expect(removed.code, removed.stderr).toBe(0);
    expect((await call(s, "GET", "/api/staff/session", { cookie: fresh })).status).toBe(401);
    expect((await call(s, "POST", "/api/staff/session", { body: { email: "sales@example.com", password: "the second password" } })).status).toBe(401);
  }, 120_000);

  it("failed sign-ins that hold an address back are forgiven by a new password set with the CLI", async () => {
    const s = await startTestServer();
    servers.push(s);
    await addAccount(s.dataDir, "sales@example.com", "sales", "sales password 1");
    for (let i = 0; i < FREE_FAILURES; i++) await call(s, "POST", "/api/staff/session", { body: { email: "sales@example.com", password: "wrong password" } });
    expect((await call(s, "POST", "/api/staff/session", { body: { email: "sales@example.com", password: "sales password 1" } })).status).toBe(429);
    expect((await staff(s.dataDir, ["password", "sales@example.com"], "a reset password\n")).code).toBe(0);
    expect((await call(s, "POST", "/api/staff/session", { body: { email: "sales@example.com", password: "a reset password" } })).status).toBe(200);
  }, 120_000);

  it.each([
    [["add", "a@example.com", "--role", "owner"], "short pw\n", /Password must be at least 12 characters/],
    [["add", "a@example.com", "--role", "owner"], `${" ".repeat(12)}\n`, /Password repeats a character or a short pattern/],
    [["add", "a@example.com", "--role", "owner"], "aaaaaaaaaaaa\n", /Password repeats a character or a short pattern/],
    [["add", "a@example.com", "--role", "owner"], "Password2026!\n", /Password is one of the most common ones/],
    [["add", "ann.lee@example.com", "--role", "owner"], "I am annlee at the beach\n", /must not contain the account's e-mail address or its name/],
    [["password", "taken@example.com"], "aaaaaaaaaaaa\n", /Password repeats a character or a short pattern.*Nothing was changed/],
    [["add", "not-an-email", "--role", "owner"], "long enough password\n", /Enter a valid e-mail address: "not-an-email"/],
    [["add", "a@example.com", "--role", "boss"], "long enough password\n", /Role must be one of: owner, sales \(not "boss"\)/],
    [["add", "a@example.com"], "long enough password\n", /Give --role owner or sales/],
    [["add", "taken@example.com", "--role", "sales"], "long enough password\n", /A staff account for taken@example.com already exists/],
    [["remove", "nobody@example.com"], "", /No staff account for nobody@example.com/],
    [["password", "nobody@example.com"], "long enough password\n", /No staff account for nobody@example.com/],
    [["frobnicate"], "", /Unknown command "frobnicate"/],
    [[], "", /Give a command/],
  ])(
    "%j fails with a clear message and a non-zero exit, changing nothing",
    async (args, input, message) => {
      const dataDir = await tempDataDir();
      await addAccount(dataDir, "taken@example.com", "owner", "taken password");
      const r = await staff(dataDir, args, input);
      expect(r.code).not.toBe(0);
      expect(r.stderr).toMatch(message);
      expect(r.stdout).toBe("");
      const list = await staff(dataDir, ["list"]);
      expect(
        list.stdout
          .trim()
          .split("\n")
          .map((l) => l.split("\t")[0]),
      ).toEqual(["taken@example.com"]);
    },
    60_000,
  );
});
