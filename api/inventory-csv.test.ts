/**
 * The inventory CSV import on each storage engine: a preview row by row, then all rows or none once
 * confirmed with the preview's tag; a bad row writes nothing and is named; a change to the catalogue meanwhile is
 * refused; 200 rows imported then exported give the same bytes; each endpoint refuses a visitor and a foreign origin.
 */
import { afterAll, describe, expect, it, vi } from "vitest";
import { readFileSync } from "node:fs";
import type { ImportRowPlan } from "../domain/inventory-csv-import";
import { inventoryCsv, INVENTORY_CSV_COLUMNS } from "../domain/inventory-csv";
import { sitesFromExample } from "../domain/site-seed";
import type { AuditEntry } from "../domain/staff";
import { sheetUnits } from "../domain/testing/inventory-sheet";
import type { Vehicle } from "../domain/vehicle";
import { storeEngines } from "./testing/store-engines";
import { call, signIn } from "./testing/staff-client";
import { startTestServer, type TestServer } from "./testing/test-server";

// Sign-ins are scrypt, and 200 carts a write, on a shared 2-core machine.
vi.setConfig({ testTimeout: 90_000, hookTimeout: 90_000 });
const { engines, stop } = await storeEngines();
const servers: TestServer[] = [];
afterAll(async () => {
  for (const s of servers.splice(0)) await s.close();
  await stop();
});

const OWNER = { email: "owner@example.com", password: "owner's password 123" };
const SCOPED = { email: "cape@example.com", password: "cape's password 1234" };
const [capeMay] = sitesFromExample(JSON.parse(readFileSync(new URL("../tests/fixtures/example-sites.json", import.meta.url), "utf8")));

interface Preview {
  counts: Record<string, number>;
  rows: ImportRowPlan[];
  tag: string;
}

