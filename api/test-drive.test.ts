/**
 * Test drives: the public slots answer, and one booking per cart and
 * slot, enforced by the store atomically: many visitors at once on lowdb, and
 * two servers sharing one PostgreSQL database. The second is told in words and
 * offered the next free slot.
 */
import { afterAll, describe, expect, it, vi } from "vitest";
import type { TestDriveSlots } from "./routes/test-drives";
import { postgresForSuite } from "./testing/suite-postgres";
import { storedLeads } from "./testing/stored-leads";
import { postJson, startTestServer, validLead, type TestServer } from "./testing/test-server";

vi.setConfig({ testTimeout: 90_000, hookTimeout: 60_000 });

const postgres = await postgresForSuite();
const { unavailable } = postgres;
const servers: TestServer[] = [];
afterAll(async () => {
  for (const s of servers.splice(0)) await s.close();
});

/** One server on lowdb, or two servers on one PostgreSQL database. */
async function serversOf(engine: "lowdb" | "postgres"): Promise<TestServer[]> {
  if (engine === "lowdb") {
    const s = await startTestServer();
    servers.push(s);
    return [s];
  }
  const databaseUrl = await postgres.createDatabase();
  const a = await startTestServer({ DATABASE_URL: databaseUrl });
  const b = await startTestServer({ DATABASE_URL: databaseUrl });
  servers.push(a, b);
  return [a, b];
}

const slotsOf = async (s: TestServer, vehicle: string, date?: string) =>
  (await (await fetch(`${s.url}/api/test-drives/slots?vehicle=${vehicle}${date ? `&date=${date}` : ""}`)).json()) as TestDriveSlots;

describe.each(["lowdb", "postgres"] as const)("test drives (%s)", (engine) => {
  it.skipIf(engine === "postgres" && unavailable)(
    "twelve visitors booking one cart's slot at once, through every server: one booking, eleven told in words with the next free slot",
    async () => {
      const all = await serversOf(engine);
      const cart = all[0]!.vehicles.all().find((v) => v.status === "available")!;
      const first = await slotsOf(all[0]!, cart.id);
      // The last bookable day: none of its slots has started.
      const day = first.days.at(-1)!;
      const { slots } = await slotsOf(all[0]!, cart.id, day);
      expect(slots.length).toBeGreaterThan(1);
      expect(slots.every((s) => s.free)).toBe(true);
      const slot = slots[0]!.slot;

      const answers = await Promise.all(
        Array.from({ length: 12 }, (_, i) =>
          postJson(`${all[i % all.length]!.url}/api/contact`, validLead({ firstName: `Visitor${i}`, kind: "test-drive", vehicleId: cart.id, slot })),
        ),
      );
      const statuses = answers.map((r) => r.status).sort();
      expect(statuses).toEqual([201, ...Array<number>(11).fill(409)]);
      const refused = (await Promise.all(answers.filter((r) => r.status === 409).map((r) => r.json()))) as {
        error: string;
        fields: { slot: string };
        nextSlot: string;
      }[];
      for (const r of refused) {
        expect(r.nextSlot).toBe(slots[1]!.slot);
        expect(r.error).toMatch(/^Sorry, someone has just booked that time for this cart\. The next free time is \w+day, .+ at \d+( AM| PM): pick it/);
        expect(r.fields.slot).toBe(r.error);
      }
      const stored = (await storedLeads(all[0]!.leads)).filter((l) => l.kind === "test-drive");
      expect(stored.map((l) => [l.vehicleId, l.slot])).toEqual([[cart.id, slot]]);
      // Every server now shows that slot taken.
      for (const s of all) expect((await slotsOf(s, cart.id, day)).slots.find((x) => x.slot === slot)?.free).toBe(false);
      // Another cart's same slot is free.
      const other = all[0]!.vehicles.all().find((v) => v.status === "available" && v.id !== cart.id)!;
      expect((await postJson(`${all.at(-1)!.url}/api/contact`, validLead({ kind: "test-drive", vehicleId: other.id, slot }))).status).toBe(201);
    },
  );
});

