/**
 * What an inventory source's runs do, on each storage engine, against a dealer system on loopback: each
 * safety stop of a bad file, a unit that leaves the file for one run and comes back, photos by address (one a 404),
 * a JSON export pushed, a drop folder's file picked up only once it is whole; and on PostgreSQL, two servers on one
 * database, of which only one runs a source at a time.
 */
import { existsSync } from "node:fs";
import { appendFile, readdir, writeFile } from "node:fs/promises";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { SourceRun, SourceView } from "../domain/inventory-source";
import { DROP_FOLDER, PROCESSED_FOLDER } from "./inventory-sync";
import { Dms } from "./testing/dms";
import { phoneJpeg } from "./testing/phone-photo";
import { call, signIn } from "./testing/staff-client";
import { postgresForSuite } from "./testing/suite-postgres";
import { startTestServer, type TestServer } from "./testing/test-server";

vi.setConfig({ testTimeout: 60_000, hookTimeout: 120_000 });

const OWNER = { email: "owner@example.com", password: "the owner's secret 1" };
const postgres = await postgresForSuite();
type Created = SourceView & { pushSecretOnce: string };

/** An owner's way into a server's inventory sources. */
function console_(s: TestServer, cookie: string) {
  const post = async <T>(url: string, body?: unknown, status = 200): Promise<T> => {
    const res = await call(s, "POST", url, { cookie, body });
    expect(res.status, await res.clone().text()).toBe(status);
    return (await res.json()) as T;
  };
  return {
    add: (body: Record<string, unknown>) => post<Created>("/api/staff/inventory-sources", body, 201),
    sync: (id: string) => post<SourceRun>(`/api/staff/inventory-sources/${id}/sync`),
    runs: async (id: string) => ((await (await call(s, "GET", `/api/staff/inventory-sources/${id}/runs`, { cookie })).json()) as { runs: SourceRun[] }).runs,
  };
}

