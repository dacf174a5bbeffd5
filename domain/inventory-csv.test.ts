import { describe, expect, it } from "vitest";
import { seedCatalogue } from "./catalogue/seed";
import { planInventoryImport, type ImportContext } from "./inventory-csv-import";
import { decodeCsv, readSheet, SheetError } from "./inventory-csv-parse";
import { INVENTORY_CSV_COLUMNS, inventoryCsv, UTF8_BOM } from "./inventory-csv";
import type { Vehicle } from "./vehicle";

const catalogue = seedCatalogue();
const nomad = catalogue.find((v) => v.id === "denago-ev-nomad")!;
const HEADER = INVENTORY_CSV_COLUMNS.map((c) => c.name).join(",");
const ORG: ImportContext = { account: { role: "sales" }, siteIds: ["sussex-coast", "cape-may"], today: "2026-11-27" };
const plan = (csv: string, ctx: ImportContext = ORG, vehicles: readonly Vehicle[] = catalogue) => planInventoryImport(readSheet(csv), vehicles, ctx);

describe("inventoryCsv (the export)", () => {
  const unit: Vehicle = { ...nomad, color: 'Crème, "Brûlée"', description: "Two lines:\nsecond", cost: 6100, location: "cape-may", vin: undefined };
  const csv = inventoryCsv([unit]);

  it("starts with a byte-order mark and the header, each line ending CRLF", () => {
    expect(csv.startsWith(`${UTF8_BOM}${HEADER}\r\n`)).toBe(true);
    expect(csv.endsWith("\r\n")).toBe(true);
  });

  it("quotes a cell with a comma, a quote or a line break, keeps accents, and writes the cost for staff", () => {
    expect(csv).toContain('"Crème, ""Brûlée"""');
    expect(csv).toContain('"Two lines:\nsecond"');
    expect(csv.split("\r\n")[1]).toContain(",6100,available,cape-may,");
  });

  it("defuses a cell a spreadsheet would run as a formula, and the import reads it back as written", () => {
    const sly = inventoryCsv([{ ...nomad, color: "=HYPERLINK(1)" }]);
    expect(sly).toContain(",'=HYPERLINK(1),");
    expect(plan(sly).rows[0]).toMatchObject({ action: "update", changes: [{ field: "color", from: nomad.color, to: "=HYPERLINK(1)" }] });
  });
});

describe("readSheet and decodeCsv (a file as a spreadsheet saves it)", () => {
  it.each([
    ["Excel's CSV UTF-8: BOM and CRLF", `\uFEFFStock number,Colour\r\nD-1,Crème\r\n`],
    ["LibreOffice: no BOM, LF", `Stock number,Colour\nD-1,Crème\n`],
    ["a decimal-comma locale's semicolons", `Stock number;Colour\r\nD-1;Crème\r\n`],
    ["trailing empty rows", `Stock number,Colour\r\nD-1,Crème\r\n,\r\n\r\n`],
  ])("%s", (_name, text) => {
    expect(readSheet(decodeCsv(new TextEncoder().encode(text)))).toEqual({ header: ["Stock number", "Colour"], rows: [{ row: 2, cells: ["D-1", "Crème"] }] });
  });

  it("reads Windows-1252 bytes (Excel's plain CSV on Windows) with their accents", () => {
    const bytes = Uint8Array.from([...Buffer.from("Colour\r\nCr"), 0xe8, ...Buffer.from("me\r\n")]);
    expect(readSheet(decodeCsv(bytes)).rows[0]!.cells).toEqual(["Crème"]);
  });

  it("numbers rows as a spreadsheet does, a quoted line break staying in its cell", () => {
    expect(readSheet('Stock number,Description\r\nA-1,"one\r\ntwo"\r\n\r\nA-2,x\r\n').rows.map((r) => r.row)).toEqual([2, 4]);
  });

  it.each([
    ["", /empty/],
    ['Stock number\r\n"A-1\r\n', /not a valid CSV at row 2: a quoted cell is never closed/],
    ['Stock number,Colour\r\nA-1,Re"d\r\n', /not a valid CSV at row 2: .*put the whole cell in quotes/],
  ])("refuses %j in words", (text, message) => {
    expect(() => readSheet(text)).toThrow(message);
  });
});

