/**
 * What an inventory CSV would do to the catalogue, row by row: the carts it creates, the ones it changes
 * (a row finds its cart by stock number) and each bad row's errors in words, naming the row and the column. Pure:
 * the server works it out for the preview, and again on the catalogue as committed when the user confirms.
 */
import { columnOfHeader, columnOfPath, INVENTORY_CSV_COLUMNS, type CellValue, type InventoryCsvColumn } from "./inventory-csv";
import { SheetError, type Sheet } from "./inventory-csv-parse";
import { newVehicleId, vehicleKey } from "./slug";
import { mayActOnSite, type StaffScope } from "./staff";
import { mayActOnVehicle, scopeRefusal } from "./site-scope";
import { VehicleSchema, type Vehicle } from "./vehicle";
import { vehicleFieldChanges, type FieldChange } from "./vehicle-edit";

/** A bad cell, or a bad row: the column's header (null when the problem is not one column's) and what is wrong, in words. */
export interface RowError {
  column: string | null;
  message: string;
}

export type ImportAction = "create" | "update" | "unchanged" | "invalid";

/** What one row does: its spreadsheet row number (the header is row 1), the cart it creates or changes, and how. */
export interface ImportRowPlan {
  row: number;
  stockNumber: string | null;
  action: ImportAction;
  /** The cart's id: the one it matched, or the one it would be created with. */
  vehicleId: string | null;
  /** The model's name, as the row leaves it. */
  name: string | null;
  /** For an update, each field it changes (old and new value); for a create, each field it sets. */
  changes: FieldChange[];
  /** For a create of a model already in the catalogue: the cart its model's facts come from, and the fields (dotted paths) it takes. */
  model?: { from: string; fields: string[] };
  errors: RowError[];
}

export interface InventoryImportPlan {
  rows: ImportRowPlan[];
  counts: Record<ImportAction, number>;
  /** The carts to create and to change, for the store's one all-or-none write (empty of both when any row is invalid). */
  creates: Vehicle[];
  updates: { previous: Vehicle; vehicle: Vehicle }[];
}

/** Who imports, into which deployment, on which day. */
export interface ImportContext {
  account: StaffScope;
  /** Every site id of the deployment: a row's location must be one of them. */
  siteIds: readonly string[];
  /** Today, YYYY-MM-DD: a new cart's arrival on the lot (its days on the lot count from it). */
  today: string;
  /** Write the good rows even when some are bad (an inventory sync skips a bad row and goes on); else all or none. */
  partial?: boolean;
}

/**
 * What a new cart of a model already in the catalogue takes from a cart of that model: only what is true of every unit
 * of the model. Never its description or photos, which are of that one unit (a used cart's "one owner…" and its own
 * pictures), nor its condition, status or any unit fact.
 */
export const MODEL_FIELDS = ["category", "features", "specifications", "externalUrl"] as const satisfies readonly (keyof Vehicle)[];

const STOCK = columnOfPath("stockNumber")!;
const modelKey = (brand: unknown, name: unknown) => `${String(brand).trim().toLowerCase()}\u0000${String(name).trim().toLowerCase()}`;
const list = (ids: readonly string[]) => ids.join(", ");

/** The columns the header names, by position; throws SheetError for a header the import cannot read. */
function columnsOf(header: readonly string[]): (InventoryCsvColumn | null)[] {
  const seen = new Map<InventoryCsvColumn, number>();
  const columns = header.map((name, i) => {
    if (!name.trim()) return null;
    const column = columnOfHeader(name);
    if (!column)
      throw new SheetError(
        `Column ${i + 1}, "${name.trim()}", is not a column the import knows. The columns are: ${INVENTORY_CSV_COLUMNS.map((c) => c.name).join(", ")}`,
      );
    const before = seen.get(column);
    if (before !== undefined) throw new SheetError(`Columns ${before + 1} and ${i + 1} are both "${column.name}": keep one of them`);
    seen.set(column, i);
    return column;
  });
  if (!seen.has(STOCK)) throw new SheetError(`The file has no "${STOCK.name}" column: each row finds its cart, or makes a new one, by its stock number`);
  return columns;
}