describe.each(engines)("the inventory CSV import on $name", (engine) => {
  if (engine.unavailable) {
    it.skip(`skipped: ${engine.unavailable}`, () => {});
    return;
  }
  let s: TestServer;
  let owner: string;
  const send = (
    path: string,
    csv: string,
    { cookie = owner, headers = {}, origin }: { cookie?: string; headers?: Record<string, string>; origin?: string } = {},
  ) =>
    fetch(`${s.url}/api/staff/inventory-csv/${path}`, {
      method: "POST",
      headers: { "content-type": "text/csv", origin: origin ?? s.origin, ...(cookie ? { cookie } : {}), ...headers },
      body: csv,
    });
  const preview = async (csv: string, cookie = owner): Promise<Preview> => {
    const res = await send("preview", csv, { cookie });
    expect(res.status).toBe(200);
    return (await res.json()) as Preview;
  };
  const confirm = (csv: string, tag: string | null, cookie = owner) => send("import", csv, { cookie, headers: tag ? { "if-match": tag } : {} });
  const catalogue = async () => ((await (await call(s, "GET", "/api/staff/vehicles", { cookie: owner })).json()) as { vehicles: Vehicle[] }).vehicles;
  const history = async () => ((await (await call(s, "GET", "/api/staff/audit?limit=1000", { cookie: owner })).json()) as { entries: AuditEntry[] }).entries;

  it("starts a server with an owner and an account scoped to Cape May", async () => {
    const place = await engine.fresh();
    const stores = await engine.open(place);
    await stores.sites.create(capeMay!);
    await stores.staff.accounts.add({ ...OWNER, role: "owner" });
    await stores.staff.accounts.add({ ...SCOPED, role: "sales", sites: [capeMay!.id] });
    // The built site too: a new cart's page and the listing feeds are what an import publishes.
    s = await startTestServer(engine.name === "postgres" ? { DATABASE_URL: place } : {}, engine.name === "lowdb" ? place : undefined, { builtSite: true });
    servers.push(s);
    owner = await signIn(s, OWNER.email, OWNER.password);
  });

  it("refuses both endpoints without a session (401) and from a foreign origin (403), writing nothing", async () => {
    const csv = inventoryCsv(sheetUnits(2, { prefix: "NOPE" }));
    const before = await catalogue();
    for (const path of ["preview", "import"]) {
      expect((await send(path, csv, { cookie: "" })).status).toBe(401);
      const foreign = await send(path, csv, { origin: "https://evil.example", headers: { "if-match": "*" } });
      expect(foreign.status).toBe(403);
      expect(((await foreign.json()) as { error: string }).error).toEqual(expect.any(String));
    }
    expect(await catalogue()).toEqual(before);
  });

  it("asks for text/csv (415) and for the preview's tag (428)", async () => {
    const res = await call(s, "POST", "/api/staff/inventory-csv/preview", { cookie: owner, body: { rows: [] } });
    expect(res.status).toBe(415);
    expect((await confirm("Stock number\r\nD-1001\r\n", null)).status).toBe(428);
  });

  it("an import with one bad row writes nothing, and names the row and the column, in the preview and at the confirm", async () => {
    const units = sheetUnits(5, { prefix: "BAD" });
    const lines = inventoryCsv(units).split("\r\n");
    lines[4] = lines[4]!.replace(/,8003,/, ",eight thousand,");
    const csv = lines.join("\r\n");
    const before = await catalogue();
    const entries = (await history()).length;

    const seen = await preview(csv);
    expect(seen.counts).toEqual({ create: 4, update: 0, unchanged: 0, invalid: 1 });
    expect(seen.rows[3]).toMatchObject({
      row: 5,
      stockNumber: "BAD-3",
      action: "invalid",
      errors: [{ column: "Price", message: "Enter the price in whole dollars, like 12995" }],
    });
    const res = await confirm(csv, seen.tag);
    expect(res.status).toBe(400);
    expect(((await res.json()) as { error: string }).error).toBe("Nothing was imported: row 5, Price: Enter the price in whole dollars, like 12995");
    expect(await catalogue()).toEqual(before);
    expect((await history()).length).toBe(entries);
  });

  it("200 rows: the preview says 200 creates, nothing is written until the confirm, then all are, each with its audit entry; their export is the file, byte for byte", async () => {
    const csv = inventoryCsv(sheetUnits(200));
    const before = await catalogue();
    const seen = await preview(csv);
    expect(seen.counts).toEqual({ create: 200, update: 0, unchanged: 0, invalid: 0 });
    expect(seen.rows[0]).toMatchObject({ row: 2, stockNumber: "CSV-0", action: "create", vehicleId: "runabout-2-csv-0", name: "Runabout 2" });
    expect(await catalogue()).toEqual(before);

    const res = await confirm(csv, seen.tag);
    expect(res.status).toBe(200);
    expect(((await res.json()) as Preview).counts).toEqual(seen.counts);
    const after = await catalogue();
    expect(after.length).toBe(before.length + 200);
    const imported = after.filter((v) => v.stockNumber?.startsWith("CSV-"));
    expect(inventoryCsv(imported)).toBe(csv);
    expect(imported[1]).toMatchObject({ serialNumber: "SN 1", color: "Lime Green", cost: 6001, status: "on-hold", condition: "used" });
    // The file's Received day is kept, so migrated stock keeps its days on the lot.
    expect(imported[0]!.receivedAt).toBe("2026-10-01");

    const created = (await history()).filter((e) => e.action === "create" && e.vehicleId?.endsWith("-csv-0"));
    expect(created).toEqual([expect.objectContaining({ email: OWNER.email, vehicleId: "runabout-2-csv-0", vehicleName: "Runabout 2" })]);
    expect((await history()).filter((e) => e.action === "create").length).toBe(200);

    // The public catalogue never carries the cost the file gave.
    expect(await (await fetch(`${s.url}/api/vehicles/runabout-2-csv-0`)).text()).not.toContain('"cost"');
    // Imported again as exported, every row is unchanged: nothing to write.
    const again = await preview(inventoryCsv(imported));
    expect(again.counts).toEqual({ create: 0, update: 0, unchanged: 200, invalid: 0 });
  });

  it("a row changes its cart by stock number; a save to that cart between the preview and the confirm is refused (412), one to another cart is not; a new preview imports", async () => {
    const [cart] = (await catalogue()).filter((v) => v.stockNumber === "CSV-4");
    const csv = `Stock number,Price,Colour\r\nCSV-4,${cart!.price + 500},Sunset Orange\r\n`;
    const seen = await preview(csv);
    expect(seen.rows).toEqual([
      expect.objectContaining({
        action: "update",
        vehicleId: cart!.id,
        changes: [
          { field: "price", from: cart!.price, to: cart!.price + 500 },
          { field: "color", from: cart!.color, to: "Sunset Orange" },
        ],
      }),
    ]);
    // A save to another cart meanwhile changes nothing the import would write: the preview still holds.
    const other = await call(s, "GET", "/api/staff/vehicles/denago-ev-nomad", { cookie: owner });
    const elsewhere = await call(s, "PATCH", "/api/staff/vehicles/denago-ev-nomad", {
      cookie: owner,
      headers: { "if-match": other.headers.get("etag")! },
      body: { changes: { featured: true }, base: { featured: ((await other.json()) as Vehicle).featured } },
    });
    expect(elsewhere.status).toBe(200);
    expect((await preview(csv)).tag).toBe(seen.tag);
    // A save to the cart the file changes (a field the file does not name) is detected.
    const mine = await call(s, "GET", `/api/staff/vehicles/${cart!.id}`, { cookie: owner });
    const saved = await call(s, "PATCH", `/api/staff/vehicles/${cart!.id}`, {
      cookie: owner,
      headers: { "if-match": mine.headers.get("etag")! },
      body: { changes: { featured: true }, base: { featured: false } },
    });
    expect(saved.status).toBe(200);
    const current = (await saved.json()) as Vehicle;

    const stale = await confirm(csv, seen.tag);
    expect(stale.status).toBe(412);
    expect(((await stale.json()) as { error: string }).error).toMatch(/changed since the preview.*Preview the file again/);
    expect((await catalogue()).find((v) => v.id === cart!.id)).toEqual(current);
    // A different file under the preview's tag is refused too.
    expect((await confirm(csv.replace("Sunset", "Dawn"), (await preview(csv)).tag)).status).toBe(412);

    const ok = await confirm(csv, (await preview(csv)).tag);
    expect(ok.status).toBe(200);
    expect((await catalogue()).find((v) => v.id === cart!.id)).toMatchObject({ price: cart!.price + 500, color: "Sunset Orange", featured: true });
    const [last] = await history();
    expect(last).toMatchObject({ action: "update", email: OWNER.email, vehicleId: cart!.id, fields: ["price", "color"] });
  });

  it("a new stock number of a model in stock as a used unit publishes none of that unit's write-up or photos: not on its page, in the API or any listing feed", async () => {
    const photos = ["/photos/0123456789abcdef0123-1600x1200.jpg", "/photos/abcdef0123456789abcd-1600x1200.jpg"];
    const [unit] = sheetUnits(1, { prefix: "ONWARD" });
    const writeUp = "Trade-in, one owner from Bethany Beach, new batteries in 2025.";
    await s.vehicles.create({
      ...unit!,
      id: "club-car-onward-4-passenger-u-3001",
      brand: "Club Car",
      name: "Onward 4 Passenger",
      stockNumber: "U-3001",
      condition: "used",
      isNew: false,
      status: "available",
      description: writeUp,
      images: photos,
      features: ["Rear seat kit"],
    });
    const head = "Stock number,Brand,Model,Condition,Year,Price";
    const bare = `${head}\r\nN-3018,Club Car,Onward 4 Passenger,new,2026,13995\r\n`;
    expect((await preview(bare)).rows[0]).toMatchObject({ action: "invalid", errors: [{ column: "Description" }] });
    const csv = `${head},Description\r\nN-3018,Club Car,Onward 4 Passenger,new,2026,13995,Arrived this week: a new Onward.\r\n`;
    const seen = await preview(csv);
    expect(seen.rows[0]).toMatchObject({
      action: "create",
      vehicleId: "onward-4-passenger-n-3018",
      model: { from: "club-car-onward-4-passenger-u-3001", fields: expect.arrayContaining(["features", "category"]) },
    });
    expect(seen.rows[0]!.changes.map((c) => c.field)).not.toContain("images");
    expect((await confirm(csv, seen.tag)).status).toBe(200);

    const id = "onward-4-passenger-n-3018";
    const answer = (await (await fetch(`${s.url}/api/vehicles/${id}`)).json()) as Vehicle;
    expect(answer).toMatchObject({ condition: "new", description: "Arrived this week: a new Onward.", images: [], features: ["Rear seat kit"] });
    const page = await (await fetch(`${s.url}/vehicle/${id}`)).text();
    expect(page).toContain("Arrived this week: a new Onward.");
    for (const text of [page, JSON.stringify(answer)]) {
      expect(text).not.toContain("one owner");
      for (const photo of photos) expect(text).not.toContain(photo.slice(0, 28));
    }
    for (const feed of ["/feeds/google-merchant.xml", "/feeds/meta-catalog.csv", "/feeds/google-local-inventory.xml"]) {
      const body = await (await fetch(`${s.url}${feed}`)).text();
      // The used unit itself is listed with its write-up; no item of the new one carries it.
      const items = body.split(/<item>|\r\n/).filter((item) => item.includes("N-3018"));
      for (const item of items) {
        expect(item).not.toContain("one owner");
        for (const photo of photos) expect(item).not.toContain(photo.slice(8, 28));
      }
    }
  });

  it("an account scoped to Cape May imports only carts on Cape May's lot", async () => {
    const scoped = await signIn(s, SCOPED.email, SCOPED.password);
    const header = INVENTORY_CSV_COLUMNS.map((c) => c.name).join(",");
    const [mine, foreign] = sheetUnits(2, { prefix: "CAPE", location: capeMay!.id }).map((u, i) => ({ ...u, location: i ? "sussex-coast" : capeMay!.id }));
    const csv = inventoryCsv([mine!, foreign!]);
    expect(csv.startsWith(`\uFEFF${header}`)).toBe(true);
    const seen = await preview(csv, scoped);
    expect(seen.rows.map((r) => [r.action, r.errors])).toEqual([
      ["create", []],
      ["invalid", [{ column: "Location", message: `Location "sussex-coast" is not one of your account's sites (${capeMay!.id})` }]],
    ]);
    expect((await confirm(csv, seen.tag, scoped)).status).toBe(400);
    const own = inventoryCsv([mine!]);
    expect((await confirm(own, (await preview(own, scoped)).tag, scoped)).status).toBe(200);
    expect((await catalogue()).find((v) => v.stockNumber === "CAPE-0")).toMatchObject({ location: capeMay!.id });
  });

  it("the Sites column: an export names each cart's sites and imports back unchanged; a new list is saved; an unknown site is refused naming the sites", async () => {
    const [cart] = sheetUnits(1, { prefix: "SITES" });
    const created = inventoryCsv([{ ...cart!, sites: ["sussex-coast", capeMay!.id] }]);
    expect((await confirm(created, (await preview(created)).tag)).status).toBe(200);
    const stored = (await catalogue()).find((v) => v.stockNumber === "SITES-0")!;
    expect(stored.sites).toEqual(["sussex-coast", capeMay!.id]);
    const exported = inventoryCsv([stored]);
    expect(exported.split("\r\n")[1]).toContain(`,sussex-coast;${capeMay!.id},`);
    expect((await preview(exported)).rows.map((r) => r.action)).toEqual(["unchanged"]);

    const everywhere = exported.replace(`,sussex-coast;${capeMay!.id},`, ",,");
    expect((await confirm(everywhere, (await preview(everywhere)).tag)).status).toBe(200);
    expect((await catalogue()).find((v) => v.stockNumber === "SITES-0")!.sites).toBeUndefined();

    const unknown = exported.replace(`,sussex-coast;${capeMay!.id},`, ",atlantis,");
    expect((await preview(unknown)).rows[0]!.errors).toEqual([
      {
        column: "Sites",
        message: `"atlantis" is not a site of this deployment; the sites are: sussex-coast, ${capeMay!.id} (separate them with ";", or leave the cell empty for every site)`,
      },
    ]);
  });
});