describe("planInventoryImport", () => {
  it("an export of the catalogue imports back unchanged, row for row", () => {
    const result = plan(inventoryCsv(catalogue));
    expect(result.counts).toEqual({ create: 0, update: 0, unchanged: catalogue.length, invalid: 0 });
  });

  it("a row finds its cart by stock number (any case) and changes only what its cells change; $ and thousands separators are read", () => {
    const result = plan(`Stock number,Price,Colour,Status\r\n${nomad.stockNumber!.toLowerCase()},"$7,995.00",Lime,On hold\r\n`);
    expect(result.rows).toEqual([
      {
        row: 2,
        stockNumber: nomad.stockNumber!.toLowerCase(),
        action: "update",
        vehicleId: nomad.id,
        name: nomad.name,
        changes: [
          { field: "price", from: nomad.price, to: 7995 },
          { field: "status", from: "available", to: "on-hold" },
          { field: "color", from: nomad.color, to: "Lime" },
        ],
        errors: [],
      },
    ]);
    expect(result.updates[0]!.vehicle).toMatchObject({ ...nomad, price: 7995, color: "Lime", status: "on-hold" });
  });

  it("an empty cell of a unit's own fact removes it; one of a field every cart has keeps it", () => {
    const result = plan(`Stock number,Colour,Price\r\n${nomad.stockNumber},,\r\n`);
    expect(result.rows[0]!.changes).toEqual([{ field: "color", from: nomad.color, to: null }]);
    expect(result.updates[0]!.vehicle.price).toBe(nomad.price);
  });

  it("a new stock number of a known model takes the model's facts (not its write-up or photos) and arrives today; an unknown model needs its own", () => {
    const result = plan(
      [
        "Stock number,Brand,Model,Year,Price,Category,Seats,Range,Description",
        `N-1,Denago,${nomad.name},2026,9100,,,,Just in.`,
        "N-2,Acme,Runabout 4,2026,9900,Golf Carts,4,35 miles,A new maker's cart.",
        "N-3,Acme,Runabout 6,2026,9900,,,,",
      ].join("\r\n"),
    );
    expect(result.rows.map((r) => r.action)).toEqual(["create", "create", "invalid"]);
    expect(result.creates).toEqual([]);
    const ok = plan(`Stock number,Brand,Model,Year,Price,Description\r\nN-1,Denago,${nomad.name},2026,9100,Just in.\r\n`);
    expect(ok.creates[0]).toMatchObject({
      id: "denago-ev-nomad-n-1",
      stockNumber: "N-1",
      specifications: nomad.specifications,
      features: nomad.features,
      images: [],
      description: "Just in.",
      receivedAt: "2026-11-27",
      status: "available",
      condition: "new",
      price: 9100,
    });
    expect(ok.creates[0]!.color).toBeUndefined();
    expect(result.rows[2]!.errors).toEqual(
      expect.arrayContaining([
        { column: "Category", message: expect.stringMatching(/^Category is needed for a new cart/) },
        { column: "Seats", message: expect.stringMatching(/^Seats is needed for a new cart/) },
      ]),
    );
  });

  it("a new unit of a model that is in stock as a used unit takes only the model's facts: never its write-up, photos or condition; the plan names what it takes", () => {
    const photos = ["/photos/0123456789abcdef0123-1600x1200.jpg", "/photos/abcdef0123456789abcd-1600x1200.jpg"];
    const used: Vehicle = {
      ...nomad,
      id: "club-car-onward-4-passenger-u-77",
      brand: "Club Car",
      name: "Onward 4 Passenger",
      stockNumber: "U-77",
      condition: "used",
      isNew: false,
      hours: 310,
      color: "Sandstone",
      description: "Trade-in, one owner from Bethany Beach, new batteries in 2025.",
      images: photos,
      features: ["Lifted", "Rear seat kit"],
      specifications: { seatingCapacity: 4, range: "30 miles", topSpeed: 19 },
    };
    const head = "Stock number,Brand,Model,Condition,Year,Price";
    const refused = plan(`${head}\r\nN-3018,Club Car,Onward 4 Passenger,new,2026,13995\r\n`, ORG, [...catalogue, used]);
    expect(refused.rows[0]).toMatchObject({
      action: "invalid",
      errors: [{ column: "Description", message: expect.stringMatching(/never takes another cart's/) }],
    });
    const result = plan(`${head},Description\r\nN-3018,Club Car,Onward 4 Passenger,new,2026,13995,Arrived this week.\r\n`, ORG, [...catalogue, used]);
    const created = result.creates[0]!;
    expect(created).toMatchObject({
      condition: "new",
      description: "Arrived this week.",
      images: [],
      features: used.features,
      specifications: used.specifications,
    });
    expect([created.hours, created.color]).toEqual([undefined, undefined]);
    expect(JSON.stringify(created)).not.toMatch(/Bethany|photos/);
    expect(result.rows[0]!.model).toEqual({
      from: used.id,
      fields: expect.arrayContaining(["category", "features", "specifications.range", "specifications.seatingCapacity", "specifications.topSpeed"]),
    });
    // Every field the cart is created with is in the plan the preview shows, what it takes from the model included.
    expect(result.rows[0]!.changes.map((c) => c.field)).toEqual(
      expect.arrayContaining(["description", "features", "category", "specifications.topSpeed", "condition"]),
    );
  });

  it.each([
    [
      "a price out of range",
      "Stock number,Price\r\nD-1002,300000\r\n",
      { column: "Price", message: expect.stringMatching(/^Price must be a whole number of dollars/) },
    ],
    [
      "a price that is not a number of dollars",
      "Stock number,Price\r\nD-1002,-5\r\n",
      { column: "Price", message: "Enter the price in whole dollars, like 12995" },
    ],
    ["a year that is not one", "Stock number,Year\r\nD-1002,twenty\r\n", { column: "Year", message: expect.stringMatching(/^Year must be a model year/) }],
    ["a bad VIN", "Stock number,VIN\r\nD-1002,1HGCM82633A004351\r\n", { column: "VIN", message: expect.stringMatching(/check digit/i) }],
    ["an unknown status", "Stock number,Status\r\nD-1002,gone\r\n", { column: "Status", message: expect.any(String) }],
    [
      "an unknown lot",
      "Stock number,Location\r\nD-1002,atlantis\r\n",
      { column: "Location", message: 'Location "atlantis" is not a site of this deployment; the sites are: sussex-coast, cape-may' },
    ],
    ["no stock number", "Stock number,Price\r\n,9000\r\n", { column: "Stock number", message: expect.stringMatching(/^Every row needs a stock number/) }],
    [
      "too many cells",
      "Stock number,Price\r\nD-1002,9,000\r\n",
      { column: null, message: expect.stringMatching(/comma inside a cell needs the cell in quotes/) },
    ],
  ])("names the column of %s, and plans no write at all", (_name, csv, error) => {
    const result = plan(`${csv}D-1001,\r\n`);
    expect(result.rows[0]).toMatchObject({ row: 2, action: "invalid", errors: [error] });
    expect(result.counts.invalid).toBe(1);
    expect(result.rows[1]!.action).not.toBe("invalid");
    expect([result.creates, result.updates]).toEqual([[], []]);
  });

  it("a stock number twice in the file names both rows", () => {
    expect(plan("Stock number,Price\r\nD-1002,9000\r\nd-1002,9100\r\n").rows[1]!.errors).toEqual([
      { column: "Stock number", message: "Stock number d-1002 is also on row 2: a cart is on one row only" },
    ]);
  });

  it("an account scoped to sites imports only carts on its own lots", () => {
    const scoped: ImportContext = { ...ORG, account: { role: "sales", sites: ["cape-may"] } };
    // D-1004 is shown on Cape May only: a cart another site shows too is not the account's to reprice (decision 0059).
    const onLot = catalogue.map((v) =>
      v.id === nomad.id ? { ...v, location: "sussex-coast" } : v.stockNumber === "D-1004" ? { ...v, sites: ["cape-may"] } : v,
    );
    const result = plan(
      "Stock number,Price,Location\r\nD-1002,9000,cape-may\r\nD-1001,9000,sussex-coast\r\nD-1003,9000,\r\nD-1004,9000,cape-may\r\n",
      scoped,
      onLot,
    );
    expect(result.rows.map((r) => [r.action, r.errors.map((e) => e.column)])).toEqual([
      ["invalid", ["Stock number"]],
      ["invalid", ["Location"]],
      ["invalid", ["Location"]],
      ["update", []],
    ]);
    expect(result.rows[0]!.errors[0]!.message).toBe(`Stock number D-1002 is ${nomad.name} on the lot of sussex-coast: your account may not change it`);
  });

  it.each([
    ["Stock number,Prcie\r\n", /Column 2, "Prcie", is not a column the import knows/],
    ["Price,Colour\r\n", /no "Stock number" column/],
    ["Stock number,Colour,Color\r\n", /Columns 2 and 3 are both "Colour"/],
  ])("refuses the header %j in words", (csv, message) => {
    expect(() => plan(csv)).toThrow(SheetError);
    expect(() => plan(csv)).toThrow(message);
  });
});

describe("the Sites column", () => {
  const capeOnly: Vehicle = { ...nomad, sites: ["cape-may"] };
  const both: Vehicle = { ...nomad, sites: ["sussex-coast", "cape-may"] };

  it("writes a cart's sites by id, separated by ;, and nothing for a cart on every site", () => {
    const sites = INVENTORY_CSV_COLUMNS.findIndex((c) => c.name === "Sites");
    expect(inventoryCsv([both]).split("\r\n")[1]!.split(",")[sites]).toBe("sussex-coast;cape-may");
    expect(inventoryCsv([nomad]).split("\r\n")[1]!.split(",")[sites]).toBe("");
  });

  it("reads the cell back as the list it wrote (case and spaces aside); an empty cell is every site", () => {
    expect(plan(inventoryCsv([both]), ORG, [both]).rows[0]!.action).toBe("unchanged");
    expect(plan("Stock number,Sites\r\nD-1002, Cape-May ; sussex-coast\r\n", ORG, [both]).rows[0]).toMatchObject({
      action: "update",
      changes: [{ field: "sites", from: ["sussex-coast", "cape-may"], to: ["cape-may", "sussex-coast"] }],
    });
    expect(plan("Stock number,Sites\r\nD-1002,\r\n", ORG, [capeOnly]).rows[0]).toMatchObject({
      action: "update",
      changes: [{ field: "sites", from: ["cape-may"], to: null }],
    });
  });

  it("refuses a site the deployment does not have, naming its sites", () => {
    expect(plan("Stock number,Sites\r\nD-1002,cape-may;atlantis\r\n").rows[0]!.errors).toEqual([
      {
        column: "Sites",
        message:
          '"atlantis" is not a site of this deployment; the sites are: sussex-coast, cape-may (separate them with ";", or leave the cell empty for every site)',
      },
    ]);
  });

  it("an account scoped to sites adds or takes off only its own sites", () => {
    const scoped: ImportContext = { ...ORG, account: { role: "sales", sites: ["cape-may"] } };
    const onCape = [{ ...both, location: "cape-may" }];
    expect(plan("Stock number,Sites\r\nD-1002,sussex-coast\r\n", scoped, onCape).rows[0]).toMatchObject({ action: "update", errors: [] });
    expect(plan("Stock number,Sites\r\nD-1002,\r\n", scoped, onCape).rows[0]!.errors).toEqual([
      { column: "Sites", message: expect.stringContaining("every site added later is not one of them") },
    ]);
  });
});
