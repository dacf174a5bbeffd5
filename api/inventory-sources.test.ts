/**
 * Inventory sources end to end, on each storage engine: a real HTTP server on loopback plays the dealer
 * system, serving a Windows-1252 CSV with headers unlike ours and changing it between runs; the console's API adds
 * the source, syncs it, and sees what each run did; a push with a bad signature changes nothing.
 */
import { createHmac } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { SourceRun, SourceView } from "../domain/inventory-source";
import type { Vehicle } from "../domain/vehicle";
import { Dms } from "./testing/dms";
import { postgresForSuite } from "./testing/suite-postgres";
import { call, signIn } from "./testing/staff-client";
import { startTestServer, type TestServer } from "./testing/test-server";

vi.setConfig({ testTimeout: 60_000, hookTimeout: 120_000 });

const OWNER = { email: "owner@example.com", password: "the owner's secret 1" };
const SALES = { email: "sales@example.com", password: "the seller's secret 1" };
const postgres = await postgresForSuite();

describe.each(["lowdb", "postgres"] as const)("inventory sources on %s", (engine) => {
  if (engine === "postgres" && postgres.unavailable) return void it.skip(`PostgreSQL: ${postgres.unavailable}`);
  let s: TestServer;
  let owner: string;
  let sales: string;
  const dms = new Dms();
  let source: SourceView & { pushSecretOnce: string };
  const stock = () => s.vehicles.all().filter((v) => v.stockNumber?.startsWith("D-10"));

  beforeAll(async () => {
    const databaseUrl = engine === "postgres" ? await postgres.createDatabase() : null;
    s = await startTestServer({ ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}), INVENTORY_POLL_MS: "3600000" });
    await s.staff.accounts.add({ ...OWNER, role: "owner" });
    await s.staff.accounts.add({ ...SALES, role: "sales" });
    [owner, sales] = await Promise.all([signIn(s, OWNER.email, OWNER.password), signIn(s, SALES.email, SALES.password)]);
    for (const v of s.vehicles.all().slice(0, 10))
      dms.units.set(v.stockNumber!, { make: v.brand, model: v.name, price: `$${v.price.toLocaleString("en-US")}.00`, status: "In Stock" });
    await dms.start();
  });
  afterAll(async () => {
    await s?.close();
    dms.close();
  });

  const sync = async () => {
    const res = await call(s, "POST", `/api/staff/inventory-sources/${source.id}/sync`, { cookie: owner });
    expect(res.status).toBe(200);
    return (await res.json()) as SourceRun;
  };

  it("refuses every source endpoint without a session (401), to a foreign Origin (403) and to a salesperson (403)", async () => {
    const body = { name: "Lightspeed", kind: "pull", url: dms.url };
    expect((await call(s, "GET", "/api/staff/inventory-sources")).status).toBe(401);
    expect((await call(s, "POST", "/api/staff/inventory-sources", { body })).status).toBe(401);
    expect((await call(s, "POST", "/api/staff/inventory-sources", { cookie: owner, body, origin: "https://evil.example" })).status).toBe(403);
    const refused = await call(s, "POST", "/api/staff/inventory-sources", { cookie: sales, body });
    expect(refused.status).toBe(403);
    expect(await refused.json()).toHaveProperty("error");
    expect(dms.served).toBe(0);
  });

  it("adds a pull source with credentials it never shows back, and names a bad setting in words", async () => {
    const bad = await call(s, "POST", "/api/staff/inventory-sources", { cookie: owner, body: { name: "", kind: "pull", url: "ftp://dms" } });
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { fields: Record<string, string> }).fields).toMatchObject({
      name: expect.stringMatching(/name/),
      url: expect.stringMatching(/https:\/\//),
    });

    const res = await call(s, "POST", "/api/staff/inventory-sources", {
      cookie: owner,
      body: { name: "Lightspeed", kind: "pull", url: dms.url, auth: { type: "bearer", token: "dms-token-abcd1234" } },
    });
    expect(res.status).toBe(201);
    source = (await res.json()) as typeof source;
    expect(source.auth).toEqual({ type: "bearer", token: "••••1234" });
    expect(source.pushSecretOnce).toHaveLength(43);
    const listed = JSON.stringify(await (await call(s, "GET", "/api/staff/inventory-sources", { cookie: owner })).json());
    expect(listed).not.toContain("dms-token-abcd1234");
    expect(listed).not.toContain(source.pushSecretOnce);
  });

  it("syncs: the first run changes only what the file changes; the same file again (304) changes nothing", async () => {
    const d1001 = s.vehicles.all().find((v) => v.stockNumber === "D-1001")!;
    dms.units.get("D-1001")!.price = "14,500";
    const first = await sync();
    // Every unit gets its lot (Georgetown is the site's city); one its new price.
    expect(first).toMatchObject({ outcome: "applied", counts: { created: 0, changed: 10, unchanged: 0, skipped: 0 } });
    expect(s.vehicles.get(d1001.id)).toMatchObject({ price: 14500, description: d1001.description, location: "sussex-coast" });
    const history = (await (await call(s, "GET", "/api/staff/audit?limit=20", { cookie: owner })).json()) as {
      entries: { email: string; vehicleId: string }[];
    };
    expect(history.entries).toContainEqual(expect.objectContaining({ email: `source:${source.id}`, vehicleId: d1001.id }));

    const again = await sync();
    expect(again).toMatchObject({ outcome: "unchanged", message: expect.stringMatching(/304/) });
  });

  it("refuses a console edit of a field the source keeps, naming it, and takes an edit of the staff's own", async () => {
    const v = s.vehicles.all().find((x) => x.stockNumber === "D-1002")!;
    const got = await call(s, "GET", `/api/staff/vehicles/${v.id}`, { cookie: owner });
    const etag = got.headers.get("etag")!;
    const price = await call(s, "PATCH", `/api/staff/vehicles/${v.id}`, {
      cookie: owner,
      headers: { "if-match": etag },
      body: { base: { price: v.price }, changes: { price: 1 } },
    });
    expect(price.status).toBe(409);
    expect(((await price.json()) as { error: string }).error).toBe(
      'Price is kept by the inventory source "Lightspeed": change it in the dealer system, or its next run puts it back',
    );
    const text = await call(s, "PATCH", `/api/staff/vehicles/${v.id}`, {
      cookie: owner,
      headers: { "if-match": etag },
      body: { base: { description: v.description }, changes: { description: "Our own write-up" } },
    });
    expect(text.status).toBe(200);
    expect(s.vehicles.get(v.id)).toMatchObject({ description: "Our own write-up", price: v.price });
  });

  it("holds a run whose file is an HTML error page, or misses 40 % of the units, and changes nothing until an owner applies it", async () => {
    const before = JSON.stringify(stock());
    dms.body = { status: 200, type: "text/html", text: "<!DOCTYPE html><html><body>500 Internal Server Error</body></html>" };
    const page = await sync();
    expect(page).toMatchObject({ outcome: "held", message: expect.stringMatching(/^The file is a web page/) });
    dms.body = undefined;
    const missing = [...dms.units.keys()].slice(6);
    for (const k of missing) dms.units.delete(k);
    const held = await sync();
    expect(held).toMatchObject({ outcome: "held", message: expect.stringMatching(/^4 of the 10 units this source keeps \(40 %\)/) });
    expect(JSON.stringify(stock())).toBe(before);

    const applied = await call(s, "POST", `/api/staff/inventory-sources/${source.id}/runs/${held.id}/apply`, { cookie: owner });
    expect(applied.status).toBe(200);
    expect(await applied.json()).toMatchObject({ outcome: "applied", counts: { missing: 4, sold: 0 } });
    const twice = await call(s, "POST", `/api/staff/inventory-sources/${source.id}/runs/${held.id}/apply`, { cookie: owner });
    expect(twice.status).toBe(409);
  });

  it("keeps a site's owner to its own lot's sources: it adds one for its site, not for the organisation, and sees only its own", async () => {
    const LOT_OWNER = { email: "lot-owner@example.com", password: "the lot's own secret 1" };
    await s.staff.accounts.add({ ...LOT_OWNER, role: "owner", sites: ["sussex-coast"] });
    const lot = await signIn(s, LOT_OWNER.email, LOT_OWNER.password);
    const whole = await call(s, "POST", "/api/staff/inventory-sources", { cookie: lot, body: { name: "Group DMS", kind: "push" } });
    expect(whole.status).toBe(403);
    expect(((await whole.json()) as { error: string }).error).toBe("Only an owner of the whole organisation may add a source for every lot");
    const own = await call(s, "POST", "/api/staff/inventory-sources", { cookie: lot, body: { name: "Sussex DMS", kind: "push", site: "sussex-coast" } });
    expect(own.status).toBe(201);
    const listed = ((await (await call(s, "GET", "/api/staff/inventory-sources", { cookie: lot })).json()) as { sources: SourceView[] }).sources;
    expect(listed.map((x) => x.name)).toEqual(["Sussex DMS"]);
    expect((await call(s, "GET", `/api/staff/inventory-sources/${source.id}`, { cookie: lot })).status).toBe(404);
    expect((await call(s, "POST", `/api/staff/inventory-sources/${source.id}/sync`, { cookie: lot })).status).toBe(404);
  });

  it("answers a push with a bad signature 401 and changes nothing; a signed push runs", async () => {
    const created = await call(s, "POST", "/api/staff/inventory-sources", { cookie: owner, body: { name: "Frazer push", kind: "push" } });
    const push = (await created.json()) as typeof source;
    const file = Buffer.from("StockNo,Make,Model,Price\r\nP-1,Denago,Denago EV City,15000\r\n");
    const send = (headers: Record<string, string>) =>
      fetch(`${s.url}/api/inventory-sources/${push.id}/push`, { method: "POST", headers: { "content-type": "text/csv", ...headers }, body: file });
    const bad = await send({ "x-signature-sha256": createHmac("sha256", "not the secret").update(file).digest("hex") });
    expect(bad.status).toBe(401);
    expect(await bad.json()).toHaveProperty("error");
    expect(s.vehicles.all().some((v: Vehicle) => v.stockNumber === "P-1")).toBe(false);

    const good = await send({ "x-signature-sha256": `sha256=${createHmac("sha256", push.pushSecretOnce).update(file).digest("hex")}` });
    expect(good.status).toBe(200);
    expect(await good.json()).toMatchObject({ outcome: "applied", counts: { created: 1 } });
    expect(s.vehicles.all().find((v) => v.stockNumber === "P-1")).toMatchObject({
      name: "Denago EV City",
      price: 15000,
      description: "Denago EV City, stock number P-1.",
    });

    // A file cut off in a row is held by the safety stop; one past the size limit is refused; the catalogue stays as it was.
    const before = JSON.stringify(s.vehicles.all());
    const bearer = { authorization: `Bearer ${push.pushSecretOnce}` };
    const cut = await fetch(`${s.url}/api/inventory-sources/${push.id}/push`, {
      method: "POST",
      headers: { "content-type": "text/csv", ...bearer },
      body: 'StockNo,Make,Model,Price\r\nP-1,Denago,Denago EV City,"14',
    });
    expect(cut.status).toBe(200);
    expect(await cut.json()).toMatchObject({ outcome: "held", message: expect.stringMatching(/never closed.*Nothing was changed/) });
    const huge = await fetch(`${s.url}/api/inventory-sources/${push.id}/push`, {
      method: "POST",
      headers: { "content-type": "text/csv", ...bearer },
      body: Buffer.alloc(51 * 1024 * 1024, "a"),
    });
    expect(huge.status).toBe(413);
    expect(await huge.json()).toHaveProperty("error");
    expect(JSON.stringify(s.vehicles.all())).toBe(before);
  });
});
