/**
 * A cart shared by a group's sites: an account scoped to Cape May changes a cart only in what concerns
 * Cape May, on every path that writes one (the API's PUT and PATCH as the console's form sends them, a photo, a
 * delete, a bulk change, the CSV import), on each storage engine. Each refusal says why in words and changes nothing
 * any site shows; an organisation-wide account keeps its powers.
 */
import { readFileSync } from "node:fs";
import sharp from "sharp";
import { afterAll, describe, expect, it, vi } from "vitest";
import { inventoryCsv } from "../domain/inventory-csv";
import { sitesFromExample } from "../domain/site-seed";
import type { Vehicle } from "../domain/vehicle";
import { fetchAsHost } from "./testing/host-fetch";
import { storeEngines } from "./testing/store-engines";
import { call, signIn } from "./testing/staff-client";
import { startTestServer, type TestServer } from "./testing/test-server";

vi.setConfig({ testTimeout: 90_000, hookTimeout: 90_000 });
const { engines, stop } = await storeEngines();
const servers: TestServer[] = [];
afterAll(async () => {
  for (const s of servers.splice(0)) await s.close();
  await stop();
});

const OWNER = { email: "owner@example.com", password: "owner's password 123" };
const CAPE = { email: "sales-cm@example.com", password: "a salesperson's words" };
const [capeMay] = sitesFromExample(JSON.parse(readFileSync(new URL("../tests/fixtures/example-sites.json", import.meta.url), "utf8")));
const CAPE_HOST = capeMay!.domains[0]!;

