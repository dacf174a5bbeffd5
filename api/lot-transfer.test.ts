/**
 * Lot transfers, on each storage engine: an owner moves a unit from the first site's lot to Cape May's in
 * one call; Cape May shows it at once and the first site no longer does; the history says who moved it and when. A
 * unit whose lot an inventory source keeps is moved with a warning, and the source's next run puts its lot back.
 */
import { readFileSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { sitesFromExample } from "../domain/site-seed";
import type { SourceRun } from "../domain/inventory-source";
import type { Vehicle } from "../domain/vehicle";
import { Dms } from "./testing/dms";
import { fetchAsHost } from "./testing/host-fetch";
import { storeEngines } from "./testing/store-engines";
import { call, signIn } from "./testing/staff-client";
import { startTestServer, type TestServer } from "./testing/test-server";

vi.setConfig({ testTimeout: 60_000, hookTimeout: 90_000 });
const { engines, stop } = await storeEngines();
const servers: TestServer[] = [];
const dms = new Dms();
beforeAll(() => dms.start());
afterAll(async () => {
  for (const s of servers.splice(0)) await s.close();
  dms.close();
  await stop();
});

const OWNER = { email: "owner@example.com", password: "the owner's secret 1" };
const CAPE = { email: "sales-cm@example.com", password: "a salesperson's words" };
const [capeMay] = sitesFromExample(JSON.parse(readFileSync(new URL("../tests/fixtures/example-sites.json", import.meta.url), "utf8")));
const CAPE_HOST = capeMay!.domains[0]!;

describe.each(engines)("lot transfers on $name", (engine) => {
  if (engine.unavailable) return void it.skip(`skipped: ${engine.unavailable}`, () => {});
  let s: TestServer;
  let owner: string;
  let cape: string;
  let unit: Vehicle;
  const move = (id: string, to: string, { cookie = owner, etag = "", origin }: { cookie?: string; etag?: string; origin?: string } = {}) =>
    call(s, "POST", `/api/staff/vehicles/${id}/transfer`, {
      cookie,
      origin,
      body: { to },
      headers: { "if-match": etag || s.vehicles.etag(s.vehicles.get(id)!) },
    });

  it("starts with the first site and Cape May, an owner, and a salesperson of Cape May", async () => {
    const place = await engine.fresh();
    const stores = await engine.open(place);
    await stores.sites.create(capeMay!);
    await stores.staff.accounts.add({ ...OWNER, role: "owner" });
    await stores.staff.accounts.add({ ...CAPE, role: "sales", sites: [capeMay!.id] });
    await stores.close();
    s = await startTestServer(
      { ...(engine.name === "postgres" ? { DATABASE_URL: place } : {}), INVENTORY_POLL_MS: "3600000" },
      engine.name === "lowdb" ? place : undefined,
    );
    servers.push(s);
    [owner, cape] = await Promise.all([signIn(s, OWNER.email, OWNER.password), signIn(s, CAPE.email, CAPE.password)]);
    // A unit only the first site shows, on its lot.
    const first = s.vehicles.all()[0]!;
    unit = (await s.vehicles.replace(first.id, { ...first, sites: ["sussex-coast"], location: "sussex-coast" }, s.vehicles.etag(first)))!;
    expect((await fetchAsHost(`${s.url}/api/vehicles/${unit.id}`, CAPE_HOST)).status).toBe(404);
  });

  it("refuses a move without a session (401), from a foreign Origin (403), by an account of another site (403), and to no site (400)", async () => {
    expect((await call(s, "POST", `/api/staff/vehicles/${unit.id}/transfer`, { body: { to: capeMay!.id } })).status).toBe(401);
    expect((await call(s, "GET", `/api/staff/vehicles/${unit.id}/transfer`)).status).toBe(401);
    expect((await move(unit.id, capeMay!.id, { origin: "https://evil.example" })).status).toBe(403);
    const foreign = await move(unit.id, capeMay!.id, { cookie: cape });
    expect(foreign.status).toBe(403);
    expect(await foreign.json()).toHaveProperty("error");
    const nowhere = await move(unit.id, "atlantis");
    expect(nowhere.status).toBe(400);
    expect(((await nowhere.json()) as { error: string }).error).toMatch(/^"atlantis" is not a site of this deployment/);
    expect(s.vehicles.get(unit.id)).toMatchObject({ location: "sussex-coast", sites: ["sussex-coast"] });
  });

  it("answers a malformed move 400 in words and leaves the unit where it is", async () => {
    const etag = s.vehicles.etag(s.vehicles.get(unit.id)!);
    const url = `${s.url}/api/staff/vehicles/${unit.id}/transfer`;
    const send = (body: string) =>
      fetch(url, { method: "POST", headers: { cookie: owner, origin: s.origin, "content-type": "application/json", "if-match": etag }, body });
    for (const body of ["{", "[]", "{}", '{"to":5}', '{"to":""}']) {
      const res = await send(body);
      expect(res.status, body).toBe(400);
      expect(((await res.json()) as { error: string }).error, body).toMatch(/\w+ \w+/);
    }
    expect(s.vehicles.get(unit.id)).toMatchObject({ location: "sussex-coast", sites: ["sussex-coast"] });
  });

  it("moves the unit in one call: the receiving site shows it, the sending one no longer, and the history says who and when", async () => {
    const asked = (await (await call(s, "GET", `/api/staff/vehicles/${unit.id}/transfer`, { cookie: owner })).json()) as {
      from: string;
      to: { id: string }[];
      warning: null;
    };
    expect(asked).toMatchObject({ from: "sussex-coast", to: [{ id: capeMay!.id }], warning: null });
    const stale = await move(unit.id, capeMay!.id, { etag: '"stale"' });
    expect(stale.status).toBe(412);
    const res = await move(unit.id, capeMay!.id);
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ vehicle: { location: capeMay!.id, sites: [capeMay!.id] }, warning: null });
    expect((await fetchAsHost(`${s.url}/api/vehicles/${unit.id}`, CAPE_HOST)).status).toBe(200);
    expect((await fetchAsHost(`${s.url}/api/vehicles/${unit.id}`, "localhost")).status).toBe(404);
    const history = (await (await call(s, "GET", `/api/staff/audit?limit=5`, { cookie: owner })).json()) as {
      entries: { email: string; vehicleId: string; at: string; fields: string[] }[];
    };
    expect(history.entries[0]).toMatchObject({ email: OWNER.email, vehicleId: unit.id, fields: expect.arrayContaining(["location", "sites"]) });
    expect(Date.now() - Date.parse(history.entries[0]!.at)).toBeLessThan(60_000);
    const again = await move(unit.id, capeMay!.id);
    expect(again.status).toBe(400);
  });

  it("warns before moving a unit whose lot a source keeps, and the source's next run puts the lot back", async () => {
    dms.units.clear();
    dms.units.set(unit.stockNumber!, { make: unit.brand, model: unit.name, price: String(unit.price), status: "In Stock" });
    const created = await call(s, "POST", "/api/staff/inventory-sources", {
      cookie: owner,
      body: { name: "Lightspeed", kind: "pull", url: dms.url, enabled: false },
    });
    const source = (await created.json()) as { id: string };
    const sync = async () => (await (await call(s, "POST", `/api/staff/inventory-sources/${source.id}/sync`, { cookie: owner })).json()) as SourceRun;
    // The file's lot is Georgetown, the first site's city.
    expect(await sync()).toMatchObject({ outcome: "applied", counts: { changed: 1 } });
    expect(s.vehicles.get(unit.id)!.location).toBe("sussex-coast");

    const warning = 'The inventory source "Lightspeed" keeps this unit\'s lot: unless the unit is moved in the dealer system too, its next run moves it back';
    expect(await (await call(s, "GET", `/api/staff/vehicles/${unit.id}/transfer`, { cookie: owner })).json()).toMatchObject({ warning });
    const res = await move(unit.id, capeMay!.id);
    expect(await res.json()).toMatchObject({ vehicle: { location: capeMay!.id }, warning });
    dms.units.get(unit.stockNumber!)!.status = "Deposit";
    await sync();
    expect(s.vehicles.get(unit.id)).toMatchObject({ location: "sussex-coast", status: "on-hold" });
  });
});
