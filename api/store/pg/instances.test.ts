/**
 * Several servers on one PostgreSQL database behave as one site: each test
 * opens the stores twice on one database, as two instances would.
 */
import pg from "pg";
import { afterAll, describe, expect, it, vi } from "vitest";
import { seedCatalogue } from "../../../domain/catalogue/seed";
import type { ContactMessage } from "../../../domain/contact";
import type { Lead } from "../../../domain/lead";
import { storeEngines } from "../../testing/store-engines";
import { validLead } from "../../testing/test-server";
import { FREE_FAILURES, throttleWait } from "../../auth/sign-in-throttle";
import type { VehicleChange } from "../vehicle-store";
import { migrate } from "./database";
import { MIGRATIONS } from "./migrations";
import { storedLeads } from "../../testing/stored-leads";

vi.setConfig({ testTimeout: 30_000 });
const { engines, stop } = await storeEngines();
afterAll(stop);
const engine = engines.find((e) => e.name === "postgres")!;
const newLead = (firstName: string) => ({ message: validLead({ firstName }) as ContactMessage, origin: null, source: null });

/** Two instances' stores on one new database. */
const twoInstances = async (options?: { now?: () => number }) => {
  const place = await engine.fresh();
  return [await engine.open(place, options), await engine.open(place, options)] as const;
};

