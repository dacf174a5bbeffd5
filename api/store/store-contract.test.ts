/**
 * The store contract: what every store promises, run against each storage
 * engine (lowdb files, and PostgreSQL on a throw-away cluster). A store that
 * passes here can stand behind the API whichever engine holds it.
 */
import { readFileSync } from "node:fs";
import { readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import pg from "pg";
import { afterAll, describe, expect, it, vi } from "vitest";
import { seedCatalogue } from "../../domain/catalogue/seed";
import { sitesFromExample } from "../../domain/site-seed";
import type { ContactMessage } from "../../domain/contact";
import type { Vehicle } from "../../domain/vehicle";
import { storeEngines } from "../testing/store-engines";
import { validLead } from "../testing/test-server";
import { FIRST_WAIT_MS, FORGET_MS, FREE_FAILURES, signInWaits, throttleWait } from "../auth/sign-in-throttle";
import { AccountError } from "./account-store";
import { LEADS_FILE } from "./lead-files";
import { ORIGINS_FILE } from "./origin-store";
import { migrate } from "./pg/database";
import { MIGRATIONS } from "./pg/migrations";
import { SESSION_IDLE_MS } from "./session-store";
import { SiteConflictError, SitePreconditionError, type SiteChange } from "./site-store";
import { VehicleConflictError, VehiclePreconditionError, type VehicleChange } from "./vehicle-store";
import { storedLeads } from "../testing/stored-leads";

// scrypt (N 2^15) per sign-in on a shared 2-core machine.
vi.setConfig({ testTimeout: 30_000 });
const { engines, stop } = await storeEngines();
afterAll(stop);

const PASSWORD = "correct horse battery staple";
const newLead = (firstName: string) => ({ message: validLead({ firstName }) as ContactMessage, origin: "https://resort.example", source: "contract" });
const [capeMay, worcester] = sitesFromExample(JSON.parse(readFileSync(new URL("../../tests/fixtures/example-sites.json", import.meta.url), "utf8")));
const cart = (id: string, over: Partial<Vehicle> = {}): Vehicle => ({ ...seedCatalogue()[0]!, id, name: `Contract ${id}`, stockNumber: `C-${id}`, ...over });

describe.each(engines)("store contract: $name", (engine) => {
  if (engine.unavailable) {
    it.skip(`skipped: ${engine.unavailable}`, () => {});
    return;
  }

  describe("VehicleStore", () => {
    it("seeds the catalogue once, and creates, replaces (If-Match) and removes vehicles, telling listeners after each write", async () => {
      const place = await engine.fresh();
      const { vehicles } = await engine.open(place);
      const seeded = vehicles.all().length;
      expect(seeded).toBe(seedCatalogue().length);
      const heard: VehicleChange["action"][] = [];
      vehicles.onChange((c) => heard.push(c.action));

      const listEtag = vehicles.listBody().etag;
      await vehicles.create(cart("contract-one"));
      expect(vehicles.get("contract-one")?.name).toBe("Contract contract-one");
      expect(vehicles.find("contract-one")?.id).toBe("contract-one");
      expect(vehicles.listBody().etag).not.toBe(listEtag);
      await expect(vehicles.create(cart("contract-one"))).rejects.toBeInstanceOf(VehicleConflictError);

      const v = vehicles.get("contract-one")!;
      await expect(vehicles.replace(v.id, { ...v, name: "Stale" }, '"not-its-etag"')).rejects.toBeInstanceOf(VehiclePreconditionError);
      expect(await vehicles.replace(v.id, { ...v, name: "Renamed" }, vehicles.etag(v))).toMatchObject({ name: "Renamed" });
      expect(await vehicles.replace("no-such-cart", v, "*")).toBeUndefined();
      expect(JSON.parse(vehicles.body("contract-one")!.identity.toString()).name).toBe("Renamed");

      expect((await vehicles.remove("contract-one"))?.name).toBe("Renamed");
      expect(await vehicles.remove("contract-one")).toBeUndefined();
      expect(vehicles.get("contract-one")).toBeUndefined();
      expect(heard).toEqual(["create", "update", "delete"]);

      await vehicles.create(cart("contract-two"));
      const reopened = await engine.open(place);
      expect(reopened.vehicles.all().map((x) => x.id)).toEqual(vehicles.all().map((x) => x.id));
      expect(reopened.vehicles.etag(reopened.vehicles.get("contract-two")!)).toBe(vehicles.etag(vehicles.get("contract-two")!));
    });

    it("refuses a second unit with a stock number the catalogue holds (in any case), naming the unit that has it; a unit keeps its own", async () => {
      const { vehicles } = await engine.open(await engine.fresh());
      const seeded = vehicles.get("denago-ev-city")!;
      const taken = { field: "stockNumber", message: `Stock number ${seeded.stockNumber!.toLowerCase()} is already on Denago EV City (denago-ev-city)` };
      await expect(vehicles.create(cart("contract-dup", { stockNumber: seeded.stockNumber!.toLowerCase() }))).rejects.toMatchObject(taken);
      expect(vehicles.get("contract-dup")).toBeUndefined();

      const own = await vehicles.create(cart("contract-own", { stockNumber: "C-900" }));
      const renumbered = { ...own, stockNumber: seeded.stockNumber!.toLowerCase() };
      await expect(vehicles.replace(own.id, renumbered, vehicles.etag(own))).rejects.toMatchObject(taken);
      expect(await vehicles.replace(own.id, { ...own, color: "Black" }, vehicles.etag(own))).toMatchObject({ stockNumber: "C-900", color: "Black" });
    });

    it("replaces many vehicles in one write, each judged on its own: saved, stale (If-Match), missing or taken; a reopened store holds the saved", async () => {
      const place = await engine.fresh();
      const { vehicles } = await engine.open(place);
      const [x, y, z] = vehicles.all();
      const heard: string[] = [];
      vehicles.onChange((c) => heard.push(`${c.action} ${"vehicle" in c ? c.vehicle.id : ""}`));
      const outcomes = await vehicles.replaceMany([
        { id: x!.id, vehicle: { ...x!, price: 1_111 }, ifMatch: vehicles.etag(x!) },
        { id: y!.id, vehicle: { ...y!, price: 2_222 }, ifMatch: '"not-its-etag"' },
        { id: "no-such-cart", vehicle: { ...x!, id: "no-such-cart" }, ifMatch: "*" },
        { id: z!.id, vehicle: { ...z!, stockNumber: x!.stockNumber, price: 3_333 }, ifMatch: vehicles.etag(z!) },
        { id: z!.id, vehicle: { ...z!, status: "sold" }, ifMatch: vehicles.etag(z!) },
      ]);
      expect(outcomes.map((o) => o.outcome)).toEqual(["saved", "stale", "missing", "taken", "saved"]);
      expect(outcomes[1]).toMatchObject({ current: y });
      expect(heard).toEqual([`update ${x!.id}`, `update ${z!.id}`]);
      expect(vehicles.find(x!.id)?.price).toBe(1_111);
      const reopened = (await engine.open(place)).vehicles;
      expect([x, y, z].map((v) => reopened.get(v!.id)).map((v) => [v!.price, v!.status])).toEqual([
        [1_111, x!.status],
        [y!.price, y!.status],
        [z!.price, "sold"],
      ]);
      expect(await vehicles.replaceMany([{ id: y!.id, vehicle: y!, ifMatch: '"old"' }])).toEqual([{ id: y!.id, outcome: "stale", current: y }]);
    });
  });

  describe("SiteStore", () => {
    it("seeds the first site once, on loopback and PUBLIC_ORIGIN's host, and finds a site by a request's host", async () => {
      const place = await engine.fresh();
      const { sites } = await engine.open(place, { publicOrigin: "https://staging.dealer.example" });
      expect(sites.list().map((s) => [s.id, s.domains])).toEqual([
        ["sussex-coast", ["www.sussexcoastgolfcarts.example", "staging.dealer.example", "localhost", "127.0.0.1"]],
      ]);
      expect(sites.forHost("127.0.0.1:4490")).toMatchObject({ site: { id: "sussex-coast" }, primary: false });
      expect(sites.forHost("unknown.example")).toBeUndefined();
      await sites.create(capeMay!);
      // A restart with another PUBLIC_ORIGIN seeds nothing: the stored sites are kept as they are.
      const reopened = (await engine.open(place, { publicOrigin: "http://localhost:3000" })).sites;
      expect(reopened.list().map((s) => s.id)).toEqual(["sussex-coast", "cape-may"]);
      expect((await reopened.get("sussex-coast"))!.domains).toContain("staging.dealer.example");
    });

    it("creates, replaces (If-Match) and removes sites, never letting two claim a domain or the last one go, telling listeners after each write", async () => {
      const place = await engine.fresh();
      const { sites } = await engine.open(place);
      const heard: SiteChange["action"][] = [];
      sites.onChange((c) => heard.push(c.action));

      expect(await sites.create(capeMay!)).toEqual(capeMay);
      expect(sites.forHost("WWW.CapeMayCoastGolfCarts.example")).toEqual({ site: capeMay, primary: true });
      await expect(sites.create(capeMay!)).rejects.toThrow(new SiteConflictError('A site with id "cape-may" already exists'));
      await expect(sites.create({ ...worcester!, domains: ["www.worcestershoregolfcarts.example", "localhost"] })).rejects.toThrow(
        new SiteConflictError("The domain localhost is already a domain of the site sussex-coast (Sussex Coast Golf Carts)"),
      );
      await expect(sites.create({ ...worcester!, email: "not an address" })).rejects.toThrow(/e-mail address/);
      expect(sites.list().map((s) => s.id)).toEqual(["sussex-coast", "cape-may"]);

      const etag = sites.etag(sites.get("cape-may")!);
      const renamed = { ...capeMay!, id: "ignored", name: "Cape May Carts", domains: [...capeMay!.domains, "capemay.localhost"] };
      await expect(sites.replace("cape-may", renamed, '"not-its-etag"')).rejects.toBeInstanceOf(SitePreconditionError);
      await expect(sites.replace("cape-may", { ...renamed, domains: ["127.0.0.1"] }, etag)).rejects.toBeInstanceOf(SiteConflictError);
      expect(await sites.replace("cape-may", renamed, etag)).toMatchObject({ id: "cape-may", name: "Cape May Carts" });
      expect(sites.etag(sites.get("cape-may")!)).not.toBe(etag);
      expect(sites.forHost("capemay.localhost:4590")?.site.name).toBe("Cape May Carts");
      expect(await sites.replace("no-such-site", renamed, "*")).toBeUndefined();

      await sites.create(worcester!);
      expect((await sites.remove("cape-may"))?.name).toBe("Cape May Carts");
      expect(await sites.remove("cape-may")).toBeUndefined();
      expect(sites.forHost("capemay.localhost")).toBeUndefined();
      await sites.remove("sussex-coast");
      await expect(sites.remove("ocean-city-md")).rejects.toThrow(
        new SiteConflictError("The site ocean-city-md is the only one: a deployment serves at least one site"),
      );
      expect(heard).toEqual(["create", "update", "create", "delete", "delete"]);

      const reopened = (await engine.open(place)).sites;
      expect(reopened.list()).toEqual([worcester]);
      expect(reopened.etag(reopened.list()[0]!)).toBe(sites.etag(sites.list()[0]!));
    });

    it("lets one of two writers claiming the same domain at once have it", async () => {
      const place = await engine.fresh();
      const one = (await engine.open(place)).sites;
      // Two instances share a database; a lowdb folder has one server.
      const two = engine.name === "postgres" ? (await engine.open(place)).sites : one;
      const claim = "shared.example";
      const results = await Promise.allSettled([
        one.create({ ...capeMay!, domains: [claim] }),
        two.create({ ...worcester!, domains: ["www.worcestershoregolfcarts.example", claim] }),
      ]);
      expect(results.map((r) => r.status).sort()).toEqual(["fulfilled", "rejected"]);
      const winner = results[0]!.status === "fulfilled" ? "cape-may" : "ocean-city-md";
      // The refused writer saw the sites as committed: both know the winner as the writes answer.
      for (const store of [one, two]) expect(store.forHost(claim)?.site.id).toBe(winner);
      expect(results.find((r) => r.status === "rejected")).toMatchObject({
        reason: new SiteConflictError(
          `The domain ${claim} is already a domain of the site ${winner} (${winner === "cape-may" ? capeMay!.name : worcester!.name})`,
        ),
      });
      // A write on one instance reaches the other's memory.
      const seen = new Promise<SiteChange>((resolve) => two.onChange(resolve));
      await one.remove(winner);
      expect(await seen).toMatchObject({ action: "delete", previous: { id: winner } });
      expect(two.forHost(claim)).toBeUndefined();
    });
  });

  describe("LeadStore", () => {
    it("stores leads in order, finds them by id, and keeps them and their delivery across a restart", async () => {
      const place = await engine.fresh();
      const { leads } = await engine.open(place);
      const a = await leads.add(newLead("Ann"), { status: "pending", attempts: 0 });
      const b = await leads.add(newLead("Bob"), { status: "not-sent", attempts: 0 });
      expect((await storedLeads(leads)).map((l) => l.firstName)).toEqual(["Ann", "Bob"]);
      expect(await leads.get(a.id)).toMatchObject({ firstName: "Ann", origin: "https://resort.example", source: "contract" });
      expect((await leads.pending()).map((l) => l.id)).toEqual([a.id]);
      await leads.setDelivery(b.id, { status: "pending", attempts: 1, lastError: "refused" });
      expect(await leads.writeProblem()).toBeNull();

      const reopened = (await engine.open(place)).leads;
      expect((await storedLeads(reopened)).map((l) => l.id)).toEqual([a.id, b.id]);
      expect((await reopened.get(b.id))?.delivery).toEqual({ status: "pending", attempts: 1, lastError: "refused" });
      expect(await reopened.get(a.id)).toEqual(await leads.get(a.id));
    });

    it("keeps the site each lead came through; a lead stored before sites belongs to the first site", async () => {
      const place = await engine.fresh();
      const stores = await engine.open(place);
      const cape = await stores.leads.add({ ...newLead("Cape"), site: "cape-may" }, { status: "not-sent", attempts: 0 });
      const { site: _site, delivery, ...older } = { ...(await stores.leads.add(newLead("Old"), { status: "not-sent", attempts: 0 })), id: "older-lead" };
      // A lead as stored before sites: no `site` field.
      if (stores.db)
        await stores.db.pool.query("INSERT INTO leads (id, created_at, lead, delivery, delivery_status) VALUES ($1, $2, $3, $4, $5)", [
          older.id,
          older.createdAt,
          JSON.stringify(older),
          JSON.stringify(delivery),
          delivery.status,
        ]);
      else {
        const file = path.join(place, LEADS_FILE);
        const stored = JSON.parse(await readFile(file, "utf8")) as { leads: unknown[] };
        await writeFile(file, JSON.stringify({ leads: [...stored.leads, { ...older, delivery }] }));
      }
      const reopened = (await engine.open(place)).leads;
      expect((await reopened.get(cape.id))?.site).toBe("cape-may");
      expect((await storedLeads(reopened)).map((l) => `${l.firstName} ${l.site}`)).toEqual(["Cape cape-may", "Old sussex-coast", "Old sussex-coast"]);
    });

    it("delivers a pending lead once: the attempt sees the lead as stored, and a delivered lead is not claimed again", async () => {
      const { leads } = await engine.open(await engine.fresh());
      const lead = await leads.add(newLead("Cy"), { status: "pending", attempts: 0 });
      const seen: number[] = [];
      expect(
        await leads.deliver(lead.id, async (l) => {
          seen.push(l.delivery.attempts);
          return { status: "sent", attempts: 1, sentAt: new Date().toISOString() };
        }),
      ).toBe(true);
      expect(await leads.deliver(lead.id, async () => ({ status: "sent", attempts: 9 }))).toBe(false);
      expect(await leads.deliver("no-such-lead", async () => ({ status: "sent", attempts: 9 }))).toBe(false);
      expect(seen).toEqual([0]);
      expect((await leads.get(lead.id))?.delivery).toMatchObject({ status: "sent", attempts: 1 });
      expect(await leads.pending()).toEqual([]);
    });
  });

  describe("AccountStore and SessionStore", () => {
    it("adds, lists and removes accounts; a duplicate or unknown e-mail is an AccountError", async () => {
      const { staff } = await engine.open(await engine.fresh());
      await staff.accounts.add({ email: "owner@example.com", role: "owner", password: PASSWORD });
      await staff.accounts.add({ email: "sales@example.com", role: "sales", password: PASSWORD });
      expect((await staff.accounts.list()).map((a) => [a.email, a.role])).toEqual([
        ["owner@example.com", "owner"],
        ["sales@example.com", "sales"],
      ]);
      await expect(staff.accounts.add({ email: "sales@example.com", role: "owner", password: PASSWORD })).rejects.toMatchObject({ code: "exists" });
      await staff.accounts.remove("sales@example.com");
      await expect(staff.accounts.remove("sales@example.com")).rejects.toBeInstanceOf(AccountError);
      await expect(staff.accounts.setPassword("nobody@example.com", PASSWORD)).rejects.toMatchObject({ code: "unknown" });
      expect(await staff.accounts.get("sales@example.com")).toBeUndefined();
    });

    it("keeps the sites an account is scoped to; an account without any is organisation-wide, across a restart", async () => {
      const place = await engine.fresh();
      const { staff } = await engine.open(place);
      await staff.accounts.add({ email: "owner@example.com", role: "owner", password: PASSWORD });
      expect(await staff.accounts.add({ email: "cape@example.com", role: "sales", password: PASSWORD, sites: ["cape-may", "ocean-city-md"] })).toEqual({
        email: "cape@example.com",
        role: "sales",
        createdAt: expect.any(String),
        sites: ["cape-may", "ocean-city-md"],
      });
      const again = (await engine.open(place)).staff.accounts;
      expect((await again.list()).map((a) => [a.email, a.sites])).toEqual([
        ["owner@example.com", undefined],
        ["cape@example.com", ["cape-may", "ocean-city-md"]],
      ]);
      expect(await again.get("cape@example.com")).toMatchObject({ role: "sales", sites: ["cape-may", "ocean-city-md"] });
      expect(await again.get("owner@example.com")).not.toHaveProperty("sites");
      expect(await again.signIn("cape@example.com", PASSWORD)).toMatchObject({ ok: true, account: { sites: ["cape-may", "ocean-city-md"] } });
    });

    it("checks passwords without writing (an unknown e-mail fails alike), and marks a temporary password until the next change", async () => {
      const { staff } = await engine.open(await engine.fresh());
      await staff.accounts.add({ email: "sales@example.com", role: "sales", password: PASSWORD });
      expect(await staff.accounts.signIn("sales@example.com", PASSWORD)).toMatchObject({
        ok: true,
        account: { email: "sales@example.com", mustChangePassword: false },
      });
      expect(await staff.accounts.signIn("sales@example.com", "wrong password!")).toEqual({ ok: false });
      expect(await staff.accounts.signIn("nobody@example.com", PASSWORD)).toEqual({ ok: false });
      await staff.accounts.setPassword("sales@example.com", "a temporary password", { mustChange: true });
      expect(await staff.accounts.get("sales@example.com")).toMatchObject({ mustChangePassword: true });
      expect((await staff.accounts.list())[0]).toMatchObject({ email: "sales@example.com", mustChangePassword: true });
      await staff.accounts.setPassword("sales@example.com", "another long password");
      expect(await staff.accounts.get("sales@example.com")).toMatchObject({ mustChangePassword: false });
    });

    it(`SignInThrottleStore: counts failures per (e-mail, address); ${FREE_FAILURES} make that pair wait; a success, an unlock or a newer password forgets them`, async () => {
      let t = Date.parse("2026-06-01T12:00:00Z");
      const { staff } = await engine.open(await engine.fresh(), { now: () => t });
      const throttle = staff.signInThrottle;
      for (let i = 1; i <= FREE_FAILURES; i++)
        expect(await throttle.fail("a@example.com", "192.0.2.1", 0)).toEqual({ at: t, pair: { failures: i, lastAt: t }, accountFailures: i });
      expect(throttleWait(await throttle.state("a@example.com", "192.0.2.1", 0))).toBe(FIRST_WAIT_MS);
      expect(await throttle.state("a@example.com", "192.0.2.2", 0)).toEqual({ at: t, pair: null, accountFailures: FREE_FAILURES });
      expect((await throttle.state("b@example.com", "192.0.2.1", 0)).accountFailures).toBe(0);
      expect((await throttle.state("a@example.com", "192.0.2.1", t + 1)).pair).toBeNull();
      t += 1000;
      expect((await throttle.fail("a@example.com", "192.0.2.1", t)).pair).toEqual({ failures: 1, lastAt: t });
      await throttle.fail("a@example.com", "192.0.2.2", 0);
      await throttle.succeed("a@example.com", "192.0.2.1");
      expect(await throttle.state("a@example.com", "192.0.2.1", 0)).toEqual({ at: t, pair: null, accountFailures: 1 });
      await throttle.clear("a@example.com");
      expect(await throttle.state("a@example.com", "192.0.2.2", 0)).toEqual({ at: t, pair: null, accountFailures: 0 });
      await throttle.fail("a@example.com", "192.0.2.3", 0);
      t += FORGET_MS;
      expect((await throttle.fail("a@example.com", "192.0.2.3", 0)).pair).toEqual({ failures: 1, lastAt: t });
    });

    it("SignInThrottleStore: lists the pairs that wait, each until when, and forgets an e-mail's on an unlock", async () => {
      let t = Date.parse("2026-06-01T12:00:00Z");
      const { staff } = await engine.open(await engine.fresh(), { now: () => t });
      const throttle = staff.signInThrottle;
      for (let i = 0; i < FREE_FAILURES; i++) await throttle.fail("a@example.com", "192.0.2.1", 0);
      await throttle.fail("b@example.com", "192.0.2.9", 0);
      t += 1000;
      expect(signInWaits(await throttle.pairs(), () => 0)).toEqual([{ email: "a@example.com", address: "192.0.2.1", until: t - 1000 + FIRST_WAIT_MS }]);
      // A password changed after the failures forgives them, as at sign-in.
      expect(signInWaits(await throttle.pairs(), (email) => (email === "a@example.com" ? t : 0))).toEqual([]);
      await throttle.clear("a@example.com");
      expect(signInWaits(await throttle.pairs(), () => 0)).toEqual([]);
      expect((await throttle.pairs()).rows.map((r) => r.email)).toEqual(["b@example.com"]);
    });

    it("opens a session by its token only, ends it on sign-out, for all of an account, and after the idle time", async () => {
      let t = Date.parse("2026-06-01T12:00:00Z");
      const place = await engine.fresh();
      const { staff } = await engine.open(place, { now: () => t });
      const one = await staff.sessions.create("sales@example.com");
      const two = await staff.sessions.create("sales@example.com");
      const other = await staff.sessions.create("owner@example.com");
      expect(await staff.sessions.touch(one.token)).toEqual({ email: "sales@example.com", createdAt: t });
      expect(await staff.sessions.touch(`${one.token}x`)).toBeUndefined();
      await staff.sessions.revoke(one.token);
      expect(await staff.sessions.touch(one.token)).toBeUndefined();
      expect(await staff.sessions.touch(two.token)).toBeDefined();
      await staff.sessions.revokeAll("sales@example.com");
      expect(await staff.sessions.touch(two.token)).toBeUndefined();

      const restarted = await engine.open(place, { now: () => t });
      expect(await restarted.staff.sessions.touch(other.token)).toMatchObject({ email: "owner@example.com" });
      t += SESSION_IDLE_MS + 1;
      expect(await restarted.staff.sessions.touch(other.token)).toBeUndefined();
    });
  });

  describe("AuditStore, OriginStore and FollowUpStore", () => {
    it("keeps partner origins per site: the start-up ones count for the first site only, and a list from before sites is the first site's", async () => {
      const place = await engine.fresh();
      // The one list of before sites, as each engine kept it.
      if (engine.name === "postgres") {
        const pool = new pg.Pool({ connectionString: place });
        await migrate(
          pool,
          MIGRATIONS.filter((m) => m.version <= 3),
        );
        await pool.query("INSERT INTO partner_origins (id, added) VALUES (1, $1)", [JSON.stringify(["https://old-partner.example"])]);
        await pool.end();
      } else await writeFile(path.join(place, ORIGINS_FILE), JSON.stringify({ added: ["https://old-partner.example"] }));

      const { staff } = await engine.open(place, { leadOrigins: ["https://fixed.example"] });
      expect(staff.origins.added("sussex-coast")).toEqual(["https://old-partner.example"]);
      expect(staff.origins.allows("sussex-coast", "https://old-partner.example")).toBe(true);
      expect(staff.origins.allows("cape-may", "https://old-partner.example")).toBe(false);
      expect(staff.origins.startup("sussex-coast")).toEqual(["https://fixed.example"]);
      expect(staff.origins.startup("cape-may")).toEqual([]);
      expect(staff.origins.allows("cape-may", "https://fixed.example")).toBe(false);

      await staff.origins.setAdded("cape-may", ["https://cape-partner.example"]);
      expect(staff.origins.allows("cape-may", "https://cape-partner.example")).toBe(true);
      expect(staff.origins.allows("sussex-coast", "https://cape-partner.example")).toBe(false);
      expect(staff.origins.added("sussex-coast")).toEqual(["https://old-partner.example"]);

      const reopened = (await engine.open(place, { leadOrigins: ["https://fixed.example"] })).staff;
      expect([reopened.origins.added("sussex-coast"), reopened.origins.added("cape-may"), reopened.origins.added("ocean-city-md")]).toEqual([
        ["https://old-partner.example"],
        ["https://cape-partner.example"],
        [],
      ]);
    });

    it("keep what was written, in order, across a restart", async () => {
      const place = await engine.fresh();
      const { staff } = await engine.open(place, { leadOrigins: ["https://fixed.example"] });
      for (const n of [1, 2, 3])
        await staff.audit.append({
          at: new Date(Date.UTC(2026, 5, n)).toISOString(),
          email: "owner@example.com",
          action: "update",
          vehicleId: `v${n}`,
          fields: ["name"],
        });
      expect(staff.audit.recent(2).map((e) => e.vehicleId)).toEqual(["v3", "v2"]);

      expect(staff.origins.allows("sussex-coast", "https://fixed.example")).toBe(true);
      expect(staff.origins.allows("sussex-coast", "https://partner.example")).toBe(false);
      await staff.origins.setAdded("sussex-coast", ["https://partner.example", "https://partner.example"]);
      expect(staff.origins.added("sussex-coast")).toEqual(["https://partner.example"]);
      expect(staff.origins.allows("sussex-coast", "https://partner.example")).toBe(true);

      expect(staff.followUps.get("lead-1")).toMatchObject({ status: "new", notes: [] });
      await staff.followUps.record({ leadId: "lead-1", at: "2026-06-01T10:00:00.000Z", by: "sales@example.com", status: "contacted" });
      const after = await staff.followUps.record({
        leadId: "lead-1",
        at: "2026-06-01T11:00:00.000Z",
        by: "owner@example.com",
        note: "Called back <b>twice</b>",
      });
      expect(after).toMatchObject({
        status: "contacted",
        statusBy: "sales@example.com",
        notes: [{ text: "Called back <b>twice</b>", author: "owner@example.com" }],
      });

      const reopened = (await engine.open(place, { leadOrigins: ["https://fixed.example"] })).staff;
      expect(reopened.audit.recent(10).map((e) => e.vehicleId)).toEqual(["v3", "v2", "v1"]);
      expect(reopened.origins.added("sussex-coast")).toEqual(["https://partner.example"]);
      expect(reopened.followUps.get("lead-1")).toEqual(after);
    });

    it("pages through the whole history, newest first, past the entries held in memory, filtered by vehicle, person and action", async () => {
      const { staff } = await engine.open(await engine.fresh(), { leadOrigins: [] });
      const at = (n: number) => new Date(Date.UTC(2026, 0, 1, 0, 0, n)).toISOString();
      // 1,205 entries, more than either engine holds in memory: the owner's price change comes first, then two bulk edits.
      await staff.audit.append({ at: at(0), email: "owner@example.com", action: "update", vehicleId: "cart-a", fields: ["price"] });
      for (const bulk of [0, 1])
        await staff.audit.appendMany(
          Array.from({ length: 600 }, (_, i) => ({
            at: at(1 + bulk * 600 + i),
            email: "sales@example.com",
            action: "update" as const,
            vehicleId: `bulk-${i}`,
            fields: ["status"],
          })),
        );
      for (const n of [1, 2, 3, 4])
        await staff.audit.append({ at: at(2000 + n), email: "Ann@Example.com", action: "lead-note", vehicleId: null, fields: [`lead-${n}`] });

      const first = await staff.audit.page({}, null, 3);
      expect(first.entries.map((e) => e.entry.fields[0])).toEqual(["lead-4", "lead-3", "lead-2"]);
      expect(first.entries.map((e) => e.seq)).toEqual([1205, 1204, 1203]);
      expect(first.next).toBe(1203);
      const second = await staff.audit.page({}, first.next, 3);
      expect(second.entries.map((e) => e.entry.fields[0])).toEqual(["lead-1", "status", "status"]);

      // The owner's change, 1,204 entries back, by the cart, by the person and by the kind.
      const cart = await staff.audit.page({ vehicleId: "cart-a" }, null, 50);
      expect(cart).toEqual({ entries: [{ seq: 1, entry: expect.objectContaining({ email: "owner@example.com", fields: ["price"] }) }], next: null });
      const owner = await staff.audit.page({ who: "OWNER@" }, null, 50);
      expect(owner.entries.map((e) => e.seq)).toEqual([1]);
      const notes = await staff.audit.page({ who: "ann", actions: ["lead-note", "lead-status"] }, null, 2);
      expect([notes.entries.map((e) => e.entry.fields[0]), notes.next]).toEqual([["lead-4", "lead-3"], 1204]);
      expect((await staff.audit.page({ actions: ["lead-note"] }, notes.next, 5)).entries.map((e) => e.entry.fields[0])).toEqual(["lead-2", "lead-1"]);
      expect(await staff.audit.page({ vehicleId: "no-such-cart" }, null, 5)).toEqual({ entries: [], next: null });
    });
  });
});
