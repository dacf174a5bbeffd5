/**
 * Bulk changes from the console's inventory (decision 0040), on each storage engine: one change to many
 * carts, each judged by the rule of decision 0018: a cart someone else changed meanwhile is reported (which, which
 * field, who), not overwritten, and the others are written, each with its own history entry.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { AuditEntry } from "../domain/staff";
import type { Vehicle } from "../domain/vehicle";
import { vehicleEdit } from "../domain/vehicle-edit";
import { readFileSync } from "node:fs";
import { sitesFromExample } from "../domain/site-seed";
import { postgresForSuite } from "./testing/suite-postgres";
import { call, signIn } from "./testing/staff-client";
import { startTestServer, type TestServer } from "./testing/test-server";

// Three scrypt sign-ins per engine on a shared 2-core machine.
vi.setConfig({ testTimeout: 120_000, hookTimeout: 120_000 });

const A = { email: "a@example.com", password: "a's password 123" };
const B = { email: "b@example.com", password: "b's password 123" };
const CAPE = { email: "cape@example.com", password: "cape password 12" };
const BULK = "/api/staff/vehicles/bulk";
const [capeMay] = sitesFromExample(JSON.parse(readFileSync(new URL("../tests/fixtures/example-sites.json", import.meta.url), "utf8")));

interface BulkAnswer {
  saved: Vehicle[];
  unchanged: string[];
  conflicts: { id: string; name: string; error: string; conflicts: { field: string; yours: unknown; current: unknown; email: string | null }[] }[];
  refused: { id: string; error: string }[];
}

const postgres = await postgresForSuite();
const { unavailable } = postgres;

describe.each(["lowdb", "postgres"] as const)("POST /api/staff/vehicles/bulk on %s", (engine) => {
  if (engine === "postgres" && unavailable) return void it.skip(`PostgreSQL: ${unavailable}`);
  let s: TestServer;
  let a: string;
  let b: string;
  let cape: string;
  beforeAll(async () => {
    const databaseUrl = engine === "postgres" ? await postgres.createDatabase() : null;
    s = await startTestServer(databaseUrl ? { DATABASE_URL: databaseUrl } : {});
    await s.staff.accounts.add({ ...A, role: "sales" });
    await s.staff.accounts.add({ ...B, role: "sales" });
    await s.staff.accounts.add({ ...CAPE, role: "sales", sites: ["cape-may"] });
    [a, b, cape] = (await Promise.all([A, B, CAPE].map((x) => signIn(s, x.email, x.password)))) as [string, string, string];
  });
  afterAll(() => s?.close());

  const list = async (cookie: string) => ((await (await call(s, "GET", "/api/staff/vehicles", { cookie })).json()) as { vehicles: Vehicle[] }).vehicles;
  const bulk = async (cookie: string, body: unknown) => {
    const res = await call(s, "POST", BULK, { cookie, body });
    return { status: res.status, body: (await res.json()) as BulkAnswer & { error?: string; problems?: { id: string; error: string }[] } };
  };
  const history = async () => ((await (await call(s, "GET", "/api/staff/audit?limit=1000", { cookie: a })).json()) as { entries: AuditEntry[] }).entries;

  it("answers 401 without a session and 403 to a foreign Origin, changing nothing", async () => {
    const [v] = await list(a);
    const body = { change: { kind: "status", status: "sold" }, vehicles: [{ id: v!.id, base: { status: v!.status } }] };
    const none = await call(s, "POST", BULK, { body });
    expect(none.status).toBe(401);
    const foreign = await call(s, "POST", BULK, { cookie: a, body, origin: "https://evil.example" });
    expect(foreign.status).toBe(403);
    expect(await foreign.json()).toHaveProperty("error");
    expect(s.vehicles.get(v!.id)!.status).toBe(v!.status);
  });

  it("a price change of 20 carts where one was changed meanwhile reports that one (field, who) and changes the other 19, each with its history entry", async () => {
    const loaded = (await list(a)).slice(0, 20);
    expect(loaded).toHaveLength(20);
    const [touched] = loaded;
    // B changes one cart's price after A's list was loaded.
    const got = await call(s, "GET", `/api/staff/vehicles/${touched!.id}`, { cookie: b });
    const patched = await call(s, "PATCH", `/api/staff/vehicles/${touched!.id}`, {
      cookie: b,
      body: vehicleEdit(touched!, { ...touched!, price: 4_321 }),
      headers: { "if-match": got.headers.get("etag")! },
    });
    expect(patched.status).toBe(200);
    const before = (await history()).length;

    const { status, body } = await bulk(a, {
      change: { kind: "price-amount", amount: -250 },
      vehicles: loaded.map((v) => ({ id: v.id, base: { price: v.price } })),
    });
    expect(status).toBe(200);
    expect(body.conflicts).toEqual([
      {
        id: touched!.id,
        name: touched!.name,
        error: `${touched!.name} was changed by someone else since you loaded it`,
        conflicts: [expect.objectContaining({ field: "price", yours: touched!.price - 250, current: 4_321, email: B.email })],
      },
    ]);
    expect(body.refused).toEqual([]);
    expect(body.saved.map((v) => v.id).sort()).toEqual(
      loaded
        .slice(1)
        .map((v) => v.id)
        .sort(),
    );
    for (const v of loaded.slice(1)) expect(s.vehicles.get(v.id)!.price).toBe(v.price - 250);
    expect(s.vehicles.get(touched!.id)!.price).toBe(4_321);

    const entries = (await history()).slice(0, (await history()).length - before);
    expect(entries).toHaveLength(19);
    for (const e of entries) expect(e).toMatchObject({ email: A.email, action: "update", fields: ["price"] });
    expect(new Set(entries.map((e) => e.vehicleId)).size).toBe(19);
  });

  it("a percentage rounds to whole dollars; one that would leave $1-$250,000 is refused in words and writes nothing", async () => {
    const [one, two] = await list(a);
    const ok = await bulk(a, { change: { kind: "price-percent", percent: 10 }, vehicles: [{ id: one!.id, base: { price: one!.price } }] });
    expect(ok.status).toBe(200);
    expect(ok.body.saved[0]!.price).toBe(Math.round(one!.price * 1.1));

    const [first, second] = await list(a);
    const refused = await bulk(a, {
      change: { kind: "price-percent", percent: -99.999 },
      vehicles: [first, second].map((v) => ({ id: v!.id, base: { price: v!.price } })),
    });
    expect(refused.status).toBe(400);
    expect(refused.body.error).toMatch(/^No price was changed: .+ would become \$0, and a price must be from \$1 to \$250,000/);
    expect(refused.body.problems).toHaveLength(2);
    expect(s.vehicles.get(first!.id)!.price).toBe(first!.price);
    expect(s.vehicles.get(two!.id)!.price).toBe(second!.price);

    const bad = await bulk(a, { change: { kind: "price-amount", amount: 0 }, vehicles: [{ id: first!.id, base: { price: first!.price } }] });
    expect(bad.status).toBe(400);
    expect(bad.body.error).toBe("The amount must be a whole number of dollars other than 0, from -$250,000 to $250,000");
    const none = await bulk(a, { change: { kind: "status", status: "sold" }, vehicles: [] });
    expect(none).toMatchObject({ status: 400, body: { error: "Select at least one cart" } });
  });

  it("refuses a price below a cart's cost unless the change says it is meant, and rounds as asked", async () => {
    const [template] = await list(a);
    const { id: _id, stockNumber: _stock, ...rest } = template!;
    const made = await call(s, "POST", "/api/staff/vehicles", {
      cookie: a,
      body: { ...rest, name: "Costed Cart", stockNumber: "COST-1", price: 12_900, cost: 10_900 },
    });
    expect(made.status).toBe(201);
    const cart = (await made.json()) as Vehicle;
    const at = (price: number) => [{ id: cart.id, base: { price } }];
    const loss = await bulk(a, { change: { kind: "price-percent", percent: -99.99 }, vehicles: at(12_900) });
    expect(loss.status).toBe(400);
    expect(loss.body.error).toBe("No price was changed: Costed Cart: $12,900 would become $1, below its cost of $10,900");
    expect(s.vehicles.get(cart.id)!.price).toBe(12_900);

    const rounded = await bulk(a, { change: { kind: "price-percent", percent: -2.3, rounding: "95" }, vehicles: at(12_900) });
    expect(rounded.status).toBe(200);
    expect(s.vehicles.get(cart.id)!.price).toBe(12_595);
    const meant = await bulk(a, { change: { kind: "price-amount", amount: -2_000, rounding: "100", belowCost: true }, vehicles: at(12_595) });
    expect(meant.status).toBe(200);
    expect(s.vehicles.get(cart.id)!.price).toBe(10_600);
    const odd = await bulk(a, { change: { kind: "price-amount", amount: 5, rounding: "7" }, vehicles: at(10_600) });
    expect(odd).toMatchObject({ status: 400, body: { error: "The rounding must be one of 1, 5, 10, 100, 95, 99" } });
  });

  it("marks carts sold; one already sold is unchanged, an unknown id is refused by name", async () => {
    const [x, y] = await list(a);
    const first = await bulk(a, { change: { kind: "status", status: "sold" }, vehicles: [{ id: x!.id, base: { status: x!.status } }] });
    expect(first.body.saved.map((v) => v.status)).toEqual(["sold"]);
    const second = await bulk(a, {
      change: { kind: "status", status: "sold" },
      vehicles: [
        { id: x!.id, base: { status: x!.status } },
        { id: y!.id, base: { status: y!.status } },
        { id: "no-such-cart", base: { status: "available" } },
      ],
    });
    expect(second.status).toBe(200);
    expect(second.body).toMatchObject({ unchanged: [x!.id], refused: [{ id: "no-such-cart", error: "Vehicle not found: no-such-cart" }], conflicts: [] });
    expect(second.body.saved.map((v) => v.id)).toEqual([y!.id]);
    expect(s.vehicles.get(y!.id)!.status).toBe("sold");
  });

  it("an account scoped to a site changes only the carts shown on it alone; another site's cart, or one another site shows too, is refused and left as it was", async () => {
    const all = await list(a);
    const [elsewhere, everywhere, mine] = all.slice(-3);
    await s.vehicles.replace(elsewhere!.id, { ...s.vehicles.get(elsewhere!.id)!, sites: ["sussex-coast"] }, "*");
    await s.vehicles.replace(mine!.id, { ...s.vehicles.get(mine!.id)!, sites: ["cape-may"] }, "*");
    const seen = (await list(cape)).map((v) => v.id);
    expect(seen).not.toContain(elsewhere!.id);
    expect(seen).toContain(everywhere!.id);

    const { status, body } = await bulk(cape, {
      change: { kind: "status", status: "on-hold" },
      vehicles: [elsewhere, everywhere, mine].map((v) => ({ id: v!.id, base: { status: v!.status } })),
    });
    expect(status).toBe(200);
    expect(body.refused).toEqual([
      { id: elsewhere!.id, error: `The vehicle ${elsewhere!.id} is not shown on your account's sites` },
      { id: everywhere!.id, error: expect.stringContaining(`${everywhere!.name} is also shown on sussex-coast`) },
    ]);
    expect(body.saved.map((v) => v.id)).toEqual([mine!.id]);
    expect(s.vehicles.get(elsewhere!.id)!.status).toBe(elsewhere!.status);
    expect(s.vehicles.get(everywhere!.id)!.status).toBe(everywhere!.status);
    expect(s.vehicles.get(mine!.id)!.status).toBe("on-hold");
  });

  it("shows carts on a site and takes them off one: a cart on every site taken off keeps every other site; an unknown site is refused naming the sites", async () => {
    await s.sites.create(capeMay!);
    const [one, every, stale] = (await list(a)).slice(0, 3);
    await s.vehicles.replace(one!.id, { ...s.vehicles.get(one!.id)!, sites: ["sussex-coast"] }, "*");
    await s.vehicles.replace(every!.id, { ...s.vehicles.get(every!.id)!, sites: undefined }, "*");
    await s.vehicles.replace(stale!.id, { ...s.vehicles.get(stale!.id)!, sites: ["cape-may"] }, "*");

    const shown = await bulk(a, {
      change: { kind: "site-add", site: "cape-may" },
      vehicles: [
        { id: one!.id, base: { sites: ["sussex-coast"] } },
        { id: every!.id, base: { sites: null } },
      ],
    });
    expect(shown.status, JSON.stringify(shown.body)).toBe(200);
    expect(shown.body).toMatchObject({ unchanged: [every!.id], refused: [], conflicts: [] });
    expect(s.vehicles.get(one!.id)!.sites).toEqual(["sussex-coast", "cape-may"]);
    expect(s.vehicles.get(every!.id)!.sites).toBeUndefined();

    // The list showed `stale` on every site; someone has put it on Cape May only since: reported, not overwritten.
    const off = await bulk(a, {
      change: { kind: "site-remove", site: "cape-may" },
      vehicles: [
        { id: every!.id, base: { sites: null } },
        { id: stale!.id, base: { sites: null } },
      ],
    });
    expect(off.status).toBe(200);
    expect(s.vehicles.get(every!.id)!.sites).toEqual(["sussex-coast"]);
    expect(off.body.conflicts).toEqual([
      expect.objectContaining({ id: stale!.id, conflicts: [expect.objectContaining({ field: "sites", current: ["cape-may"] })] }),
    ]);
    expect(s.vehicles.get(stale!.id)!.sites).toEqual(["cape-may"]);

    const only = await bulk(a, { change: { kind: "site-remove", site: "cape-may" }, vehicles: [{ id: stale!.id, base: { sites: ["cape-may"] } }] });
    expect(only.body.refused).toEqual([{ id: stale!.id, error: expect.stringContaining(`${stale!.name}: Name at least one site`) }]);

    const unknown = await bulk(a, {
      change: { kind: "site-add", site: "atlantis" },
      vehicles: [{ id: one!.id, base: { sites: ["sussex-coast", "cape-may"] } }],
    });
    expect(unknown.status).toBe(400);
    expect(unknown.body.error).toBe('No cart was changed: "atlantis" is not a site of this deployment; the sites are: sussex-coast, cape-may');
  });

  it("an account scoped to a site takes its own site off a cart every site shows, and is refused, by the cart's name, another site", async () => {
    const [mine, every] = (await list(a)).slice(3, 5);
    await s.vehicles.replace(mine!.id, { ...s.vehicles.get(mine!.id)!, sites: ["cape-may"] }, "*");
    await s.vehicles.replace(every!.id, { ...s.vehicles.get(every!.id)!, sites: undefined }, "*");
    const other = await bulk(cape, { change: { kind: "site-add", site: "sussex-coast" }, vehicles: [{ id: mine!.id, base: { sites: ["cape-may"] } }] });
    expect(other.body.refused).toEqual([
      { id: mine!.id, error: expect.stringMatching(new RegExp(`^${mine!.name}: Your account may show a cart only on its own sites \\(cape-may\\)`)) },
    ]);
    expect(s.vehicles.get(mine!.id)!.sites).toEqual(["cape-may"]);

    const off = await bulk(cape, { change: { kind: "site-remove", site: "cape-may" }, vehicles: [{ id: every!.id, base: { sites: null } }] });
    expect(off.body).toMatchObject({ refused: [], conflicts: [] });
    expect(s.vehicles.get(every!.id)!.sites).toEqual(["sussex-coast"]);
    expect((await list(cape)).map((v) => v.id)).not.toContain(every!.id);
  });
});