describe.skipIf(engine.unavailable)("two instances on one PostgreSQL database", () => {
  it("migrate: instances starting together apply each migration once, under the advisory lock", async () => {
    const url = await engine.fresh();
    const pools = [1, 2, 3].map(() => new pg.Pool({ connectionString: url, max: 1 }));
    try {
      const applied = await Promise.all(pools.map((p) => migrate(p)));
      expect(applied.flat().sort((a, b) => a - b)).toEqual(MIGRATIONS.map((m) => m.version));
      const { rows } = await pools[0]!.query<{ version: number }>("SELECT version FROM schema_migrations ORDER BY version");
      expect(rows.map((r) => r.version)).toEqual(MIGRATIONS.map((m) => m.version));
    } finally {
      await Promise.all(pools.map((p) => p.end()));
    }
  });

  it("a catalogue change made through one instance reaches the other's public view and its listeners (LISTEN/NOTIFY)", async () => {
    const [a, b] = await twoInstances();
    const heard = new Promise<VehicleChange>((resolve) => b.vehicles.onChange(resolve));
    const v = a.vehicles.get(seedCatalogue()[0]!.id)!;
    await a.vehicles.replace(v.id, { ...v, name: "Renamed on A" }, a.vehicles.etag(v));
    const change = await heard;
    expect(change).toMatchObject({ action: "update", vehicle: { name: "Renamed on A" }, previous: { name: v.name } });
    expect(b.vehicles.get(v.id)?.name).toBe("Renamed on A");
    expect(b.vehicles.listBody().etag).toBe(a.vehicles.listBody().etag);
    // The ETag B serves is the one A answered with, so an edit may go through either.
    const onB = b.vehicles.get(v.id)!;
    expect(await b.vehicles.replace(v.id, { ...onB, name: "Renamed on B" }, a.vehicles.etag(a.vehicles.get(v.id)!))).toMatchObject({ name: "Renamed on B" });
    // A's own view is stale until it hears of B's change: its If-Match check is made on the committed catalogue all the same.
    await expect(a.vehicles.replace(v.id, { ...v, name: "Lost update" }, a.vehicles.etag(v))).rejects.toMatchObject({
      name: "VehiclePreconditionError",
      current: { name: "Renamed on B" },
    });
  });

  it("a lead stored on one instance is in the other's inbox, once, and only one instance can claim its delivery", async () => {
    const [a, b] = await twoInstances();
    const arrived = new Promise<Lead>((resolve) => b.leads.onRemoteLead!(resolve));
    const lead = await a.leads.add(newLead("Ann"), { status: "pending", attempts: 0 });
    expect((await arrived).id).toBe(lead.id);
    expect((await storedLeads(b.leads)).map((l) => l.id)).toEqual([lead.id]);
    expect((await b.leads.pending()).map((l) => l.id)).toEqual([lead.id]);

    let release!: () => void;
    const sending = new Promise<void>((resolve) => (release = resolve));
    let claimedOnA!: () => void;
    const claimed = new Promise<void>((resolve) => (claimedOnA = resolve));
    const onA = a.leads.deliver(lead.id, async () => {
      claimedOnA();
      await sending;
      return { status: "sent", attempts: 1, sentAt: new Date().toISOString() };
    });
    await claimed;
    const attemptOnB = vi.fn(async () => ({ status: "sent" as const, attempts: 1 }));
    expect(await b.leads.deliver(lead.id, attemptOnB)).toBe(false);
    release();
    expect(await onA).toBe(true);
    expect(await b.leads.deliver(lead.id, attemptOnB)).toBe(false);
    expect(attemptOnB).not.toHaveBeenCalled();
    await vi.waitFor(async () => expect((await b.leads.get(lead.id))?.delivery.status).toBe("sent"));
  });

  it("a follow-up recorded on one instance is shown by the other", async () => {
    const [a, b] = await twoInstances();
    const lead = await a.leads.add(newLead("Bea"), { status: "not-sent", attempts: 0 });
    await a.staff.followUps.record({ leadId: lead.id, at: new Date().toISOString(), by: "sales@example.com", status: "won" });
    await vi.waitFor(() => expect(b.staff.followUps.get(lead.id).status).toBe("won"));
  });

  it("sessions are shared: begun on one instance, valid on the other; signed out on the other, dead on both", async () => {
    const [a, b] = await twoInstances();
    const { token } = await a.staff.sessions.create("sales@example.com");
    expect(await b.staff.sessions.touch(token)).toMatchObject({ email: "sales@example.com" });
    await b.staff.sessions.revoke(token);
    expect(await a.staff.sessions.touch(token)).toBeUndefined();
  });

  it("the sign-in throttle counts failed sign-ins made on every instance, and an unlock on one clears it for both", async () => {
    const [a, b] = await twoInstances();
    for (let i = 0; i < FREE_FAILURES; i++) await (i % 2 ? a : b).staff.signInThrottle.fail("sales@example.com", "192.0.2.1", 0);
    expect(throttleWait(await a.staff.signInThrottle.state("sales@example.com", "192.0.2.1", 0))).toBeGreaterThan(0);
    expect(throttleWait(await b.staff.signInThrottle.state("sales@example.com", "192.0.2.1", 0))).toBeGreaterThan(0);
    await b.staff.signInThrottle.clear("sales@example.com");
    expect(throttleWait(await a.staff.signInThrottle.state("sales@example.com", "192.0.2.1", 0))).toBe(0);
  });

  it("a rate limit counts one visitor's requests to every instance", async () => {
    const [a, b] = await twoInstances();
    const onA = a.rateLimitStore("contact")!;
    const onB = b.rateLimitStore("contact")!;
    const options = { windowMs: 60_000 } as Parameters<NonNullable<typeof onA.init>>[0];
    onA.init!(options);
    onB.init!(options);
    expect((await onA.increment("203.0.113.7")).totalHits).toBe(1);
    expect((await onB.increment("203.0.113.7")).totalHits).toBe(2);
    expect((await onA.increment("203.0.113.7")).totalHits).toBe(3);
    expect((await onB.increment("198.51.100.1")).totalHits).toBe(1);
    expect((await b.rateLimitStore("staff-sign-in")!.increment("203.0.113.7")).totalHits).toBe(1);
  });

  it("partner origins and the audit history added on one instance count on the other", async () => {
    const [a, b] = await twoInstances();
    await a.staff.origins.setAdded("sussex-coast", ["https://partner.example"]);
    await a.staff.audit.append({
      at: new Date().toISOString(),
      email: "owner@example.com",
      action: "origins-update",
      vehicleId: null,
      fields: ["https://partner.example"],
    });
    await vi.waitFor(() => {
      expect(b.staff.origins.allows("sussex-coast", "https://partner.example")).toBe(true);
      expect(b.staff.audit.recent(1)[0]?.action).toBe("origins-update");
    });
  });

  it("two instances appending side by side each hold every entry once, in the database's order, whichever answer comes first", async () => {
    const [a, b] = await twoInstances();
    const entry = (id: string) => ({ at: new Date().toISOString(), email: "owner@example.com", action: "update" as const, vehicleId: id, fields: ["price"] });
    const held = (stores: typeof a) => stores.staff.audit.recent(1000).map((e) => e.vehicleId);
    const onceEach = (ids: (string | null)[]) => expect(ids.length - new Set(ids).size).toBe(0);
    // Each instance appends singly and in batches while the other's appends make it re-read the history.
    const writes = [a, b].flatMap((stores, i) =>
      Array.from({ length: 30 }, async (_, n) => {
        const ids = n % 3 ? [`${i}-${n}`] : [`${i}-${n}-x`, `${i}-${n}-y`];
        await (ids.length === 1 ? stores.staff.audit.append(entry(ids[0]!)) : stores.staff.audit.appendMany(ids.map(entry)));
        const now = held(stores);
        onceEach(now);
        for (const id of ids) expect(now).toContain(id);
      }),
    );
    await Promise.all(writes);
    const { rows } = await a.db!.pool.query<{ id: string }>("SELECT entry->>'vehicleId' AS id FROM staff_audit ORDER BY seq DESC");
    expect(rows).toHaveLength(80);
    await vi.waitFor(() => {
      expect(held(a)).toEqual(rows.map((r) => r.id));
      expect(held(b)).toEqual(rows.map((r) => r.id));
    });
  });
});

describe.runIf(engine.unavailable)("two instances on one PostgreSQL database", () => {
  it.skip(`skipped: ${engine.unavailable}`, () => {});
});
