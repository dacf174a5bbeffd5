/** The sites API and staff accounts scoped to sites, on both storage engines. */
import { readFileSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { Site } from "../domain/site";
import { sitesFromExample } from "../domain/site-seed";
import { postgresForSuite } from "./testing/suite-postgres";
import { call, signIn } from "./testing/staff-client";
import { postJson, startTestServer, validLead, type TestServer } from "./testing/test-server";

vi.setConfig({ testTimeout: 120_000, hookTimeout: 120_000 });

const [capeMay, oceanCity] = sitesFromExample(JSON.parse(readFileSync(new URL("../tests/fixtures/example-sites.json", import.meta.url), "utf8")));
const OWNER = { email: "owner@example.com", password: "owner password 1" };
const SALES = { email: "sales@example.com", password: "sales password 1" };
const CAPE_SALES = { email: "cape-sales@example.com", password: "cape password 12" };
const CAPE_OWNER = { email: "cape-owner@example.com", password: "cape password 12" };

const postgres = await postgresForSuite();
const { unavailable } = postgres;

describe.each(["lowdb", "postgres"] as const)("on %s", (engine) => {
  if (engine === "postgres" && unavailable) return void it.skip(`PostgreSQL: ${unavailable}`);

  let s: TestServer;
  let owner: string;
  let sales: string;
  let capeSales: string;
  let capeOwner: string;
  let sussexLead: string;
  beforeAll(async () => {
    const databaseUrl = engine === "postgres" ? await postgres.createDatabase() : null;
    s = await startTestServer(databaseUrl ? { DATABASE_URL: databaseUrl } : {});
    await s.staff.accounts.add({ ...OWNER, role: "owner" });
    await s.staff.accounts.add({ ...SALES, role: "sales" });
    await s.staff.accounts.add({ ...CAPE_SALES, role: "sales", sites: ["cape-may"] });
    await s.staff.accounts.add({ ...CAPE_OWNER, role: "owner", sites: ["cape-may"] });
    [owner, sales, capeSales, capeOwner] = (await Promise.all([OWNER, SALES, CAPE_SALES, CAPE_OWNER].map((a) => signIn(s, a.email, a.password)))) as [
      string,
      string,
      string,
      string,
    ];
    // A lead posted to localhost: the first site's.
    const res = await postJson(`${s.url}/api/contact`, validLead());
    expect(res.status).toBe(201);
    sussexLead = (await json<{ leads: { id: string }[] }>(await call(s, "GET", "/api/staff/leads", { cookie: owner }))).leads[0]!.id;
  });
  afterAll(() => s?.close());

  const json = async <T = Record<string, unknown>>(res: Response) => (await res.json()) as T;
  const allowed = async (domain: string) => (await fetch(`${s.url}/api/tls/allowed?domain=${domain}`)).status;
  const audit = async (cookie: string, limit = 1000) =>
    (await json<{ entries: { action: string; fields: string[] }[] }>(await call(s, "GET", `/api/staff/audit?limit=${limit}`, { cookie }))).entries;

  describe("the sites API", () => {
    it("an organisation owner adds a site (201, ETag, audited) that is served at once; a bad one gets a message per field", async () => {
      expect(await allowed(capeMay!.domains[0]!)).toBe(404);
      const added = await call(s, "POST", "/api/staff/sites", { cookie: owner, body: capeMay });
      expect(added.status).toBe(201);
      expect(added.headers.get("location")).toBe("/api/staff/sites/cape-may");
      expect(added.headers.get("etag")).toMatch(/^"/);
      expect(await json(added)).toMatchObject({ id: "cape-may", name: capeMay!.name });
      expect(await allowed(capeMay!.domains[0]!)).toBe(200);
      expect((await audit(owner, 1))[0]).toMatchObject({ email: OWNER.email, action: "site-add", fields: ["cape-may"] });

      const bad = await call(s, "POST", "/api/staff/sites", {
        cookie: owner,
        body: { ...oceanCity, id: "Ocean City", domains: ["https://x.example/"], email: "nope", phones: { main: { display: "(410) 555-0100", e164: "410" } } },
      });
      expect(bad.status).toBe(400);
      expect((await json(bad)).fields).toMatchObject({
        id: expect.stringMatching(/must be a slug/),
        "domains.0": expect.stringMatching(/must be a host name/),
        email: expect.stringMatching(/must be an e-mail address/),
        "phones.main.e164": expect.stringMatching(/E\.164/),
      });
    });

    it("a domain or id another site has is 409 naming that site", async () => {
      const taken = await call(s, "POST", "/api/staff/sites", { cookie: owner, body: { ...oceanCity, domains: ["localhost"] } });
      expect(taken.status).toBe(409);
      expect((await json(taken)).error).toMatch(/localhost is already a domain of the site sussex-coast/);
      const twice = await call(s, "POST", "/api/staff/sites", { cookie: owner, body: { ...oceanCity, id: "cape-may" } });
      expect(twice.status).toBe(409);
    });

    it("PUT needs If-Match (428), refuses a stale one (412 with the current site) and saves with the current one", async () => {
      const got = await call(s, "GET", "/api/staff/sites/cape-may", { cookie: owner });
      const etag = got.headers.get("etag")!;
      const site = await json<Site>(got);
      const edited = { ...site, region: "Cape May County, NJ" };
      expect((await call(s, "PUT", "/api/staff/sites/cape-may", { cookie: owner, body: edited })).status).toBe(428);
      const saved = await call(s, "PUT", "/api/staff/sites/cape-may", { cookie: owner, body: edited, headers: { "if-match": etag } });
      expect(saved.status).toBe(200);
      expect(await json(saved)).toMatchObject({ region: "Cape May County, NJ" });
      const stale = await call(s, "PUT", "/api/staff/sites/cape-may", { cookie: owner, body: site, headers: { "if-match": etag } });
      expect(stale.status).toBe(412);
      expect(await json(stale)).toMatchObject({ current: { region: "Cape May County, NJ" } });
      expect((await audit(owner, 1))[0]).toMatchObject({ action: "site-update", fields: ["cape-may", "region"] });
      const renamed = await call(s, "PUT", "/api/staff/sites/cape-may", { cookie: owner, body: { ...site, id: "other" }, headers: { "if-match": "*" } });
      expect(renamed.status).toBe(400);
      expect((await call(s, "PUT", "/api/staff/sites/nowhere", { cookie: owner, body: site, headers: { "if-match": "*" } })).status).toBe(404);
    });

    it("only an organisation owner writes sites: sales and an owner scoped to a site get 403", async () => {
      for (const cookie of [sales, capeOwner, capeSales]) {
        expect((await call(s, "POST", "/api/staff/sites", { cookie, body: oceanCity })).status).toBe(403);
        expect((await call(s, "PUT", "/api/staff/sites/cape-may", { cookie, body: capeMay, headers: { "if-match": "*" } })).status).toBe(403);
        expect((await call(s, "DELETE", "/api/staff/sites/cape-may", { cookie })).status).toBe(403);
      }
      expect(await json(await call(s, "GET", "/api/staff/sites", { cookie: owner }))).toMatchObject({ canManage: true });
      expect(await json(await call(s, "GET", "/api/staff/sites", { cookie: sales }))).toMatchObject({ canManage: false });
    });

    it("a site that still has leads is removed only with ?force=1; the last site never", async () => {
      const refused = await call(s, "DELETE", "/api/staff/sites/sussex-coast", { cookie: owner });
      expect(refused.status).toBe(409);
      expect(await json(refused)).toMatchObject({ error: expect.stringMatching(/still has 1 lead.*\?force=1/), leads: 1 });
      expect(await allowed("localhost")).toBe(200);
      expect((await call(s, "DELETE", "/api/staff/sites/cape-may", { cookie: owner })).status).toBe(204);
      expect(await allowed(capeMay!.domains[0]!)).toBe(404);
      expect((await audit(owner, 1))[0]).toMatchObject({ action: "site-remove", fields: ["cape-may"] });
      const last = await call(s, "DELETE", "/api/staff/sites/sussex-coast?force=1", { cookie: owner });
      expect(last.status).toBe(409);
      expect((await json(last)).error).toMatch(/only one/);
      expect((await call(s, "DELETE", "/api/staff/sites/cape-may", { cookie: owner })).status).toBe(404);
      // Back for the scoping tests.
      expect((await call(s, "POST", "/api/staff/sites", { cookie: owner, body: capeMay })).status).toBe(201);
    });
  });

  describe("an account scoped to a site", () => {
    it("lists only its sites and is refused another site's record; every site is named only by its id and name (what a shared cart's Shown on shows)", async () => {
      expect(await json(await call(s, "GET", "/api/staff/sites", { cookie: capeSales }))).toEqual({
        sites: [expect.objectContaining({ id: "cape-may" })],
        canManage: false,
        everySite: [
          { id: "sussex-coast", name: expect.any(String) },
          { id: "cape-may", name: expect.any(String) },
        ],
      });
      expect((await call(s, "GET", "/api/staff/sites/sussex-coast", { cookie: capeSales })).status).toBe(403);
      expect((await call(s, "GET", "/api/staff/sites/cape-may", { cookie: capeSales })).status).toBe(200);
      expect(await json(await call(s, "GET", "/api/staff/session", { cookie: capeSales }))).toEqual({
        email: CAPE_SALES.email,
        role: "sales",
        sites: ["cape-may"],
        leadMail: false,
      });
    });

    it("a sales account scoped to site B is refused site A's lead, and sees none of A's leads in lists, counts, the CSV or the history", async () => {
      expect((await call(s, "GET", `/api/staff/leads/${sussexLead}`, { cookie: sales })).status).toBe(200);
      expect((await call(s, "PATCH", `/api/staff/leads/${sussexLead}`, { cookie: sales, body: { status: "contacted" } })).status).toBe(200);
      const refused = await call(s, "GET", `/api/staff/leads/${sussexLead}`, { cookie: capeSales });
      expect(refused.status).toBe(403);
      expect(await json(refused)).toEqual({ error: "Your account is not one of the site sussex-coast's" });
      expect((await call(s, "PATCH", `/api/staff/leads/${sussexLead}`, { cookie: capeSales, body: { status: "won" } })).status).toBe(403);
      expect((await call(s, "POST", `/api/staff/leads/${sussexLead}/resend`, { cookie: capeSales })).status).toBe(403);
      expect((await json<{ leads: unknown[] }>(await call(s, "GET", "/api/staff/leads", { cookie: capeSales }))).leads).toEqual([]);
      expect((await json<{ leads: unknown[] }>(await call(s, "GET", "/api/staff/leads", { cookie: sales }))).leads).toHaveLength(1);
      expect(await json(await call(s, "GET", "/api/staff/leads/counts", { cookie: capeSales }))).toMatchObject({ total: 0 });
      expect((await (await call(s, "GET", "/api/staff/leads.csv", { cookie: capeSales })).text()).trimEnd().split("\r\n")).toHaveLength(1);
      // The history: the lead's status change and the other site's changes are not its; its own site's are.
      const seen = await audit(capeSales);
      expect(seen.some((e) => e.action === "lead-status")).toBe(false);
      expect(seen.some((e) => e.fields[0] === "sussex-coast" || e.action.startsWith("account"))).toBe(false);
      expect(seen.some((e) => e.action === "site-add" && e.fields[0] === "cape-may")).toBe(true);
      expect((await audit(sales)).some((e) => e.action === "lead-status")).toBe(true);
    });

    it("the inbox filters by a site (the console's site switcher); a scoped account asking for another site's is 403", async () => {
      const ids = async (cookie: string, query: string) =>
        (await json<{ leads: { id: string }[] }>(await call(s, "GET", `/api/staff/leads${query}`, { cookie }))).leads.map((l) => l.id);
      expect(await ids(owner, "?site=sussex-coast")).toEqual([sussexLead]);
      expect(await ids(owner, "?site=cape-may")).toEqual([]);
      expect(await ids(capeSales, "?site=cape-may")).toEqual([]);
      expect((await call(s, "GET", "/api/staff/leads?site=sussex-coast", { cookie: capeSales })).status).toBe(403);
      expect((await call(s, "GET", "/api/staff/leads/counts?site=sussex-coast", { cookie: capeSales })).status).toBe(403);
      expect((await call(s, "GET", "/api/staff/leads?site=Not%20a%20site", { cookie: owner })).status).toBe(400);
    });

    it("sees and changes only the vehicles shown on its sites (a vehicle naming no site is every site's); accounts and origins are the organisation owner's", async () => {
      const all = (await json<{ vehicles: { id: string }[] }>(await call(s, "GET", "/api/staff/vehicles", { cookie: owner }))).vehicles;
      const [onlySussex, everywhere] = all;
      // One is given a site straight in the store, the shortest way to a cart of one site.
      await s.vehicles.replace(onlySussex!.id, { ...s.vehicles.get(onlySussex!.id)!, sites: ["sussex-coast"] } as never, "*");
      const listed = (await json<{ vehicles: { id: string }[] }>(await call(s, "GET", "/api/staff/vehicles", { cookie: capeSales }))).vehicles.map((v) => v.id);
      expect(listed).not.toContain(onlySussex!.id);
      expect(listed).toContain(everywhere!.id);
      expect(listed).toHaveLength(all.length - 1);
      expect((await call(s, "GET", `/api/staff/vehicles/${onlySussex!.id}`, { cookie: capeSales })).status).toBe(403);
      expect((await call(s, "DELETE", `/api/staff/vehicles/${onlySussex!.id}`, { cookie: capeSales })).status).toBe(403);
      expect(s.vehicles.get(onlySussex!.id)).toBeDefined();
      expect((await call(s, "GET", `/api/staff/vehicles/${everywhere!.id}`, { cookie: capeSales })).status).toBe(200);
      expect((await call(s, "GET", `/api/staff/vehicles/${onlySussex!.id}`, { cookie: sales })).status).toBe(200);
      // Nor may it show a vehicle on another site.
      const { id: _id, ...draft } = s.vehicles.get(everywhere!.id)!;
      const elsewhere = await call(s, "POST", "/api/staff/vehicles", { cookie: capeSales, body: { ...draft, name: "Scoped Cart", sites: ["sussex-coast"] } });
      expect(elsewhere.status).toBe(403);
      expect(await json(elsewhere)).toMatchObject({
        error: "Your account may show a cart only on its own sites (cape-may), and add or remove only those: sussex-coast is not one of them",
      });
      const patch = { changes: { sites: ["cape-may"] }, base: { sites: null } };
      expect((await call(s, "PATCH", `/api/staff/vehicles/${everywhere!.id}`, { cookie: capeSales, body: patch, headers: { "if-match": "*" } })).status).toBe(
        403,
      );
      for (const cookie of [capeOwner, capeSales]) {
        expect((await call(s, "GET", "/api/staff/accounts", { cookie })).status).toBe(403);
        expect((await call(s, "GET", "/api/staff/origins", { cookie })).status).toBe(403);
      }
    });

    it("an organisation owner adds an account scoped to sites; an unknown site id is refused naming it", async () => {
      const body = { email: "ocean@example.com", role: "sales", password: "a long password", sites: ["ocean-city-md"] };
      const refused = await call(s, "POST", "/api/staff/accounts", { cookie: owner, body });
      expect(refused.status).toBe(400);
      expect((await json(refused)).fields).toEqual({ sites: "No site with id ocean-city-md" });
      const added = await call(s, "POST", "/api/staff/accounts", { cookie: owner, body: { ...body, sites: ["cape-may"] } });
      expect(added.status).toBe(201);
      expect(await json(added)).toMatchObject({ email: "ocean@example.com", sites: ["cape-may"] });
    });
  });
});
