/**
 * The API over PostgreSQL (DATABASE_URL), as operators and staff see it:
 * two servers on one database, and the command-line tools against it.
 */
import { execFile } from "node:child_process";
import path from "node:path";
import { afterAll, describe, expect, it, vi } from "vitest";
import type { Lead } from "../domain/lead";
import { postgresForSuite } from "./testing/suite-postgres";
import { call, signIn } from "./testing/staff-client";
import { postJson, startTestServer, validLead, type TestServer } from "./testing/test-server";

vi.setConfig({ testTimeout: 60_000 });
const ROOT = path.resolve(import.meta.dirname, "..");
const postgres = await postgresForSuite();
const { unavailable } = postgres;
const servers: TestServer[] = [];
afterAll(async () => {
  for (const s of servers.splice(0)) await s.close();
});

/** A CLI as npm runs it, against DATABASE_URL, with `input` on stdin. */
const cli = (script: string, args: string[], databaseUrl: string, input = "") =>
  new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve) => {
    const child = execFile(
      process.execPath,
      ["--import", "tsx", script, ...args],
      { cwd: ROOT, env: { ...process.env, DATABASE_URL: databaseUrl } },
      (err, stdout, stderr) => resolve({ code: err ? ((err as { code?: number }).code ?? 1) : 0, stdout, stderr }),
    );
    child.stdin!.end(input);
  });

const twoServers = async (databaseUrl: string, env: Record<string, string> = {}) => {
  const a = await startTestServer({ ...env, DATABASE_URL: databaseUrl });
  const b = await startTestServer({ ...env, DATABASE_URL: databaseUrl });
  servers.push(a, b);
  return [a, b] as const;
};

