/**
 * What one visitor can hold of the test-drive diary, on both engines: one e-mail (any case) or one client address
 * holds at most 3 upcoming test drives (TEST_DRIVE_LIMIT), counted in the same step as the slot, so five bookings sent
 * at once from one address store three; the next is 429 in words. Real servers on loopback, a second client address on
 * 127.0.0.2.
 */
import { afterAll, describe, expect, it, vi } from "vitest";
import { tooManyTestDrivesMessage } from "../domain/test-drive";
import type { TestDriveSlots } from "./routes/test-drives";
import { postgresForSuite } from "./testing/suite-postgres";
import { storedLeads } from "./testing/stored-leads";
import { postJsonFrom, startTestServer, validLead, type TestServer } from "./testing/test-server";

vi.setConfig({ testTimeout: 90_000, hookTimeout: 90_000 });
const postgres = await postgresForSuite();
const servers: TestServer[] = [];
afterAll(async () => {
  for (const s of servers.splice(0)) await s.close();
});

describe.each(["lowdb", "postgres"] as const)("test drives one visitor may hold (%s)", (engine) => {
  it.skipIf(engine === "postgres" && postgres.unavailable)(
    "one address holds at most 3 upcoming test drives and one e-mail 3 from anywhere, even sent at once; the next is told why in words",
    async () => {
      const s = await startTestServer({ TEST_DRIVE_LIMIT: "3", ...(await postgres.engineEnv(engine)) });
      servers.push(s);
      const cart = s.vehicles.all().find((v) => v.status === "available" && v.inStock !== false)!;
      const { days } = (await (await fetch(`${s.url}/api/test-drives/slots?vehicle=${cart.id}`)).json()) as TestDriveSlots;
      // The last bookable day: none of its slots has started.
      const { slots } = (await (await fetch(`${s.url}/api/test-drives/slots?vehicle=${cart.id}&date=${days.at(-1)}`)).json()) as TestDriveSlots;
      expect(slots.length).toBeGreaterThanOrEqual(8);
      const book = (i: number, email: string, from: string) =>
        postJsonFrom(`${s.url}/api/contact`, validLead({ kind: "test-drive", vehicleId: cart.id, slot: slots[i]!.slot, email }), s.origin, from);

      const atOnce = await Promise.all([0, 1, 2, 3, 4].map((i) => book(i, "sam@example.com", "127.0.0.1")));
      expect(atOnce.map((a) => a.status).sort()).toEqual([201, 201, 201, 429, 429]);
      const message = tooManyTestDrivesMessage(3);
      expect(atOnce.find((a) => a.status === 429)!.body).toEqual({ error: message, fields: {} });
      // Another e-mail from that address is refused; the same e-mail in another case from another address too.
      expect((await book(5, "someone.else@example.com", "127.0.0.1")).status).toBe(429);
      expect((await book(6, "SAM@Example.com", "127.0.0.2")).status).toBe(429);
      // Another person from another address is not.
      expect((await book(7, "someone.else@example.com", "127.0.0.2")).status).toBe(201);
      const stored = (await storedLeads(s.leads)).filter((l) => l.kind === "test-drive");
      expect(stored).toHaveLength(4);
    },
  );
});
