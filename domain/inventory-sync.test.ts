import { describe, expect, it } from "vitest";
import { seedCatalogue } from "./catalogue/seed";
import { FeedError, readFeed } from "./inventory-feed";
import { emptyMemory, SourceSettingsSchema, type InventorySource } from "./inventory-source";
import { photoListsOf, planSync, PHOTOS_PER_UNIT, proposeMapping, type SyncContext } from "./inventory-sync";
import type { Vehicle } from "./vehicle";

const catalogue = seedCatalogue();
const ctx: SyncContext = {
  siteIds: ["sussex-coast", "cape-may"],
  lots: new Map([
    ["lewes", "sussex-coast"],
    ["cape may", "cape-may"],
  ]),
  today: "2026-12-02",
};
const source = (over: Partial<InventorySource> = {}): InventorySource => ({
  ...SourceSettingsSchema.parse({ name: "Lightspeed", kind: "pull", url: "http://127.0.0.1/feed.csv" }),
  id: "lightspeed",
  auth: { type: "none" },
  pushSecret: "secret",
  createdAt: "2026-12-01T00:00:00Z",
  updatedAt: "2026-12-01T00:00:00Z",
  memory: emptyMemory(),
  ...over,
});

/** A DMS's export in Windows-1252, its own headers, a semicolon between cells: one line per seed unit given. */
function dmsCsv(units: readonly Vehicle[], cell: (v: Vehicle) => Partial<Record<string, string>> = () => ({})): Uint8Array {
  const header = ["Stock #", "Make", "Model", "Yr", "Internet Price", "MSRP", "Ext. Color", "Status", "Lot", "Date In"];
  const lines = units.map((v) => {
    const row: Record<string, string> = {
      "Stock #": v.stockNumber!,
      Make: v.brand,
      Model: v.name,
      Yr: "2025",
      "Internet Price": `$${v.price.toLocaleString("en-US")}.00`,
      MSRP: String(v.price + 1000),
      "Ext. Color": "Crème",
      Status: "In Stock",
      Lot: "Lewes",
      "Date In": "11/3/2026",
      ...cell(v),
    };
    return header.map((h) => row[h] ?? "").join(";");
  });
  return Buffer.from([header.join(";"), ...lines].join("\r\n") + "\r\n", "latin1");
}

describe("reading a dealer system's file", () => {
  it("reads a Windows-1252 CSV with its own headers and proposes a mapping from them", () => {
    const feed = readFeed(dmsCsv(catalogue.slice(0, 2)));
    expect(feed.rows[0]!.cells[6]).toBe("Crème");
    expect(proposeMapping(feed.header)).toEqual({
      "Stock number": ["Stock #"],
      Year: ["Yr"],
      Brand: ["Make"],
      Model: ["Model"],
      Colour: ["Ext. Color"],
      Price: ["Internet Price"],
      Status: ["Status"],
      Location: ["Lot"],
      Received: ["Date In"],
    });
  });

  it("reads a JSON export, an object holding the array of units", () => {
    const feed = readFeed(
      Buffer.from(JSON.stringify({ generated: "today", data: { units: [{ StockNo: "D-1001", Price: 15000, Photos: ["/a.jpg", "/b.jpg"] }] } })),
    );
    expect(feed).toMatchObject({ format: "json", header: ["StockNo", "Price", "Photos"], rows: [{ row: 1, cells: ["D-1001", "15000", "/a.jpg | /b.jpg"] }] });
  });

  it.each([
    ["an HTML error page", "<!DOCTYPE html><html><body><h1>500 Internal Server Error</h1></body></html>", "html"],
    ["an empty file", "", "empty"],
    ["a header and no rows", "Stock #,Price\r\n", "empty"],
    ["a CSV cut off in its last line", "Stock #,Make,Model,Price\r\nD-1001,Denago,Denago EV City,15000\r\nD-1002,Den", "truncated"],
    ["a CSV cut off inside a quoted cell", 'Stock #,Description\r\nD-1001,"Lifted, with', "truncated"],
    ["a JSON file cut off", '[{"StockNo":"D-1001"},{"Stock', "truncated"],
    ["an empty JSON list", "[]", "empty"],
  ])("refuses %s as a whole, naming the safety stop", (_what, text, stop) => {
    let error: unknown;
    try {
      readFeed(Buffer.from(text));
    } catch (err) {
      error = err;
    }
    expect(error).toBeInstanceOf(FeedError);
    expect((error as FeedError).stop).toBe(stop);
    expect((error as FeedError).message).toMatch(/\w+ \w+/);
  });
});

