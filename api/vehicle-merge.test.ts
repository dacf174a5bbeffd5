/**
 * Two people editing one vehicle, on each storage engine:
 * a save names only the fields its author changed (PATCH), so it never puts
 * back a value someone else replaced; where both changed a field, 412 says
 * which, its current value and who saved it.
 */
import { afterAll, describe, expect, it, vi } from "vitest";
import type { AuditEntry } from "../domain/staff";
import type { Vehicle } from "../domain/vehicle";
import { vehicleEdit } from "../domain/vehicle-edit";
import { storeEngines } from "./testing/store-engines";
import { call, signIn } from "./testing/staff-client";
import { startTestServer, type TestServer } from "./testing/test-server";

// Two scrypt sign-ins per engine on a shared 2-core machine.
vi.setConfig({ testTimeout: 60_000, hookTimeout: 60_000 });
const { engines, stop } = await storeEngines();
const servers: TestServer[] = [];
afterAll(async () => {
  for (const s of servers.splice(0)) await s.close();
  await stop();
});

const A = { email: "a@example.com", password: "a's password 123" };
const B = { email: "b@example.com", password: "b's password 123" };
const ID = "denago-ev-nomad";

describe.each(engines)("PATCH /api/staff/vehicles/:id on $name", (engine) => {
  if (engine.unavailable) {
    it.skip(`skipped: ${engine.unavailable}`, () => {});
    return;
  }
  let s: TestServer;
  let a: string;
  let b: string;
  const load = async (cookie: string) => {
    const res = await call(s, "GET", `/api/staff/vehicles/${ID}`, { cookie });
    return { vehicle: (await res.json()) as Vehicle, etag: res.headers.get("etag")! };
  };
  const patch = (cookie: string, etag: string | null, body: unknown) =>
    call(s, "PATCH", `/api/staff/vehicles/${ID}`, { cookie, body, headers: etag ? { "if-match": etag } : {} });
  const history = async () => ((await (await call(s, "GET", "/api/staff/audit", { cookie: a })).json()) as { entries: AuditEntry[] }).entries;

  it("starts a server whose two accounts sign in", async () => {
    const place = await engine.fresh();
    const stores = await engine.open(place);
    await stores.staff.accounts.add({ ...A, role: "sales" });
    await stores.staff.accounts.add({ ...B, role: "sales" });
    s = await startTestServer(engine.name === "postgres" ? { DATABASE_URL: place } : {}, engine.name === "lowdb" ? place : undefined);
    servers.push(s);
    a = await signIn(s, A.email, A.password);
    b = await signIn(s, B.email, B.password);
  });

  it("B changes the price; A, editing the version before, changes the description: both stay, and the history says A changed only the description", async () => {
    const opened = await load(a);
    const byB = await load(b);
    const bSaved = await patch(b, byB.etag, vehicleEdit(byB.vehicle, { ...byB.vehicle, price: 7_777 }));
    expect(bSaved.status).toBe(200);

    const mine = vehicleEdit(opened.vehicle, { ...opened.vehicle, description: "Described by A." });
    expect(mine).toEqual({ changes: { description: "Described by A." }, base: { description: opened.vehicle.description } });
    const res = await patch(a, opened.etag, mine);
    expect(res.status).toBe(200);
    const saved = (await res.json()) as Vehicle;
    expect(saved).toMatchObject({ price: 7_777, description: "Described by A." });
    expect((await load(a)).vehicle).toEqual(saved);
    expect(res.headers.get("etag")).toBe((await load(a)).etag);

    const [last, before] = await history();
    expect(last).toMatchObject({
      email: A.email,
      action: "update",
      vehicleId: ID,
      vehicleName: opened.vehicle.name,
      fields: ["description"],
      changes: [{ field: "description", from: opened.vehicle.description, to: "Described by A." }],
    });
    expect(before).toMatchObject({ email: B.email, fields: ["price"], changes: [{ field: "price", from: opened.vehicle.price, to: 7_777 }] });
  });

  it("both change the price: 412 names the field, its current value and who saved it; nothing is written; then A saves knowingly", async () => {
    const opened = await load(a);
    const byB = await load(b);
    expect((await patch(b, byB.etag, vehicleEdit(byB.vehicle, { ...byB.vehicle, price: 8_100, featured: !byB.vehicle.featured }))).status).toBe(200);
    const current = await load(a);

    const res = await patch(a, opened.etag, vehicleEdit(opened.vehicle, { ...opened.vehicle, price: 8_200, name: "Renamed by A" }));
    expect(res.status).toBe(412);
    expect(res.headers.get("etag")).toBe(current.etag);
    const body = (await res.json()) as { error: string; current: Vehicle; conflicts: unknown[] };
    expect(body.error).toMatch(/changed by someone else/);
    expect(body.current).toEqual(current.vehicle);
    expect(body.conflicts).toEqual([{ field: "price", yours: 8_200, current: 8_100, email: B.email, at: expect.any(String) }]);
    expect(await load(a)).toEqual(current);

    // Having seen B's price, A sends it as the base: A's price and name are saved, B's featured flag stays.
    const again = await patch(a, current.etag, { changes: { price: 8_200, name: "Renamed by A" }, base: { price: 8_100, name: opened.vehicle.name } });
    expect(again.status).toBe(200);
    expect(await again.json()).toMatchObject({ price: 8_200, name: "Renamed by A", featured: !opened.vehicle.featured });
  });

  it("the same change by both is no conflict; an optional field is removed with null", async () => {
    const opened = await load(a);
    expect(
      (
        await patch(b, (await load(b)).etag, {
          changes: { externalUrl: "https://maker.example/cart" },
          base: { externalUrl: opened.vehicle.externalUrl ?? null },
        })
      ).status,
    ).toBe(200);
    const same = await patch(a, opened.etag, {
      changes: { externalUrl: "https://maker.example/cart" },
      base: { externalUrl: opened.vehicle.externalUrl ?? null },
    });
    expect(same.status).toBe(200);
    const removed = await patch(a, same.headers.get("etag"), { changes: { externalUrl: null }, base: { externalUrl: "https://maker.example/cart" } });
    expect(removed.status).toBe(200);
    expect(await removed.json()).not.toHaveProperty("externalUrl");
  });

  it("428 without If-Match; 400 for an unknown field, a base that does not match the changes, or a value the schema refuses; 404 for an unknown id", async () => {
    const { vehicle, etag } = await load(a);
    const noMatch = await patch(a, null, { changes: { price: 1 }, base: { price: vehicle.price } });
    expect(noMatch.status).toBe(428);
    expect(((await noMatch.json()) as { error: string }).error).toMatch(/If-Match/);
    for (const body of [{ changes: { id: "other" }, base: { id: ID } }, { changes: { price: 1 }, base: {} }, { changes: {}, base: {} }, "price=1"]) {
      expect((await patch(a, etag, body)).status).toBe(400);
    }
    const bad = await patch(a, etag, { changes: { price: -5 }, base: { price: vehicle.price } });
    expect(bad.status).toBe(400);
    expect(await bad.json()).toMatchObject({ fields: { price: expect.any(String) } });
    expect(
      (
        await call(s, "PATCH", "/api/staff/vehicles/no-such-cart", {
          cookie: a,
          body: { changes: { price: 1 }, base: { price: 2 } },
          headers: { "if-match": "*" },
        })
      ).status,
    ).toBe(404);
    expect(await load(a)).toEqual({ vehicle, etag });
  });

  it("a stale whole-vehicle PUT answers 412 with the fields that differ and who saved them", async () => {
    const opened = await load(a);
    expect((await patch(b, (await load(b)).etag, { changes: { price: 9_001 }, base: { price: opened.vehicle.price } })).status).toBe(200);
    const res = await call(s, "PUT", `/api/staff/vehicles/${ID}`, {
      cookie: a,
      body: { ...opened.vehicle, description: "Whole" },
      headers: { "if-match": opened.etag },
    });
    expect(res.status).toBe(412);
    const { conflicts } = (await res.json()) as { conflicts: { field: string; email: string | null }[] };
    expect(conflicts.map((c) => [c.field, c.email])).toEqual([
      ["description", A.email],
      ["price", B.email],
    ]);
  });
});