describe.skipIf(unavailable)("the API on PostgreSQL", () => {
  const db = () => postgres.createDatabase();

  it("npm run staff adds an account both servers sign in with; a session moves between them and a sign-out on one ends it on both", async () => {
    const url = await db();
    const added = await cli("api/cli/staff.ts", ["add", "owner@example.com", "--role", "owner"], url, "harbour lantern 12\n");
    expect(added.stderr).toContain("Added owner account owner@example.com");
    expect((await cli("api/cli/staff.ts", ["list"], url)).stdout).toMatch(/^owner@example\.com\towner\t/);
    const [a, b] = await twoServers(url);
    const cookie = await signIn(a, "owner@example.com", "harbour lantern 12");
    expect(await (await call(b, "GET", "/api/staff/session", { cookie })).json()).toEqual({ email: "owner@example.com", role: "owner", leadMail: false });
    expect((await call(b, "DELETE", "/api/staff/session", { cookie })).status).toBe(204);
    expect((await call(a, "GET", "/api/staff/session", { cookie })).status).toBe(401);
  });

  it("leads posted to either server are answered 201 once stored, show in both inboxes, and npm run leads exports them", async () => {
    const url = await db();
    await cli("api/cli/staff.ts", ["add", "sales@example.com", "--role", "sales"], url, "seaside ledger 12\n");
    const [a, b] = await twoServers(url);
    const posted: string[] = [];
    for (const [i, s] of [a, b, a, b].entries()) {
      const res = await postJson(`${s.url}/api/contact`, validLead({ firstName: `Visitor ${i}` }), { origin: s.origin });
      expect(res.status).toBe(201);
      posted.push(((await res.json()) as { id: string }).id);
    }
    for (const s of [a, b]) {
      const cookie = await signIn(s, "sales@example.com", "seaside ledger 12");
      await vi.waitFor(async () => {
        const inbox = (await (await call(s, "GET", "/api/staff/leads", { cookie })).json()) as { leads: Lead[] };
        expect(inbox.leads.map((l) => l.id).sort()).toEqual([...posted].sort());
      });
    }
    const exported = await cli("api/cli/export-leads.ts", ["--format", "json"], url);
    expect((JSON.parse(exported.stdout) as Lead[]).map((l) => l.firstName)).toEqual(["Visitor 0", "Visitor 1", "Visitor 2", "Visitor 3"]);
  });

  it("the contact rate limit counts a visitor's posts to both servers", async () => {
    const [a, b] = await twoServers(await db(), { CONTACT_RATE_LIMIT: "2" });
    expect((await postJson(`${a.url}/api/contact`, validLead(), { origin: a.origin })).status).toBe(201);
    expect((await postJson(`${b.url}/api/contact`, validLead(), { origin: b.origin })).status).toBe(201);
    const third = await postJson(`${a.url}/api/contact`, validLead(), { origin: a.origin });
    expect(third.status).toBe(429);
    expect(await third.json()).toEqual({ error: expect.stringMatching(/Too many messages/) });
  });

  it("a staff edit on one server is served by the other's GET /api/vehicles", async () => {
    const url = await db();
    await cli("api/cli/staff.ts", ["add", "sales@example.com", "--role", "sales"], url, "seaside ledger 12\n");
    const [a, b] = await twoServers(url);
    const cookie = await signIn(a, "sales@example.com", "seaside ledger 12");
    const id = a.vehicles.list()[0]!.id;
    const res = await call(a, "GET", `/api/staff/vehicles/${id}`, { cookie });
    const vehicle = (await res.json()) as { name: string };
    const put = await call(a, "PUT", `/api/staff/vehicles/${id}`, {
      cookie,
      body: { ...vehicle, name: "Edited through A" },
      headers: { "if-match": res.headers.get("etag")! },
    });
    expect(put.status).toBe(200);
    await vi.waitFor(async () => {
      const list = (await (await fetch(`${b.url}/api/vehicles`)).json()) as { id: string; name: string }[];
      expect(list.find((v) => v.id === id)?.name).toBe("Edited through A");
    });
  });

  it("npm run staff --site scopes an account to a site both servers know (an unknown one is refused); it is refused the other site's lead", async () => {
    const url = await db();
    const [a, b] = await twoServers(url);
    expect((await cli("api/cli/staff.ts", ["add", "owner@example.com", "--role", "owner"], url, "harbour lantern 12\n")).code).toBe(0);
    const owner = await signIn(a, "owner@example.com", "harbour lantern 12");
    const site = {
      ...(await (await call(a, "GET", "/api/staff/sites/sussex-coast", { cookie: owner })).json()),
      id: "cape-may",
      domains: ["cape-may.localhost"],
    };
    expect((await call(a, "POST", "/api/staff/sites", { cookie: owner, body: site })).status).toBe(201);
    const unknown = await cli("api/cli/staff.ts", ["add", "x@example.com", "--role", "sales", "--site", "ocean-city-md"], url, "seaside ledger 12\n");
    expect(unknown.stderr).toContain('No site with id "ocean-city-md". The sites are: sussex-coast, cape-may.');
    const added = await cli("api/cli/staff.ts", ["add", "cape@example.com", "--role", "sales", "--site", "cape-may"], url, "seaside ledger 12\n");
    expect(added.stderr).toContain("Added sales account cape@example.com for the sites cape-may.");
    expect((await postJson(`${a.url}/api/contact`, validLead())).status).toBe(201);
    const lead = (await (await call(a, "GET", "/api/staff/leads", { cookie: owner })).json()) as { leads: { id: string }[] };
    const cape = await signIn(b, "cape@example.com", "seaside ledger 12");
    expect(await (await call(b, "GET", "/api/staff/session", { cookie: cape })).json()).toMatchObject({ sites: ["cape-may"] });
    expect((await call(b, "GET", `/api/staff/leads/${lead.leads[0]!.id}`, { cookie: cape })).status).toBe(403);
    expect(((await (await call(b, "GET", "/api/staff/leads", { cookie: cape })).json()) as { leads: unknown[] }).leads).toEqual([]);
  });

  it("npm run leads and npm run staff name a DATABASE_URL that is not PostgreSQL's", async () => {
    const bad = await cli("api/cli/export-leads.ts", [], "mysql://u:hunter2@db/x");
    expect(bad.code).not.toBe(0);
    expect(bad.stderr).toMatch(/DATABASE_URL: must be a postgres:\/\//);
    expect(bad.stderr).not.toContain("hunter2");
  });
});

describe.runIf(unavailable)("the API on PostgreSQL", () => {
  it.skip(`skipped: ${unavailable}`, () => {});
});
