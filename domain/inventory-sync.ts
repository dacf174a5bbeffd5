/**
 * What one run of an inventory source does to the catalogue, worked out before anything is written: the
 * file's rows read through the source's mapping into the inventory CSV's columns and planned as an import
 * (planInventoryImport: the same rules, checks and words), bad rows skipped and named, units that left the file
 * counted and sold only after `soldAfterMissingRuns` runs, and the safety stop that holds a run too large to be
 * true. Pure: the server plans on the catalogue as committed, under the write lock.
 */
import { INVENTORY_CSV_COLUMNS, type InventoryCsvColumn } from "./inventory-csv";
import { planInventoryImport, type ImportRowPlan } from "./inventory-csv-import";
import { rowLabel, type Feed } from "./inventory-feed";
import { PHOTO_URLS, type InventorySource, type RunCounts, type SkippedRow, type SourceMapping, type SourceMemory } from "./inventory-source";
import type { StaffScope } from "./staff";
import type { Vehicle } from "./vehicle";

const squash = (s: string) => s.toLowerCase().replace(/[^a-z0-9]/g, "");
const column = (name: string) => INVENTORY_CSV_COLUMNS.find((c) => c.name === name)!;

/**
 * The headers dealer systems write for each of our columns (compared without case, spaces or punctuation), most
 * wanted first: the internet price before the list price, the model before its trim.
 */
const HEADER_WORDS: Record<string, string[]> = {
  "Stock number": ["stocknumber", "stock", "stockno", "stocknum", "stockid", "unitnumber", "unit"],
  VIN: ["vin", "vinnumber"],
  "Serial number": ["serialnumber", "serial", "serialno", "sn"],
  Year: ["year", "modelyear", "yr"],
  Brand: ["brand", "make", "manufacturer", "mfr"],
  Model: ["model", "modelname", "name", "trim", "series"],
  Colour: ["colour", "color", "exteriorcolor", "extcolor", "exteriorcolour"],
  Condition: ["condition", "newused", "neworused", "type"],
  Price: ["internetprice", "webprice", "saleprice", "sellingprice", "price", "askingprice", "msrp", "listprice"],
  Cost: ["cost", "unitcost", "dealercost", "invoice"],
  Status: ["status", "stockstatus", "unitstatus", "availability"],
  Location: ["location", "lot", "store", "branch", "site"],
  Received: ["received", "receivedat", "receiveddate", "datein", "dateinstock", "instockdate", "stockdate", "arrivaldate", "datereceived"],
  Description: ["description", "webdescription", "comments", "sellernotes"],
  Category: ["category", "vehicletype", "bodystyle"],
  Seats: ["seats", "seating", "seatingcapacity", "passengers"],
  Range: ["range"],
  [PHOTO_URLS]: ["photourls", "photos", "photo", "photolinks", "imageurls", "images", "imagelist", "pictures", "pictureurls"],
};

/** The mapping a file's header suggests: each of our columns and the headers it would be read from. The owner confirms it. */
export function proposeMapping(header: readonly string[]): SourceMapping {
  const byWord = new Map(header.map((h) => [squash(h), h]));
  const mapping: SourceMapping = {};
  for (const [name, words] of Object.entries(HEADER_WORDS)) {
    const found = words.map((w) => byWord.get(w)).filter((h): h is string => h !== undefined);
    if (!found.length) continue;
    // Only the model takes two, its name and its trim, joined; every other column the header it names first.
    const trim = (h: string) => ["trim", "series"].includes(squash(h));
    mapping[name] = name === "Model" ? [found.find((h) => !trim(h)), found.find(trim)].filter((h): h is string => h !== undefined) : found.slice(0, 1);
  }
  return mapping;
}

/** What DMSs call a status, as ours: "In Stock" is available, "Deposit" on hold, "Delivered" sold. */
const STATUS_WORDS: Record<string, string> = {
  available: "available",
  instock: "available",
  active: "available",
  forsale: "available",
  onhold: "on-hold",
  hold: "on-hold",
  pending: "on-hold",
  deposit: "on-hold",
  reserved: "on-hold",
  sold: "sold",
  delivered: "sold",
  closed: "sold",
};
const CONDITION_WORDS: Record<string, string> = { n: "new", new: "new", u: "used", used: "used", preowned: "used", certified: "used", cpo: "used" };

/** Who a source acts as: an owner of its site, or of the organisation, named by the source in every history entry. */
export const sourceAccount = (source: Pick<InventorySource, "id" | "site">): StaffScope & { email: string } => ({
  email: `source:${source.id}`,
  role: "owner",
  ...(source.site ? { sites: [source.site] } : {}),
});