describe.each(["lowdb", "postgres"] as const)("inventory source runs on %s", (engine) => {
  if (engine === "postgres" && postgres.unavailable) return void it.skip(`PostgreSQL: ${postgres.unavailable}`);
  let s: TestServer;
  let owner: ReturnType<typeof console_>;
  let source: Created;
  const dms = new Dms();
  const ours = () => s.vehicles.all().filter((v) => dms.units.has(v.stockNumber ?? ""));
  const byStock = (stock: string) => s.vehicles.all().find((v) => v.stockNumber === stock)!;

  beforeAll(async () => {
    s = await startTestServer({ ...(await postgres.engineEnv(engine)), INVENTORY_POLL_MS: "300" });
    await s.staff.accounts.add({ ...OWNER, role: "owner" });
    owner = console_(s, await signIn(s, OWNER.email, OWNER.password));
    for (const v of s.vehicles.all().slice(0, 10)) dms.units.set(v.stockNumber!, { make: v.brand, model: v.name, price: String(v.price), status: "In Stock" });
    await dms.start();
    // Paused, so that the schedule leaves it to the tests' "Sync now".
    source = await owner.add({ name: "DealerCenter", kind: "pull", url: dms.url, enabled: false });
  });
  afterAll(async () => {
    await s?.close();
    dms.close();
  });

  it("holds a run on an empty file, a header with no units and a CSV cut off mid-line, and changes nothing", async () => {
    const before = JSON.stringify(ours());
    const whole = dms.bytes();
    const cases = [
      { text: "", message: /^The file is empty/ },
      { text: "Stock #;Make;Model;Internet Price;Status;Lot;Photos\r\n", message: /^The file has a header row but no units/ },
      { text: whole.subarray(0, whole.lastIndexOf("Georgetown") + 4), message: /^The file ends in the middle of line 11 \(6 of 7 columns\)/ },
    ];
    for (const { text, message } of cases) {
      dms.body = { status: 200, type: "text/csv", text };
      expect(await owner.sync(source.id)).toMatchObject({ outcome: "held", message: expect.stringMatching(message) });
      expect(JSON.stringify(ours())).toBe(before);
    }
    dms.body = undefined;
    expect(await owner.sync(source.id)).toMatchObject({ outcome: "applied", counts: { changed: 10, skipped: 0 } });
  });

  it("keeps a unit that leaves the file for one run and comes back; sells one missing two runs in a row", async () => {
    const [gone, back] = [...dms.units.keys()].slice(-2) as [string, string];
    const goneUnit = dms.units.get(gone)!;
    const backUnit = dms.units.get(back)!;
    dms.units.delete(back);
    expect(await owner.sync(source.id)).toMatchObject({ outcome: "applied", counts: { missing: 1, sold: 0 } });
    expect(byStock(back).status).toBe("available");
    dms.units.set(back, backUnit);
    dms.units.delete(gone);
    expect(await owner.sync(source.id)).toMatchObject({ outcome: "applied", counts: { missing: 1, sold: 0 } });
    expect(byStock(back).status).toBe("available");
    // A change elsewhere, so the file is not the same again.
    dms.units.get(back)!.status = "Deposit";
    expect(await owner.sync(source.id)).toMatchObject({ outcome: "applied", counts: { missing: 1, sold: 1, changed: 1 } });
    expect(byStock(gone).status).toBe("sold");
    expect(byStock(back).status).toBe("on-hold");
    dms.units.set(gone, goneUnit);
    dms.units.get(back)!.status = "In Stock";
  });

  it("fetches each unit's photos by address into its photos, reports one that 404s, and asks again only with its ETag", async () => {
    dms.photos.set("front.jpg", await phoneJpeg({ width: 640, height: 480 }));
    dms.photos.set("side.jpg", await phoneJpeg({ width: 480, height: 640, orientation: 1 }));
    dms.photos.set("notes.jpg", Buffer.from("<html><body>not a photo</body></html>"));
    const stock = [...dms.units.keys()][0]!;
    const before = byStock(stock).images;
    dms.units.get(stock)!.photos = ["front.jpg", "missing.jpg", "side.jpg", "notes.jpg"];
    const run = await owner.sync(source.id);
    expect(run).toMatchObject({ outcome: "applied", photosAdded: 2 });
    expect(run.photoProblems).toEqual([
      { stockNumber: stock, url: dms.photoUrl("missing.jpg"), reason: "The address answered HTTP 404 Not Found" },
      { stockNumber: stock, url: dms.photoUrl("notes.jpg"), reason: expect.stringMatching(/not a photo we can use/) },
    ]);
    const images = byStock(stock).images;
    expect(images.slice(0, before.length)).toEqual(before);
    const added = images.slice(before.length);
    expect(added).toHaveLength(2);
    for (const src of added) {
      const res = await fetch(`${s.url}${src}`);
      expect(res.status).toBe(200);
      expect(res.headers.get("content-type")).toBe("image/jpeg");
    }

    // The next file (another price): each photo asked again with its ETag, answered 304, and nothing changes.
    const asked = dms.photoRequests.get("front.jpg");
    dms.units.get([...dms.units.keys()][1]!)!.price = "9999";
    const next = await owner.sync(source.id);
    expect(next).toMatchObject({ outcome: "applied", photosAdded: 0 });
    expect(dms.photoRequests.get("front.jpg")).toBe(asked! + 1);
    expect(byStock(stock).images).toEqual(images);

    // A photo the file no longer names is taken off the unit; the staff's own stay.
    dms.units.get(stock)!.photos = ["side.jpg"];
    await owner.sync(source.id);
    expect(byStock(stock).images).toEqual([...before, added[1]]);
  });

  it("takes a pushed JSON export (an object holding the list) with the bearer secret", async () => {
    const push = await owner.add({ name: "Frazer JSON", kind: "push" });
    const model = s.vehicles.all()[0]!;
    const body = JSON.stringify({ inventory: [{ StockNo: "J-1", Year: 2025, Make: model.brand, Model: model.name, Price: "12,995", Color: "Navy" }] });
    const res = await fetch(`${s.url}/api/inventory-sources/${push.id}/push`, {
      method: "POST",
      headers: { "content-type": "application/json", authorization: `Bearer ${push.pushSecretOnce}` },
      body,
    });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ outcome: "applied", counts: { created: 1 } });
    expect(byStock("J-1")).toMatchObject({ year: 2025, brand: model.brand, name: model.name, price: 12995, color: "Navy" });
  });

  it("imports a drop folder's file once it stops growing, or at its .done marker, and moves it to processed/", async () => {
    const drop = await owner.add({ name: "Lightspeed SFTP", kind: "folder" });
    const folder = path.join(s.dataDir, DROP_FOLDER, drop.id);
    await expect.poll(() => existsSync(folder)).toBe(true);
    const lines = ["StockNo,Make,Model,Price", ...Array.from({ length: 40 }, (_, i) => `F-${100 + i},Denago,Denago EV Rover XL,${15000 + i}`)];
    const file = path.join(folder, "inventory.csv");
    // A writer that sends the file a piece at a time, each piece ending mid-line, faster than the server looks.
    const text = lines.join("\r\n") + "\r\n";
    await writeFile(file, text.slice(0, 30));
    for (let at = 30; at < text.length; at += 30) {
      await new Promise((resolve) => setTimeout(resolve, 20));
      await appendFile(file, text.slice(at, at + 30));
      expect(await owner.runs(drop.id)).toEqual([]);
    }
    await expect.poll(() => owner.runs(drop.id), { timeout: 10_000 }).toHaveLength(1);
    expect((await owner.runs(drop.id))[0]).toMatchObject({ trigger: "folder", outcome: "applied", counts: { created: 40, skipped: 0 } });
    // Moved once its run is recorded.
    await expect.poll(() => readdir(path.join(folder, PROCESSED_FOLDER))).toEqual([expect.stringMatching(/-inventory\.csv$/)]);
    expect(existsSync(file)).toBe(false);

    // The next export: the same units, one repriced.
    await writeFile(path.join(folder, "second.csv"), text.replace("F-100,Denago,Denago EV Rover XL,15000", "F-100,Denago,Denago EV Rover XL,14000"));
    await writeFile(path.join(folder, "second.csv.done"), "");
    await expect.poll(() => owner.runs(drop.id), { timeout: 10_000 }).toHaveLength(2);
    expect(byStock("F-100").price).toBe(14000);
    await expect.poll(async () => (await readdir(folder)).sort()).toEqual([PROCESSED_FOLDER]);
  });
});