describe.each(engines)("a cart shared by the group's sites, on $name", (engine) => {
  if (engine.unavailable) {
    it.skip(`skipped: ${engine.unavailable}`, () => {});
    return;
  }
  let s: TestServer;
  let owner: string;
  let cape: string;
  const json = async <T>(res: Response) => (await res.json()) as T;
  const staffCart = async (id: string) => json<Vehicle>(await call(s, "GET", `/api/staff/vehicles/${id}`, { cookie: owner }));
  /** What a site's visitors get for the cart: its public answer's status. */
  const publicStatus = async (id: string, host = "localhost") => (await fetchAsHost(`${s.url}/api/vehicles/${id}`, host)).status;
  /** A form's save: the changed fields, with their values as loaded. */
  const patch = async (id: string, changes: Record<string, unknown>, cookie = cape) => {
    const loaded = (await staffCart(id)) as unknown as Record<string, unknown>;
    const base = Object.fromEntries(Object.keys(changes).map((field) => [field, loaded[field] ?? null]));
    return call(s, "PATCH", `/api/staff/vehicles/${id}`, { cookie, body: { changes, base }, headers: { "if-match": "*" } });
  };
  /** Two carts every site shows (the first on Cape May's lot), and one only Cape May shows (set by the organisation's owner). */
  let shared: Vehicle;
  let other: Vehicle;
  let capeOnly: Vehicle;

  it("starts with the first site and Cape May, an organisation owner and a salesperson of Cape May", async () => {
    const place = await engine.fresh();
    const stores = await engine.open(place);
    await stores.sites.create(capeMay!);
    await stores.staff.accounts.add({ ...OWNER, role: "owner" });
    await stores.staff.accounts.add({ ...CAPE, role: "sales", sites: [capeMay!.id] });
    s = await startTestServer(engine.name === "postgres" ? { DATABASE_URL: place } : {}, engine.name === "lowdb" ? place : undefined);
    servers.push(s);
    [owner, cape] = await Promise.all([signIn(s, OWNER.email, OWNER.password), signIn(s, CAPE.email, CAPE.password)]);
    const all = (await json<{ vehicles: Vehicle[] }>(await call(s, "GET", "/api/staff/vehicles", { cookie: owner }))).vehicles.filter((v) => !v.sites);
    // One shared cart stands on Cape May's lot: the lot is not what refuses its changes.
    const onCapeLot = await patch(all[0]!.id, { location: capeMay!.id }, owner);
    expect(onCapeLot.status).toBe(200);
    [shared, other] = [await json<Vehicle>(onCapeLot), all[1]!];
    const made = await patch(all[2]!.id, { sites: [capeMay!.id], location: capeMay!.id }, owner);
    expect(made.status, await made.clone().text()).toBe(200);
    capeOnly = await json<Vehicle>(made);
    expect(await publicStatus(shared.id, CAPE_HOST)).toBe(200);
  });

  it("PATCH: may not take another site off a shared cart, reprice, sell or hold it, nor move a cart to another site's lot", async () => {
    const cases: [Record<string, unknown>, string, string][] = [
      [{ sites: [capeMay!.id] }, "sites", "sussex-coast is not one of them"],
      [{ price: shared.price - 1000 }, "error", "is also shown on sussex-coast"],
      [{ status: "sold" }, "error", "is also shown on sussex-coast"],
      [{ status: "on-hold" }, "error", "is also shown on sussex-coast"],
    ];
    for (const [changes, where, words] of cases) {
      const res = await patch(shared.id, changes);
      const body = await json<{ error: string; fields?: Record<string, string> }>(res);
      expect(res.status, JSON.stringify(changes)).toBe(403);
      expect(where === "error" ? body.error : body.fields?.[where]).toContain(words);
    }
    const lot = await patch(capeOnly.id, { location: "sussex-coast" });
    expect([lot.status, (await json<{ fields: Record<string, string> }>(lot)).fields.location]).toEqual([
      403,
      `Location "sussex-coast" is not one of your account's sites' lots (${capeMay!.id})`,
    ]);
    expect(await staffCart(shared.id)).toEqual(shared);
    expect(await publicStatus(shared.id)).toBe(200);
    expect((await staffCart(capeOnly.id)).location).toBe(capeMay!.id);
  });

  it("PUT, DELETE and a photo on a shared cart are refused, and nothing is stored", async () => {
    const { id, ...rest } = shared;
    const put = await call(s, "PUT", `/api/staff/vehicles/${id}`, { cookie: cape, body: { ...rest, sites: [capeMay!.id] }, headers: { "if-match": "*" } });
    expect(put.status).toBe(403);
    const gone = await call(s, "DELETE", `/api/staff/vehicles/${other.id}`, { cookie: cape });
    expect([gone.status, (await json<{ error: string }>(gone)).error]).toEqual([
      403,
      `${other.name} is also shown on sussex-coast: your account may only remove its own site from it; an organisation-wide account can change it for every site`,
    ]);
    const photo = await sharp({ create: { width: 800, height: 600, channels: 3, background: "#2a6" } })
      .jpeg()
      .toBuffer();
    const form = new FormData();
    form.append("photo", new Blob([new Uint8Array(photo)], { type: "image/jpeg" }), "cart.jpg");
    const upload = await fetch(`${s.url}/api/staff/vehicles/${id}/photos`, { method: "POST", headers: { origin: s.origin, cookie: cape }, body: form });
    expect(upload.status).toBe(403);
    expect(await staffCart(id)).toEqual(shared);
    expect(await publicStatus(other.id)).toBe(200);
  });

  it("a bulk sale refuses the shared carts by name and saves the carts only Cape May shows", async () => {
    const res = await call(s, "POST", "/api/staff/vehicles/bulk", {
      cookie: cape,
      body: { change: { kind: "status", status: "sold" }, vehicles: [shared, capeOnly].map((v) => ({ id: v.id, base: { status: v.status } })) },
    });
    const body = await json<{ saved: Vehicle[]; refused: { id: string; error: string }[] }>(res);
    expect(res.status, JSON.stringify(body)).toBe(200);
    expect(body.saved.map((v) => v.id)).toEqual([capeOnly.id]);
    expect(body.refused).toEqual([{ id: shared.id, error: expect.stringContaining(`${shared.name} is also shown on sussex-coast`) }]);
    expect((await staffCart(shared.id)).status).toBe(shared.status);
    expect(await publicStatus(shared.id)).toBe(200);
  });

  it("the CSV import refuses a row that reprices a shared cart, in words, and imports nothing", async () => {
    const csv = inventoryCsv([{ ...shared, price: shared.price + 100 }]);
    const res = await fetch(`${s.url}/api/staff/inventory-csv/preview`, {
      method: "POST",
      headers: { "content-type": "text/csv", origin: s.origin, cookie: cape },
      body: csv,
    });
    const { rows } = await json<{ rows: { action: string; errors: { column: string | null; message: string }[] }[] }>(res);
    expect(rows.map((r) => r.action)).toEqual(["invalid"]);
    expect(rows[0]!.errors[0]).toMatchObject({ column: "Stock number", message: expect.stringContaining("is also shown on sussex-coast") });
  });

  it("a cart it adds, through the API or the CSV, is shown on Cape May only", async () => {
    const { id: _id, sites: _sites, ...draft } = capeOnly;
    const res = await call(s, "POST", "/api/staff/vehicles", { cookie: cape, body: { ...draft, name: "Cape Cruiser", stockNumber: "CM-1" } });
    const made = await json<Vehicle>(res);
    expect([res.status, made.sites]).toEqual([201, [capeMay!.id]]);
    expect(await publicStatus(made.id, CAPE_HOST)).toBe(200);
    expect(await publicStatus(made.id)).toBe(404);
    const everywhere = await call(s, "POST", "/api/staff/vehicles", {
      cookie: cape,
      body: { ...draft, name: "Cape Cruiser", stockNumber: "CM-2", sites: [capeMay!.id, "sussex-coast"] },
    });
    expect(everywhere.status).toBe(403);
  });

  it("may take its own site off a shared cart, and then the cart is gone from Cape May only; an organisation account still may do anything", async () => {
    const res = await patch(other.id, { sites: ["sussex-coast"] });
    expect(res.status, await res.clone().text()).toBe(200);
    expect(await publicStatus(other.id, CAPE_HOST)).toBe(404);
    expect(await publicStatus(other.id)).toBe(200);
    // Gone from its sites, it is no longer Cape May's to change.
    expect((await patch(other.id, { sites: [capeMay!.id, "sussex-coast"] })).status).toBe(403);
    expect((await patch(shared.id, { price: shared.price - 100 }, owner)).status).toBe(200);
    expect((await call(s, "DELETE", `/api/staff/vehicles/${other.id}`, { cookie: owner })).status).toBe(204);
  });
});
