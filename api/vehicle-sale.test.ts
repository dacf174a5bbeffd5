/**
 * A sale recorded on each storage engine: marking a cart sold with its day, price and lead stores them, staff see them
 * and the history names the change; no public answer shows them; a sale in bad shape is refused in words.
 */
import { afterAll, describe, expect, it, vi } from "vitest";
import type { AuditEntry } from "../domain/staff";
import type { Vehicle } from "../domain/vehicle";
import { call, signIn } from "./testing/staff-client";
import { storeEngines } from "./testing/store-engines";
import { postJson, startTestServer, validLead, type TestServer } from "./testing/test-server";

vi.setConfig({ testTimeout: 60_000, hookTimeout: 60_000 });
const { engines, stop } = await storeEngines();
const servers: TestServer[] = [];
afterAll(async () => {
  for (const s of servers.splice(0)) await s.close();
  await stop();
});

const OWNER = { email: "owner@example.com", password: "owner's password 123" };

describe.each(engines)("a sale on $name", (engine) => {
  if (engine.unavailable) {
    it.skip(`skipped: ${engine.unavailable}`, () => {});
    return;
  }

  it("is stored with the status, kept over a restart, in the history, and never public", async () => {
    const place = await engine.fresh();
    const stores = await engine.open(place);
    await stores.staff.accounts.add({ ...OWNER, role: "owner" });
    const start = () => startTestServer(engine.name === "postgres" ? { DATABASE_URL: place } : {}, engine.name === "lowdb" ? place : undefined);
    let s = await start();
    servers.push(s);
    let owner = await signIn(s, OWNER.email, OWNER.password);
    const lead = await postJson(`${s.url}/api/contact`, validLead({ vehicleId: "denago-ev-city" }), { origin: s.origin });
    expect(lead.status).toBe(201);
    const { id: leadId } = (await lead.json()) as { id: string };

    const patch = async (changes: Record<string, unknown>, base: Record<string, unknown>) => {
      const current = await call(s, "GET", "/api/staff/vehicles/denago-ev-city", { cookie: owner });
      return call(s, "PATCH", "/api/staff/vehicles/denago-ev-city", {
        cookie: owner,
        headers: { "if-match": current.headers.get("etag")! },
        body: { changes, base },
      });
    };
    const bad = await patch({ status: "sold", sale: { date: "1st of May", price: 12.5 } }, { status: "available", sale: null });
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { fields: Record<string, string> }).fields).toEqual({
      "sale.date": "The sale's date must be a day written YYYY-MM-DD",
      "sale.price": "The sale price must be a whole number of dollars from $0 to $250,000",
    });
    const sale = { date: "2026-11-30", price: 12_400, leadId };
    const sold = await patch({ status: "sold", sale }, { status: "available", sale: null });
    expect(sold.status).toBe(200);
    expect((await sold.json()) as Vehicle).toMatchObject({ status: "sold", sale });

    await s.close();
    servers.splice(servers.indexOf(s), 1);
    s = await start();
    servers.push(s);
    owner = await signIn(s, OWNER.email, OWNER.password);
    const stored = (await (await call(s, "GET", "/api/staff/vehicles/denago-ev-city", { cookie: owner })).json()) as Vehicle;
    expect(stored.sale).toEqual(sale);
    const [entry] = ((await (await call(s, "GET", "/api/staff/audit?limit=5", { cookie: owner })).json()) as { entries: AuditEntry[] }).entries;
    expect(entry).toMatchObject({ action: "update", vehicleId: "denago-ev-city", fields: expect.arrayContaining(["status", "sale"]) });
    const pub = await fetch(`${s.url}/api/vehicles/denago-ev-city`);
    expect(pub.status).toBe(410);
    expect(await pub.text()).not.toContain("12400");
  });
});