describe("two servers on one PostgreSQL database", () => {
  if (postgres.unavailable) return void it.skip(`PostgreSQL: ${postgres.unavailable}`);
  const dms = new Dms();
  let a: TestServer;
  let b: TestServer;
  afterAll(async () => {
    await a?.close();
    await b?.close();
    dms.close();
  });

  it("runs a source on one of them at a time: the other says it is syncing already, and the file is read once", async () => {
    const env = { DATABASE_URL: await postgres.createDatabase(), INVENTORY_POLL_MS: "3600000" };
    a = await startTestServer(env);
    b = await startTestServer(env);
    await a.staff.accounts.add({ ...OWNER, role: "owner" });
    const [onA, onB] = [console_(a, await signIn(a, OWNER.email, OWNER.password)), console_(b, await signIn(b, OWNER.email, OWNER.password))];
    for (const v of a.vehicles.all().slice(0, 5)) dms.units.set(v.stockNumber!, { make: v.brand, model: v.name, price: String(v.price), status: "In Stock" });
    await dms.start();
    const source = await onA.add({ name: "DealerCenter", kind: "pull", url: dms.url, enabled: false });

    let release!: () => void;
    dms.hold = new Promise((resolve) => (release = resolve));
    const arrived = dms.nextRequest();
    const first = onA.sync(source.id);
    await arrived;
    const second = await call(b, "POST", `/api/staff/inventory-sources/${source.id}/sync`, {
      cookie: await signIn(b, OWNER.email, OWNER.password),
    });
    expect(second.status).toBe(409);
    expect(await second.json()).toEqual({ error: '"DealerCenter" is syncing already: its run is listed when it ends' });
    release();
    expect(await first).toMatchObject({ outcome: "applied", counts: { changed: 5 } });
    expect(dms.served).toBe(1);
    expect(await onB.runs(source.id)).toHaveLength(1);
  });
});