/** `target` with `value` at the dotted `path`; an undefined value removes the field. */
function setPath(target: Record<string, unknown>, path: string, value: unknown): void {
  const [head, leaf] = path.split(".") as [string, string | undefined];
  if (leaf === undefined) {
    if (value === undefined) delete target[head];
    else target[head] = value;
    return;
  }
  const inner = { ...(target[head] as Record<string, unknown> | undefined) };
  if (value === undefined) delete inner[leaf];
  else inner[leaf] = value;
  target[head] = inner;
}

/** Plan the import of `sheet` into `catalogue`. Throws SheetError when the header cannot be read. */
export function planInventoryImport(sheet: Sheet, catalogue: readonly Vehicle[], { account, siteIds, today, partial }: ImportContext): InventoryImportPlan {
  const columns = columnsOf(sheet.header);
  const byStock = new Map<string, Vehicle>();
  const byModel = new Map<string, Vehicle>();
  const linkKeys = new Map<string, string>();
  for (const v of catalogue) {
    if (v.stockNumber) {
      const key = v.stockNumber.toUpperCase();
      if (!byStock.has(key)) byStock.set(key, v);
    }
    const model = modelKey(v.brand, v.name);
    if (!byModel.has(model)) byModel.set(model, v);
    for (const key of [v.id, vehicleKey(v.id)]) linkKeys.set(key, v.id);
  }
  const fileStock = new Map<string, number>();
  const rows: ImportRowPlan[] = [];
  const creates: Vehicle[] = [];
  const updates: { previous: Vehicle; vehicle: Vehicle }[] = [];

  for (const { row, cells } of sheet.rows) {
    const values = new Map<InventoryCsvColumn, CellValue>();
    columns.forEach((column, i) => column && values.set(column, column.read(cells[i] ?? "")));
    const errors: RowError[] = [];
    const fail = (column: InventoryCsvColumn | null, message: string) => errors.push({ column: column?.name ?? null, message });
    const stock = values.get(STOCK);
    const stockText = typeof stock === "string" ? stock : stock === undefined ? null : String(stock);
    const plan: ImportRowPlan = { row, stockNumber: stockText, action: "invalid", vehicleId: null, name: null, changes: [], errors };
    rows.push(plan);
    if (cells.length > sheet.header.length && cells.slice(sheet.header.length).some((c) => c.trim()))
      fail(null, `The row has ${cells.length} cells but the header names ${sheet.header.length} columns: a comma inside a cell needs the cell in quotes`);
    if (stockText === null) {
      fail(STOCK, "Every row needs a stock number: it is how the import finds the cart, or names a new one");
      continue;
    }
    const stockKey = stockText.toUpperCase();
    const twin = fileStock.get(stockKey);
    if (twin !== undefined) fail(STOCK, `Stock number ${stockText} is also on row ${twin}: a cart is on one row only`);
    else fileStock.set(stockKey, row);

    const previous = byStock.get(stockKey);
    if (previous && account.sites && (!mayActOnVehicle(account, previous) || (previous.location !== undefined && !mayActOnSite(account, previous.location))))
      fail(STOCK, `Stock number ${stockText} is ${previous.name} on the lot of ${previous.location ?? "another site"}: your account may not change it`);

    const draft: Record<string, unknown> = previous ? { ...previous } : { images: [], features: [], specifications: {}, inStock: true, receivedAt: today };
    const template = previous ? undefined : byModel.get(modelKey(values.get(columnOfPath("brand")!), values.get(columnOfPath("name")!)));
    if (template) for (const field of MODEL_FIELDS) if (template[field] !== undefined) draft[field] = structuredClone(template[field]);
    // The stock number found the cart: written as stored, whatever its case in the file.
    for (const [column, value] of values)
      if ((value !== undefined || column.kind === "unit") && !(previous && column === STOCK)) setPath(draft, column.path, value);
    if (!previous) draft.id = newVehicleId(String(draft.name ?? ""), stockText);
    // A cart a scoped account adds is shown on its own sites, unless the row names some of them.
    if (!previous && account.sites && draft.sites === undefined) draft.sites = [...account.sites];

    const shownOn = draft.sites;
    const unknown = Array.isArray(shownOn) ? shownOn.filter((id) => typeof id === "string" && !siteIds.includes(id)) : [];
    if (unknown.length)
      fail(
        columnOfPath("sites")!,
        `${unknown.map((id) => `"${id}"`).join(", ")} ${unknown.length === 1 ? "is not a site" : "are not sites"} of this deployment; the sites are: ${list(siteIds)} (separate them with ";", or leave the cell empty for every site)`,
      );

    const location = draft.location;
    if (typeof location === "string" && !siteIds.includes(location))
      fail(columnOfPath("location")!, `Location "${location}" is not a site of this deployment; the sites are: ${list(siteIds)}`);
    else if (account.sites && (typeof location !== "string" || !mayActOnSite(account, location)))
      fail(
        columnOfPath("location")!,
        typeof location === "string"
          ? `Location "${location}" is not one of your account's sites (${list(account.sites)})`
          : `Your account imports only carts on its own sites' lots: give one of ${list(account.sites)}`,
      );

    const parsed = VehicleSchema.safeParse(draft);
    if (!parsed.success) {
      for (const issue of parsed.error.issues) {
        const path = issue.path.join(".");
        const column = columnOfPath(path) ?? null;
        const missing =
          !previous && column && column.kind === "kept" && path.split(".").reduce<unknown>((n, k) => (n as Record<string, unknown>)?.[k], draft) === undefined;
        if (missing && template && path === "description")
          fail(column, `${column.name} is needed for a new cart: it is written for each unit, so a new cart never takes another cart's`);
        else if (missing) fail(column, `${column.name} is needed for a new cart: no cart of this brand and model is in the catalogue to take it from`);
        else if (column) fail(column, issue.message);
        else fail(null, `${path || "The cart"}: ${issue.message}`);
      }
    }
    const vehicle = parsed.success ? parsed.data : undefined;
    const outOfScope = vehicle && !errors.length ? scopeRefusal(account, previous, vehicle, siteIds) : undefined;
    if (outOfScope) fail(outOfScope.field === "vehicle" ? STOCK : (columnOfPath(outOfScope.field) ?? null), outOfScope.message);
    plan.name = vehicle?.name ?? previous?.name ?? (typeof draft.name === "string" ? draft.name : null);
    plan.vehicleId = previous?.id ?? (typeof draft.id === "string" && draft.id ? draft.id : null);
    if (!previous && plan.vehicleId) {
      const holder = linkKeys.get(plan.vehicleId) ?? linkKeys.get(vehicleKey(plan.vehicleId));
      if (holder) fail(STOCK, `The new cart's link name "${plan.vehicleId}" is already ${holder}'s: give it another stock number`);
    }
    if (errors.length || !vehicle) continue;
    if (previous) {
      plan.changes = vehicleFieldChanges(previous, vehicle);
      plan.action = plan.changes.length ? "update" : "unchanged";
      if (plan.changes.length) updates.push({ previous, vehicle });
    } else {
      plan.changes = vehicleFieldChanges({}, vehicle).filter((c) => c.to !== null && !(Array.isArray(c.to) && c.to.length === 0));
      plan.action = "create";
      if (template) {
        const own = new Set([...values].filter(([, value]) => value !== undefined).map(([column]) => column.path));
        const fields = plan.changes.map((c) => c.field).filter((f) => !own.has(f) && MODEL_FIELDS.some((m) => f === m || f.startsWith(`${m}.`)));
        if (fields.length) plan.model = { from: template.id, fields };
      }
      creates.push(vehicle);
      for (const key of [vehicle.id, vehicleKey(vehicle.id)]) linkKeys.set(key, vehicle.id);
    }
  }

  const counts: Record<ImportAction, number> = { create: 0, update: 0, unchanged: 0, invalid: 0 };
  for (const r of rows) counts[r.action]++;
  return counts.invalid && !partial ? { rows, counts, creates: [], updates: [] } : { rows, counts, creates, updates };
}
