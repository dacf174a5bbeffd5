/**
 * The console names the site a per-site staff call acts on (docs/decisions/0058): `?site=ID`, checked
 * against the account's sites, on the partner origins and the rental settings; and staff may sign in and work on any
 * site's own host (its domains on the deployment's scheme and port), while a foreign Origin is still refused. Both engines.
 */
import { readFileSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { sitesFromExample } from "../domain/site-seed";
import { fetchAsHost } from "./testing/host-fetch";
import { postgresForSuite } from "./testing/suite-postgres";
import { call, signIn } from "./testing/staff-client";
import { startTestServer, validLead, type TestServer } from "./testing/test-server";

vi.setConfig({ testTimeout: 120_000, hookTimeout: 120_000 });

const [example] = sitesFromExample(JSON.parse(readFileSync(new URL("../tests/fixtures/example-sites.json", import.meta.url), "utf8")));
/** Cape May, reachable in tests as cape-may.localhost. */
const CAPE_MAY = { ...example!, domains: [...example!.domains, "cape-may.localhost"] };
const OWNER = { email: "owner@example.com", password: "owner password 1" };
const CAPE_OWNER = { email: "cape-owner@example.com", password: "cape password 12" };
const CAPE_SALES = { email: "cape-sales@example.com", password: "cape password 12" };
const PARTNER = "https://resort-partner.example";

const postgres = await postgresForSuite();
const { unavailable } = postgres;

describe.each(["lowdb", "postgres"] as const)("the site a staff call acts on (%s)", (engine) => {
  if (engine === "postgres" && unavailable) return void it.skip(`PostgreSQL: ${unavailable}`);

  let s: TestServer;
  let owner: string;
  let capeOwner: string;
  let capeSales: string;
  let port: string;
  beforeAll(async () => {
    const databaseUrl = engine === "postgres" ? await postgres.createDatabase() : null;
    s = await startTestServer(databaseUrl ? { DATABASE_URL: databaseUrl } : {});
    // The deployment's public port (PUBLIC_ORIGIN's), which its sites' origins share; not the test server's own.
    port = new URL(s.origin).port || "80";
    await s.sites.create(CAPE_MAY);
    await s.staff.accounts.add({ ...OWNER, role: "owner" });
    await s.staff.accounts.add({ ...CAPE_OWNER, role: "owner", sites: ["cape-may"] });
    await s.staff.accounts.add({ ...CAPE_SALES, role: "sales", sites: ["cape-may"] });
    [owner, capeOwner, capeSales] = (await Promise.all([OWNER, CAPE_OWNER, CAPE_SALES].map((a) => signIn(s, a.email, a.password)))) as [string, string, string];
  });
  afterAll(() => s?.close());

  const json = async <T = Record<string, unknown>>(res: Response) => (await res.json()) as T;
  /** A lead from the partner's page, posted through a site's host. */
  const leadThrough = (host: string) =>
    fetchAsHost(`${s.url}/api/contact`, host, {
      method: "POST",
      headers: { "content-type": "application/json", origin: PARTNER },
      body: JSON.stringify(validLead()),
    });

  it("partner origins: ?site= names the site whatever host the console is served on; the answer names it; the lead posts through that site only", async () => {
    const put = await call(s, "PUT", "/api/staff/origins?site=cape-may", { cookie: owner, body: { added: [PARTNER] } });
    expect(put.status).toBe(200);
    expect(await json(put)).toEqual({ site: "cape-may", startup: [], added: [PARTNER] });
    expect(await json(await call(s, "GET", "/api/staff/origins?site=cape-may", { cookie: owner }))).toEqual({
      site: "cape-may",
      startup: [],
      added: [PARTNER],
    });
    // The first site's list is untouched, and still answered without a parameter (a script's call to its host).
    const first = await json<{ site: string; added: string[]; startup: string[] }>(await call(s, "GET", "/api/staff/origins", { cookie: owner }));
    expect(first).toMatchObject({ site: "sussex-coast", added: [] });
    expect(first.startup.length).toBeGreaterThan(0);
    expect((await leadThrough("cape-may.localhost")).status).toBe(201);
    const refused = await leadThrough("localhost");
    expect(refused.status).toBe(403);
    expect(await json(refused)).toMatchObject({ code: "origin-not-allowed" });
    expect((await call(s, "PUT", "/api/staff/origins?site=cape-may", { cookie: owner, body: { added: [] } })).status).toBe(200);
  });

  it("an account scoped to a site acts on its own site only (403 for another); sales keep no origins; an unknown or malformed site is refused", async () => {
    expect((await call(s, "GET", "/api/staff/origins?site=cape-may", { cookie: capeOwner })).status).toBe(200);
    const other = await call(s, "PUT", "/api/staff/origins?site=sussex-coast", { cookie: capeOwner, body: { added: [PARTNER] } });
    expect(other.status).toBe(403);
    expect(await json(other)).toEqual({ error: "Your account is not one of the site sussex-coast's" });
    // Without a parameter, the host's site: the first one, not Cape May's owner's.
    expect((await call(s, "GET", "/api/staff/origins", { cookie: capeOwner })).status).toBe(403);
    expect((await call(s, "GET", "/api/staff/origins?site=cape-may", { cookie: capeSales })).status).toBe(403);
    expect((await call(s, "GET", "/api/staff/origins?site=nowhere", { cookie: owner })).status).toBe(404);
    expect((await call(s, "GET", "/api/staff/origins?site=cape-may&site=sussex-coast", { cookie: owner })).status).toBe(400);
    expect((await call(s, "GET", "/api/staff/rentals/settings?site=cape-may&site=sussex-coast", { cookie: owner })).status).toBe(400);
    expect(s.staff.origins.added("sussex-coast")).toEqual([]);
  });

  it("rental settings: ?site= is the site read and saved, for a scoped owner too; another site's is 403", async () => {
    const read = await call(s, "GET", "/api/staff/rentals/settings?site=cape-may", { cookie: capeOwner });
    expect(read.status).toBe(200);
    const settings = await json<{ site: string; fleet: Record<string, number>; turnaroundHours: number }>(read);
    expect(settings.site).toBe("cape-may");
    const saved = await call(s, "PUT", "/api/staff/rentals/settings?site=cape-may", {
      cookie: capeOwner,
      headers: { "if-match": read.headers.get("etag")! },
      body: { fleet: settings.fleet, turnaroundHours: settings.turnaroundHours + 1 },
    });
    expect(saved.status).toBe(200);
    expect(await json(saved)).toMatchObject({ site: "cape-may", turnaroundHours: settings.turnaroundHours + 1 });
    expect((await call(s, "GET", "/api/staff/rentals/settings?site=sussex-coast", { cookie: capeOwner })).status).toBe(403);
  });

  it("without a session, the per-site calls are 401; from a foreign Origin, a write is 403 and changes nothing", async () => {
    for (const [method, body] of [
      ["GET", undefined],
      ["PUT", { added: [PARTNER] }],
    ] as const) {
      const res = await call(s, method, "/api/staff/origins?site=cape-may", { body });
      expect(res.status).toBe(401);
    }
    expect((await call(s, "GET", "/api/staff/rentals/settings?site=cape-may")).status).toBe(401);
    for (const origin of [
      "https://evil.example",
      `http://evil.localhost:${port}`,
      `http://cape-may.localhost:1`,
      `https://cape-may.localhost:${port}`,
      "null",
    ]) {
      const res = await call(s, "PUT", "/api/staff/origins?site=cape-may", { cookie: owner, origin, body: { added: [PARTNER] } });
      expect(res.status, origin).toBe(403);
      expect(await json(res)).toEqual({ error: "Staff changes are accepted only from the dealership's own site" });
    }
    expect(s.staff.origins.added("cape-may")).toEqual([]);
    const settings = await call(s, "PUT", "/api/staff/rentals/settings?site=cape-may", {
      cookie: owner,
      origin: "https://evil.example",
      headers: { "if-match": "*" },
      body: { fleet: { "4-seater": 9, "6-seater": 9, utility: 9 }, turnaroundHours: 9 },
    });
    expect(settings.status).toBe(403);
  });

  it("a trade-in photo is read from any site's console, and refused to another origin's page", async () => {
    const photo = (origin: string) => call(s, "GET", "/api/staff/leads/no-such-lead/trade-in-photos/1", { cookie: owner, origin });
    // Past the origin check: the lead is looked for (and not found).
    expect((await photo(`http://cape-may.localhost:${port}`)).status).toBe(404);
    const refused = await photo("https://evil.example");
    expect(refused.status).toBe(403);
    expect(await json(refused)).toEqual({ error: "Trade-in photos are shown only in the staff console." });
  });

  it("staff sign in and work on a second site's own host, from its own origin; a foreign origin is still refused there", async () => {
    const capeOrigin = `http://cape-may.localhost:${port}`;
    const asCape = (method: string, path: string, headers: Record<string, string>, body?: unknown) =>
      fetchAsHost(`${s.url}${path}`, "cape-may.localhost", {
        method,
        headers: { ...headers, ...(body === undefined ? {} : { "content-type": "application/json" }) },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
    const signedIn = await asCape("POST", "/api/staff/session", { origin: capeOrigin }, CAPE_OWNER);
    expect(signedIn.status, await signedIn.clone().text()).toBe(200);
    const cookie = signedIn.headers.get("set-cookie")!.split(";")[0]!;
    // On its own host, with no parameter, the site is Cape May.
    const put = await asCape("PUT", "/api/staff/origins", { origin: capeOrigin, cookie }, { added: [PARTNER] });
    expect(put.status).toBe(200);
    expect(await json(put)).toMatchObject({ site: "cape-may", added: [PARTNER] });
    expect((await asCape("PUT", "/api/staff/origins", { origin: capeOrigin, cookie }, { added: [] })).status).toBe(200);
    for (const origin of ["https://evil.example", `http://cape-may.localhost.evil.example:${port}`, `http://cape-may.localhost:1`]) {
      const res = await asCape("POST", "/api/staff/session", { origin }, CAPE_OWNER);
      expect(res.status, origin).toBe(403);
      expect(res.headers.get("set-cookie")).toBeNull();
    }
  });
  it("a lead of a site removed since can still be assigned: its assignees are the accounts that may act on it", async () => {
    await s.sites.create({ ...CAPE_MAY, id: "gone-soon", domains: ["gone-soon.localhost"] });
    expect((await call(s, "DELETE", "/api/staff/sites/gone-soon?force=1", { cookie: owner })).status).toBe(204);
    const res = await call(s, "GET", "/api/staff/leads/assignees?site=gone-soon", { cookie: owner });
    expect(res.status).toBe(200);
    const emails = (await json<{ accounts: { email: string }[] }>(res)).accounts.map((a) => a.email);
    expect(emails).toContain(OWNER.email);
    expect(emails).not.toContain(CAPE_OWNER.email);
    expect((await call(s, "GET", "/api/staff/leads/assignees?site=gone-soon", { cookie: capeOwner })).status).toBe(403);
    expect((await call(s, "GET", "/api/staff/leads/assignees", { cookie: owner })).status).toBe(400);
  });
});