export interface SyncContext {
  siteIds: readonly string[];
  /** Each lot name a file may write (a site's id or name, lower-cased) and the site id it is. */
  lots: ReadonlyMap<string, string>;
  /** Today, YYYY-MM-DD. */
  today: string;
}

export interface SyncPlan {
  counts: RunCounts;
  skipped: SkippedRow[];
  creates: Vehicle[];
  updates: { previous: Vehicle; vehicle: Vehicle }[];
  /** The memory the source keeps if the run is applied. */
  memory: SourceMemory["units"];
  /** Why the run is held, in words; undefined when it may be applied. */
  hold?: string;
}

/** The cell of column `c` in a row, read from the file's headers the mapping names, in our column's words. */
function cellOf(c: InventoryCsvColumn, headers: readonly string[], cells: ReadonlyMap<string, string>, ctx: SyncContext): string {
  const texts = headers.map((h) => (cells.get(h) ?? "").trim()).filter(Boolean);
  const text = c.name === "Model" ? texts.join(" ") : (texts[0] ?? "");
  if (!text) return "";
  if (c.name === "Status") return STATUS_WORDS[squash(text)] ?? text;
  if (c.name === "Condition") return CONDITION_WORDS[squash(text)] ?? text;
  if (c.name === "Location") return ctx.lots.get(text.toLowerCase()) ?? text;
  return text;
}

const percent = (share: number) => `${Math.round(share * 100)} %`;

/**
 * The run of `feed` for `source` on `catalogue`. With `force` (an owner applying a held run) the safety stop is not
 * asked. Units are matched by stock number, or by VIN/serial when the source says so; an existing unit takes only
 * the fields the source owns, a new one every mapped field.
 */
export function planSync(feed: Feed, source: InventorySource, catalogue: readonly Vehicle[], ctx: SyncContext, force = false): SyncPlan {
  const mapping = source.mapping ?? proposeMapping(feed.header);
  const mapped = INVENTORY_CSV_COLUMNS.filter((c) => mapping[c.name]?.length);
  const stockColumn = column("Stock number");
  const byStock = new Map<string, Vehicle>();
  const byVin = new Map<string, Vehicle>();
  for (const v of catalogue) {
    if (v.stockNumber) byStock.set(v.stockNumber.toUpperCase(), v);
    for (const id of [v.vin, v.serialNumber]) if (id) byVin.set(id.toUpperCase(), v);
  }
  const owned = mapped.filter((c) => c === stockColumn || source.owns.includes(c.path));
  const unmappedLot = source.site && !mapping.Location?.length;

  type Row = { row: number; values: Map<InventoryCsvColumn, string> };
  const existing: Row[] = [];
  const added: Row[] = [];
  const skipped: SkippedRow[] = [];
  const seen = new Set<string>();
  for (const { row, cells } of feed.rows) {
    const byHeader = new Map(feed.header.map((h, i) => [h, cells[i] ?? ""]));
    const values = new Map(mapped.map((c) => [c, cellOf(c, mapping[c.name]!, byHeader, ctx)]));
    if (unmappedLot) values.set(column("Location"), source.site!);
    let match = byStock.get((values.get(stockColumn) ?? "").toUpperCase());
    if (source.matchBy === "vin") {
      const key = (values.get(column("VIN")) || values.get(column("Serial number")) || "").toUpperCase();
      match = key ? byVin.get(key) : undefined;
      if (match?.stockNumber) values.set(stockColumn, match.stockNumber);
      else if (match) {
        skipped.push({
          where: rowLabel(feed, row),
          stockNumber: values.get(stockColumn) || null,
          reason: `${match.name} (${key}) has no stock number in the catalogue: give it one`,
        });
        continue;
      }
    }
    if (match) seen.add(match.id);
    (match ? existing : added).push({ row, values });
  }

  // A new unit the file writes no description for gets one of its own facts (never another cart's, decision 0050).
  const description = column("Description");
  for (const { values } of added) {
    if (values.get(description)) continue;
    const fact = (name: string) => values.get(column(name)) ?? "";
    const colour = fact("Colour");
    const what = [fact("Year"), fact("Model").toLowerCase().startsWith(fact("Brand").toLowerCase()) ? "" : fact("Brand"), fact("Model")]
      .filter(Boolean)
      .join(" ");
    if (what && fact("Stock number")) values.set(description, `${what}${colour ? ` in ${colour}` : ""}, stock number ${fact("Stock number")}.`);
  }
  const mappedForNew = mapped.includes(description) ? mapped : [...mapped, description];

  const account = sourceAccount(source);
  const plan = (rows: Row[], columns: InventoryCsvColumn[]) => {
    const withLot = unmappedLot && !columns.some((c) => c.name === "Location") ? [...columns, column("Location")] : columns;
    const sheet = { header: withLot.map((c) => c.name), rows: rows.map(({ row, values }) => ({ row, cells: withLot.map((c) => values.get(c) ?? "") })) };
    return planInventoryImport(sheet, catalogue, { account, siteIds: ctx.siteIds, today: ctx.today, partial: true });
  };
  const changed = plan(existing, owned);
  const created = plan(added, mappedForNew);
  const bad = (r: ImportRowPlan) =>
    skipped.push({
      where: rowLabel(feed, r.row),
      stockNumber: r.stockNumber,
      reason: r.errors.map((e) => (e.column ? `${e.column}: ${e.message}` : e.message)).join("; "),
    });
  [...changed.rows, ...created.rows]
    .filter((r) => r.action === "invalid")
    .sort((a, b) => a.row - b.row)
    .forEach(bad);

  // Units the source keeps that are not in this file: one more run missing; sold at the source's count.
  const memory: SourceMemory["units"] = {};
  const updates = [...changed.updates];
  const byId = new Map(catalogue.map((v) => [v.id, v]));
  let missing = 0;
  let sold = 0;
  for (const [id, { missing: before }] of Object.entries(source.memory.units)) {
    const unit = byId.get(id);
    if (!unit || seen.has(id)) continue;
    if (unit.status === "sold") continue; // sold already: the source forgets it
    missing++;
    memory[id] = { missing: before + 1 };
    if (before + 1 >= source.soldAfterMissingRuns) {
      sold++;
      updates.push({ previous: unit, vehicle: { ...unit, status: "sold" } });
    }
  }
  for (const id of seen) memory[id] = { missing: 0 };
  for (const v of created.creates) memory[v.id] = { missing: 0 };

  const kept = Object.keys(source.memory.units).filter((id) => byId.has(id)).length;
  const priced = changed.updates.filter((u) => u.previous.price !== u.vehicle.price).length;
  let hold: string | undefined;
  if (!force && kept > 0 && missing / kept > source.maxSoldShare)
    hold = `${missing} of the ${kept} units this source keeps (${percent(missing / kept)}) are not in the file, more than its limit of ${percent(source.maxSoldShare)}: a half-written export would take them off the lot, so nothing was changed`;
  else if (!force && existing.length > 0 && priced / existing.length > source.maxPriceShare)
    hold = `The file changes ${priced} of ${existing.length} prices (${percent(priced / existing.length)}), more than this source's limit of ${percent(source.maxPriceShare)}, so nothing was changed`;

  return {
    counts: {
      created: created.creates.length,
      changed: changed.updates.length,
      sold,
      unchanged: changed.counts.unchanged,
      skipped: skipped.length,
      missing,
    },
    skipped,
    creates: created.creates,
    updates,
    memory,
    hold,
  };
}