describe("a sync run's plan", () => {
  const lot = catalogue.slice(0, 10);

  it("creates the new, changes only the owned fields of the known, and leaves the unchanged alone", () => {
    const staffWritten = lot.map((v, i) => (i === 0 ? { ...v, description: "Our own write-up", price: 99 } : v));
    const newUnit = { ...catalogue[0]!, stockNumber: "N-2001" };
    const feed = readFeed(dmsCsv([...lot, newUnit], (v) => (v.stockNumber === "D-1001" ? { Description: "DMS text" } : {})));
    const first = planSync(feed, source(), staffWritten, ctx);
    expect(first.hold).toBeUndefined();
    expect(first.counts).toMatchObject({ created: 1, skipped: 0 });
    const d1001 = first.updates.find((u) => u.vehicle.stockNumber === "D-1001")!;
    // Colour is not a field the source owns by default: the catalogue's stays.
    expect(d1001.vehicle).toMatchObject({
      price: 15000,
      description: "Our own write-up",
      color: catalogue[0]!.color,
      location: "sussex-coast",
      receivedAt: "2026-11-03",
    });
    // A new unit the file gives no description gets one of its own facts, never another cart's.
    expect(first.creates[0]).toMatchObject({
      stockNumber: "N-2001",
      brand: "Denago",
      name: "Denago EV City",
      price: 15000,
      category: catalogue[0]!.category,
      description: "2025 Denago EV City in Crème, stock number N-2001.",
    });

    const applied = [...staffWritten.map((v) => first.updates.find((u) => u.previous.id === v.id)?.vehicle ?? v), ...first.creates];
    const again = planSync(feed, source({ memory: { ...emptyMemory(), units: first.memory } }), applied, ctx);
    expect(again.counts).toEqual({ created: 0, changed: 0, sold: 0, unchanged: 11, skipped: 0, missing: 0 });
    expect(again.updates).toEqual([]);
  });

  it("skips a bad row with its line and reason and goes on with the rest", () => {
    const feed = readFeed(
      dmsCsv(lot.slice(0, 4), (v) =>
        v.stockNumber === "D-1002"
          ? { "Stock #": "" }
          : v.stockNumber === "D-1003"
            ? { "Internet Price": "8495.50" }
            : v.stockNumber === "D-1004"
              ? { Lot: "Dover" }
              : {},
      ),
    );
    const plan = planSync(feed, source(), catalogue, ctx);
    expect(plan.counts).toMatchObject({ changed: 1, skipped: 3 });
    expect(plan.skipped).toEqual([
      { where: "Line 3", stockNumber: null, reason: expect.stringMatching(/^Stock number: Every row needs a stock number/) },
      { where: "Line 4", stockNumber: "D-1003", reason: expect.stringMatching(/^Price: .*whole/i) },
      { where: "Line 5", stockNumber: "D-1004", reason: expect.stringMatching(/^Location: Location "dover" is not a site/) },
    ]);
  });

  it("marks a unit sold only after it is missing from two runs in a row; one back in the file is kept", () => {
    const units = Object.fromEntries(lot.map((v) => [v.id, { missing: 0 }]));
    const without = (n: number) => readFeed(dmsCsv(lot.filter((_, i) => i !== n)));
    const once = planSync(without(1), source({ memory: { ...emptyMemory(), units } }), catalogue, ctx);
    expect(once.counts).toMatchObject({ missing: 1, sold: 0 });
    expect(once.memory[lot[1]!.id]).toEqual({ missing: 1 });

    const back = planSync(readFeed(dmsCsv(lot)), source({ memory: { ...emptyMemory(), units: once.memory } }), catalogue, ctx);
    expect(back.counts).toMatchObject({ missing: 0, sold: 0 });
    expect(back.memory[lot[1]!.id]).toEqual({ missing: 0 });

    const twice = planSync(without(1), source({ memory: { ...emptyMemory(), units: once.memory } }), catalogue, ctx);
    expect(twice.counts).toMatchObject({ missing: 1, sold: 1 });
    expect(twice.updates.find((u) => u.previous.id === lot[1]!.id)!.vehicle.status).toBe("sold");
  });

  it("holds a run missing 40 % of the source's units, or changing more than half of the prices", () => {
    const units = Object.fromEntries(lot.map((v) => [v.id, { missing: 0 }]));
    const held = planSync(readFeed(dmsCsv(lot.slice(0, 6))), source({ memory: { ...emptyMemory(), units } }), catalogue, ctx);
    expect(held.hold).toMatch(/^4 of the 10 units this source keeps \(40 %\) are not in the file, more than its limit of 20 %/);
    const forced = planSync(readFeed(dmsCsv(lot.slice(0, 6))), source({ memory: { ...emptyMemory(), units } }), catalogue, ctx, true);
    expect(forced.hold).toBeUndefined();

    const repriced = readFeed(dmsCsv(lot, (v) => (lot.indexOf(v) < 6 ? { "Internet Price": String(v.price + 100) } : {})));
    expect(planSync(repriced, source(), catalogue, ctx).hold).toMatch(/^The file changes 6 of 10 prices \(60 %\), more than this source's limit of 50 %/);
  });

  it("matches by VIN when the source says so, whatever the file's stock number", () => {
    const vin = "1HGCM82633A004352";
    const withVin = catalogue.map((v, i) => (i === 0 ? { ...v, vin, condition: "used" as const, isNew: false } : v));
    const feed = readFeed(Buffer.from(`VIN,Stock,Price\r\n${vin},DMS-77,14000\r\n`));
    const plan = planSync(feed, source({ matchBy: "vin", mapping: { VIN: ["VIN"], "Stock number": ["Stock"], Price: ["Price"] } }), withVin, ctx);
    expect(plan.updates).toHaveLength(1);
    expect(plan.updates[0]!.vehicle).toMatchObject({ id: catalogue[0]!.id, stockNumber: "D-1001", price: 14000 });
  });
});

describe("photos by address", () => {
  it("reads each known unit's photo column as its list of addresses, in order, once each, at most 20", () => {
    const [a, b] = catalogue as [Vehicle, Vehicle];
    const many = Array.from({ length: 25 }, (_, i) => `https://dms.example/p/${i}.jpg`).join(",");
    const file = [
      "StockNo;Image URLs",
      `${a.stockNumber};https://dms.example/1.jpg | https://dms.example/2.jpg,https://dms.example/1.jpg ftp://x/3.jpg not-a-url`,
      `${b.stockNumber};${many}`,
      "NEW-1;https://dms.example/new.jpg",
    ].join("\n");
    const feed = readFeed(Buffer.from(file));
    expect(proposeMapping(feed.header)).toMatchObject({ "Stock number": ["StockNo"], "Photo URLs": ["Image URLs"] });
    const lists = photoListsOf(feed, source(), catalogue);
    expect(lists.map((l) => [l.vehicle.id, l.urls.length])).toEqual([
      [a.id, 2],
      [b.id, PHOTOS_PER_UNIT],
    ]);
    expect(lists[0]!.urls).toEqual(["https://dms.example/1.jpg", "https://dms.example/2.jpg"]);
  });
});
