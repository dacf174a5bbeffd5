/**
 * Leads that name the cart: POST /api/contact takes an optional
 * `vehicleId` and `kind`, stores them (with the cart as the catalogue held it)
 * on both engines, refuses an unknown vehicle in words, still takes a cart sold
 * meanwhile, and behaves as before without them.
 */
import { afterAll, describe, expect, it, vi } from "vitest";
import { postgresForSuite } from "./testing/suite-postgres";
import { storedLeads } from "./testing/stored-leads";
import { call, signIn } from "./testing/staff-client";
import { NO_FOLLOW_UP } from "../domain/lead-follow-up";
import { postJson, startTestServer, validLead, type TestServer } from "./testing/test-server";

vi.setConfig({ testTimeout: 60_000, hookTimeout: 60_000 });

const postgres = await postgresForSuite();
const { unavailable } = postgres;
const servers: TestServer[] = [];
afterAll(async () => {
  for (const s of servers.splice(0)) await s.close();
});

async function server(engine: "lowdb" | "postgres"): Promise<TestServer> {
  const s = await startTestServer(await postgres.engineEnv(engine));
  servers.push(s);
  return s;
}

const json = async <T>(res: Response) => (await res.json()) as T;

describe.each(["lowdb", "postgres"] as const)("a lead about a cart (%s)", (engine) => {
  it.skipIf(engine === "postgres" && unavailable)("is stored with its kind, its vehicle id and the cart as listed; without them, as before", async () => {
    const s = await server(engine);
    const cart = s.vehicles.all().find((v) => v.status === "available")!;
    const res = await postJson(`${s.url}/api/contact`, validLead({ vehicleId: cart.id, kind: "quote" }));
    expect(res.status).toBe(201);
    const { id } = await json<{ id: string }>(res);
    const stored = await s.leads.get(id);
    expect(stored).toMatchObject({ vehicleId: cart.id, kind: "quote", vehicle: { id: cart.id, name: cart.name, brand: cart.brand } });

    const plain = await postJson(`${s.url}/api/contact`, validLead());
    expect(plain.status).toBe(201);
    const before = await s.leads.get((await json<{ id: string }>(plain)).id);
    expect(before).toBeDefined();
    expect(Object.keys(before!)).not.toContain("vehicleId");
    expect(Object.keys(before!)).not.toContain("kind");
    expect(Object.keys(before!)).not.toContain("vehicle");

    // The inbox's filter by cart: its page, count and export keep the lead about it alone.
    const selection = { query: { vehicle: cart.id }, followUp: () => NO_FOLLOW_UP };
    expect((await s.leads.page(selection, { limit: 10 })).leads.map((l) => l.id)).toEqual([id]);
    expect((await s.leads.count(selection)).total).toBe(1);
    expect((await s.leads.count({ query: {}, followUp: () => NO_FOLLOW_UP })).total).toBe(2);
    const exported: string[] = [];
    for await (const batch of s.leads.stream(selection)) exported.push(...batch.map((l) => l.id));
    expect(exported).toEqual([id]);
  });

  it.skipIf(engine === "postgres" && unavailable)("the inbox answers each lead's cart as it is now: sold since, or no longer in the inventory", async () => {
    const s = await server(engine);
    await s.staff.accounts.add({ email: "desk@example.com", role: "sales", password: "a desk's long words" });
    const cookie = await signIn(s, "desk@example.com", "a desk's long words");
    const [sold, removed, listed] = s.vehicles.all().filter((v) => v.status === "available");
    for (const cart of [sold!, removed!, listed!])
      expect((await postJson(`${s.url}/api/contact`, validLead({ vehicleId: cart.id, kind: "quote" }))).status).toBe(201);
    expect((await postJson(`${s.url}/api/contact`, validLead())).status).toBe(201);
    await s.vehicles.replace(sold!.id, { ...s.vehicles.get(sold!.id)!, status: "sold" }, "*");
    await s.vehicles.remove(removed!.id);
    const { leads } = await json<{ leads: { vehicle?: { id: string }; cartNow?: string }[] }>(await call(s, "GET", "/api/staff/leads", { cookie }));
    expect(leads.map((l) => [l.vehicle?.id ?? null, l.cartNow ?? null])).toEqual([
      [null, null],
      [listed!.id, "available"],
      [removed!.id, "removed"],
      [sold!.id, "sold"],
    ]);
  });

  it.skipIf(engine === "postgres" && unavailable)("refuses an unknown vehicle or kind in words, naming the field, and stores nothing", async () => {
    const s = await server(engine);
    const unknown = await postJson(`${s.url}/api/contact`, validLead({ vehicleId: "no-such-cart", kind: "quote" }));
    expect(unknown.status).toBe(400);
    const body = await json<{ error: string; fields: Record<string, string> }>(unknown);
    expect(body.fields.vehicleId).toMatch(/no vehicle "no-such-cart"/);
    const badKind = await postJson(`${s.url}/api/contact`, validLead({ kind: "lunch" }));
    expect(badKind.status).toBe(400);
    expect((await json<{ fields: Record<string, string> }>(badKind)).fields.kind).toBe("The kind must be message, quote, test-drive or trade-in");
    const malformed = await postJson(`${s.url}/api/contact`, validLead({ vehicleId: "<script>" }));
    expect(malformed.status).toBe(400);
    expect((await json<{ fields: Record<string, string> }>(malformed)).fields.vehicleId).toMatch(/vehicle/);
    expect(await storedLeads(s.leads)).toEqual([]);
  });

  it.skipIf(engine === "postgres" && unavailable)("takes a lead for a cart sold meanwhile, and keeps the cart as it was", async () => {
    const s = await server(engine);
    const cart = s.vehicles.all().find((v) => v.status === "available")!;
    await s.vehicles.replace(cart.id, { ...cart, status: "sold" }, s.vehicles.etag(cart));
    const res = await postJson(`${s.url}/api/contact`, validLead({ vehicleId: cart.id, kind: "quote" }));
    expect(res.status).toBe(201);
    expect(await s.leads.get((await json<{ id: string }>(res)).id)).toMatchObject({ vehicleId: cart.id, vehicle: { name: cart.name } });
  });
});
