/**
 * lowdb's rentals on disk: rentals.json is a snapshot and each change a line of rentals-journal.jsonl, as
 * the catalogue is kept (journaled-files.ts), so a booking costs a few kB whatever the number of reservations. A
 * rentals.json from an earlier release (the whole store, no generation) opens as it was.
 */
import { appendFile, mkdtemp, readFile, rm, stat, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { rentalState, seedRentals } from "../testing/rental-data";
import { MissingDataFileError } from "./json-file";
import { openRentalStore, readRentals, RENTALS_FILE, RENTALS_JOURNAL } from "./rental-store";

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), "gc-rentals-"));
});
afterEach(() => rm(dir, { recursive: true, force: true }));

const snapshotFile = () => path.join(dir, RENTALS_FILE);
const journal = () => readFile(path.join(dir, RENTALS_JOURNAL), "utf8");
const snapshot = async () => JSON.parse(await readFile(snapshotFile(), "utf8")) as { generation?: number; reservations: unknown[] };

describe("the rentals' files (lowdb)", () => {
  it("each change appends one line and leaves rentals.json as it was; opening again gives back every change", async () => {
    const store = await openRentalStore(dir);
    const before = await stat(snapshotFile());
    await seedRentals(store);
    const after = await stat(snapshotFile());
    expect([after.size, after.mtimeMs]).toEqual([before.size, before.mtimeMs]);
    const lines = (await journal()).trimEnd().split("\n");
    // Its generation, two settings, three bookings, two changes.
    expect(lines).toHaveLength(8);
    expect(Object.keys(JSON.parse(lines[3]!).ops[0])).toEqual(["reservation"]);
    expect(Object.keys(JSON.parse(lines[3]!).ops[1])).toEqual(["mail"]);

    const state = await rentalState(store);
    expect(await rentalState(await openRentalStore(dir))).toEqual(state);
    expect((await readRentals(dir))!.reservations).toHaveLength(3);
  });

  it("a mail's delivery is a line too, and is kept", async () => {
    const store = await openRentalStore(dir);
    await seedRentals(store);
    const [mail] = await store.pendingMails();
    expect(await store.deliverMail(mail!.id, async () => ({ status: "sent", attempts: 1, sentAt: new Date().toISOString() }))).toBe(true);
    const reopened = await openRentalStore(dir);
    expect((await reopened.pendingMails()).map((m) => m.id)).not.toContain(mail!.id);
    expect((await reopened.pendingMails()).length).toBe((await store.pendingMails()).length);
  });

  it("once the journal outgrows its limit, rentals.json is written again and the journal started afresh", async () => {
    const store = await openRentalStore(dir, Date.now, { foldAfter: 1 });
    const generation = (await snapshot()).generation!;
    await seedRentals(store);
    // The fold runs after the write that grew the journal has answered.
    await store.idle();
    const folded = await snapshot();
    expect(folded.generation).toBeGreaterThan(generation);
    expect(folded.reservations).toHaveLength(3);
    expect(await journal()).toBe(`${JSON.stringify({ generation: folded.generation })}\n`);
    expect(await rentalState(await openRentalStore(dir))).toEqual(await rentalState(store));
  });

  it("opens a rentals.json an earlier release wrote whole, and keeps it as generation 1 with a journal", async () => {
    const first = await openRentalStore(dir);
    await seedRentals(first);
    const state = await rentalState(first);
    // The file as earlier releases left it: the whole store, pretty-printed, no generation, no journal.
    const whole = await readRentals(dir);
    await rm(path.join(dir, RENTALS_JOURNAL));
    await writeFile(snapshotFile(), JSON.stringify(whole, null, 2));

    const migrated = await openRentalStore(dir);
    expect(await rentalState(migrated)).toEqual(state);
    expect((await snapshot()).generation).toBe(1);
    expect(await journal()).toBe(`${JSON.stringify({ generation: 1 })}\n`);
  });

  it("drops a last line cut short by a crash (it never got its answer), and the next booking follows the whole lines", async () => {
    const store = await openRentalStore(dir);
    await seedRentals(store);
    const state = await rentalState(store);
    await appendFile(path.join(dir, RENTALS_JOURNAL), '{"ops":[{"reservation":{"id":"torn');
    const reopened = await openRentalStore(dir);
    expect(await rentalState(reopened)).toEqual(state);
    const s = await reopened.settings("sussex-coast");
    await reopened.setSettings("sussex-coast", { ...s, turnaroundHours: 5 }, s.version);
    expect((await (await openRentalStore(dir)).settings("sussex-coast")).turnaroundHours).toBe(5);
  });

  it("refuses to start on a journal whose rentals.json is gone, rather than promise its carts again", async () => {
    await seedRentals(await openRentalStore(dir));
    await rm(snapshotFile());
    await expect(openRentalStore(dir)).rejects.toThrow(MissingDataFileError);
  });
});