/** The photos a unit's row names, at most this many (a vehicle page shows up to 20). */
export const PHOTOS_PER_UNIT = 20;

/**
 * The photo addresses each unit of `feed` names in its mapped photo column, in the file's order: split on spaces,
 * commas, semicolons or bars (as DMSs list them), only http(s) addresses kept. Units are found as planSync matches
 * them, on the catalogue as the run left it.
 */
export function photoListsOf(feed: Feed, source: InventorySource, catalogue: readonly Vehicle[]): { vehicle: Vehicle; urls: string[] }[] {
  const mapping = source.mapping ?? proposeMapping(feed.header);
  const photoHeaders = mapping[PHOTO_URLS] ?? [];
  if (!photoHeaders.length) return [];
  const keyHeaders = source.matchBy === "vin" ? [...(mapping.VIN ?? []), ...(mapping["Serial number"] ?? [])] : (mapping["Stock number"] ?? []);
  const byKey = new Map<string, Vehicle>();
  for (const v of catalogue) for (const key of source.matchBy === "vin" ? [v.vin, v.serialNumber] : [v.stockNumber]) if (key) byKey.set(key.toUpperCase(), v);
  const index = (h: string) => feed.header.indexOf(h);
  const lists: { vehicle: Vehicle; urls: string[] }[] = [];
  for (const { cells } of feed.rows) {
    const key = keyHeaders.map((h) => (cells[index(h)] ?? "").trim()).find(Boolean);
    const vehicle = key ? byKey.get(key.toUpperCase()) : undefined;
    if (!vehicle) continue;
    const words = photoHeaders.flatMap((h) => (cells[index(h)] ?? "").split(/[\s,;|]+/));
    const urls = [...new Set(words.filter((w) => /^https?:\/\/[^\s]+$/i.test(w)))].slice(0, PHOTOS_PER_UNIT);
    lists.push({ vehicle, urls });
  }
  return lists;
}