describe("a test drive's slot", () => {
  it("is refused in words when past, on a closed day, off the hour, too far ahead, or missing; the slots answer says why it cannot serve", async () => {
    const [s] = await serversOf("lowdb");
    const cart = s!.vehicles.all().find((v) => v.status === "available")!;
    const post = async (over: Record<string, unknown>) => {
      const res = await postJson(`${s!.url}/api/contact`, validLead({ kind: "test-drive", vehicleId: cart.id, ...over }));
      return { status: res.status, body: (await res.json()) as { fields?: Record<string, string> } };
    };
    expect(await post({ slot: "2020-01-06T10:00" })).toEqual({
      status: 400,
      body: expect.objectContaining({ fields: { slot: "That time has passed: please pick a later one" } }),
    });
    const { days } = await slotsOf(s!, cart.id);
    // The default site is closed on Sundays: the first Sunday after the first bookable day.
    let sunday = days[0]!;
    while (new Date(`${sunday}T12:00:00Z`).getUTCDay() !== 0) sunday = new Date(Date.parse(`${sunday}T12:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
    expect((await post({ slot: `${sunday}T10:00` })).body.fields).toEqual({ slot: "We are closed on Sundays: please pick another day" });
    expect((await post({ slot: `${days.at(-1)}T10:30` })).body.fields?.slot).toMatch(/start on the hour/);
    expect((await post({ slot: "2099-01-05T10:00" })).body.fields?.slot).toMatch(/up to 14 days ahead/);
    expect((await post({})).body.fields).toEqual({ slot: "Pick a day and a time for the test drive" });
    expect((await post({ kind: "quote", slot: `${days.at(-1)}T10:00` })).body.fields).toEqual({ slot: "Only a test drive has a time slot" });
    expect((await post({ vehicleId: undefined, slot: `${days.at(-1)}T10:00` })).body.fields).toEqual({ vehicleId: "A test drive needs the cart it is for" });

    expect((await fetch(`${s!.url}/api/test-drives/slots?vehicle=no-such-cart`)).status).toBe(404);
    const bad = await fetch(`${s!.url}/api/test-drives/slots?vehicle=${cart.id}&date=${sunday}`);
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { error: string }).error).toMatch(/is not one/);
    expect(await storedLeads(s!.leads)).toEqual([]);
  });
});

describe("a test drive of a cart not on the lot", () => {
  it("is refused in words for a cart sold, on hold or out of stock, by the slots answer and the booking; nothing is stored", async () => {
    const [s] = await serversOf("lowdb");
    const [onHold, outOfStock, sold, open] = s!.vehicles.all().filter((v) => v.status === "available" && v.inStock);
    await s!.vehicles.replace(onHold!.id, { ...onHold!, status: "on-hold" }, "*");
    await s!.vehicles.replace(outOfStock!.id, { ...outOfStock!, inStock: false }, "*");
    await s!.vehicles.replace(sold!.id, { ...sold!, status: "sold" }, "*");
    const { days } = await slotsOf(s!, open!.id);
    const slot = `${days.at(-1)}T10:00`;
    const book = async (id: string) => {
      const res = await postJson(`${s!.url}/api/contact`, validLead({ kind: "test-drive", vehicleId: id, slot }));
      return { status: res.status, body: (await res.json()) as { error?: string; fields?: Record<string, string> } };
    };
    const slots = async (id: string) => {
      const res = await fetch(`${s!.url}/api/test-drives/slots?vehicle=${id}`);
      return { status: res.status, error: ((await res.json()) as { error?: string }).error };
    };
    const held = `${onHold!.name} is on hold for another buyer, so it cannot be booked for a test drive: call us about it or a cart like it`;
    expect(await slots(onHold!.id)).toEqual({ status: 409, error: held });
    expect(await book(onHold!.id)).toEqual({ status: 400, body: { error: held, fields: { vehicleId: held } } });
    const away = `${outOfStock!.name} is not in stock, so it cannot be booked for a test drive yet: call us and we will tell you when it is`;
    expect(await slots(outOfStock!.id)).toEqual({ status: 409, error: away });
    expect((await book(outOfStock!.id)).body.fields).toEqual({ vehicleId: away });
    expect(await slots(sold!.id)).toMatchObject({ status: 410 });
    expect((await book(sold!.id)).body.fields).toEqual({ vehicleId: `${sold!.name} has been sold: it can no longer be test driven` });
    expect(await storedLeads(s!.leads)).toEqual([]);
    // A message about the same carts is still taken: only the booking is refused.
    expect((await postJson(`${s!.url}/api/contact`, validLead({ vehicleId: onHold!.id }))).status).toBe(201);
    expect((await book(open!.id)).status).toBe(201);
  });
});
