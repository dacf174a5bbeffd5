import { createHash } from "node:crypto";
import express, { Router, type Request, type RequestHandler } from "express";
import type { StaffScope } from "../../../domain/staff";
import { planInventoryImport, type InventoryImportPlan } from "../../../domain/inventory-csv-import";
import { decodeCsv, readSheet, SheetError, type Sheet } from "../../../domain/inventory-csv-parse";
import type { Vehicle } from "../../../domain/vehicle";
import { offLoop } from "../../off-loop";
import { HttpError } from "../../http-error";
import { planBatch, VehicleConflictError } from "../../store/vehicle-store";
import type { StaffDeps } from "./staff-router";
import { historyFirst, vehicleEntry } from "./audited";

/** A file of 10,000 carts with their descriptions is a few MB; more is not an inventory. */
export const INVENTORY_CSV_BODY_LIMIT = "8mb";
const NO_IF_MATCH = "Send If-Match with the preview's tag, so that what is written is what the preview showed";
const STALE =
  "The catalogue changed since the preview (someone saved a cart the file changes, or took one of its stock numbers), or the file is not the one previewed: nothing was written. Preview the file again";

/** 415 unless the body is declared as CSV: the console sends the file's bytes as text/csv. */
const requireCsv: RequestHandler = (req, _res, next) => {
  if (req.is("text/csv")) return next();
  next(new HttpError(415, `Unsupported content type ${JSON.stringify(req.get("content-type") ?? "none")}: send the file as text/csv`));
};

/** The import was confirmed on a catalogue or a file other than the preview's. */
class StalePreview extends Error {}
/** A row is bad: the confirm writes nothing (the preview said so too). */
class InvalidImport extends Error {
  constructor(readonly plan: InventoryImportPlan) {
    super("invalid");
  }
}

/** The first bad row's first error, as one sentence: "Row 4, Price: …". */
const firstError = (plan: InventoryImportPlan): string => {
  const bad = plan.rows.find((r) => r.errors.length)!;
  const [error] = bad.errors;
  const more = plan.counts.invalid > 1 ? ` (and ${plan.counts.invalid - 1} more rows with errors)` : "";
  return `Nothing was imported: row ${bad.row}${error!.column ? `, ${error!.column}` : ""}: ${error!.message}${more}`;
};

/**
 * /api/staff/inventory-csv: `POST /preview` answers what a file would create and change, row by row, with
 * each bad row's errors, and a tag of (the file, the catalogue); `POST /import` with that tag as If-Match writes it all
 * or nothing, and refuses (412) when the catalogue changed since the preview. Both take the file's bytes as text/csv.
 */
export function staffInventoryCsvRouter({ vehicles, audit, sites }: StaffDeps): Router {
  const router = Router();
  const { audited } = historyFirst(audit);
  const csv = [requireCsv, express.raw({ type: "text/csv", limit: INVENTORY_CSV_BODY_LIMIT })];

  const sheetOf = (req: Request): { sheet: Sheet; fileHash: string } => {
    const bytes = Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0);
    try {
      return { sheet: readSheet(decodeCsv(bytes)), fileHash: createHash("sha1").update(bytes).digest("base64url") };
    } catch (err) {
      if (err instanceof SheetError) throw new HttpError(400, err.message);
      throw err;
    }
  };
  /**
   * The tag of a preview: the file's bytes and what the import would write, each cart it changes as it is now and as
   * it would be, and each cart it makes. A save to one of those carts, or one that changes what a row does (a new cart
   * taking a stock number the file creates, a model's facts a new cart takes), changes it; a save to another cart does not.
   */
  const tagOf = (fileHash: string, planned: InventoryImportPlan): string => {
    const hash = createHash("sha1").update(fileHash);
    for (const r of planned.rows) hash.update(`${r.row} ${r.action} ${r.vehicleId ?? ""}\n`);
    for (const u of planned.updates) hash.update(vehicles.etag(u.previous)).update(vehicles.etag(u.vehicle));
    for (const v of planned.creates) hash.update(vehicles.etag(v));
    return `"${hash.digest("base64url")}"`;
  };
  const context = (account: StaffScope) => ({ account, siteIds: sites.list().map((s) => s.id), today: new Date().toISOString().slice(0, 10) });
  const refused = (err: unknown) => (err instanceof SheetError ? new HttpError(400, err.message) : err);
  /** The plan in a worker thread (api/off-loop.ts): a 10,000-row file never holds the other requests. */
  const planOffLoop = (account: StaffScope, sheet: Sheet, catalogue: readonly Vehicle[]): Promise<InventoryImportPlan> =>
    offLoop("planInventoryImport", sheet, catalogue, context(account)).catch((err: unknown) => {
      throw refused(err);
    });
  const plan = (account: StaffScope, sheet: Sheet, catalogue: readonly Vehicle[]): InventoryImportPlan => {
    try {
      return planInventoryImport(sheet, catalogue, context(account));
    } catch (err) {
      throw refused(err);
    }
  };
  const answer = ({ rows, counts }: InventoryImportPlan) => ({ counts, rows });

  router.post("/preview", ...csv, async (req, res) => {
    const { sheet, fileHash } = sheetOf(req);
    const planned = await planOffLoop(res.locals.staff!, sheet, vehicles.all());
    const tag = tagOf(fileHash, planned);
    res.set("ETag", tag).json({ ...answer(planned), tag });
  });

  router.post("/import", ...csv, async (req, res) => {
    const ifMatch = req.get("if-match");
    if (!ifMatch) throw new HttpError(428, NO_IF_MATCH);
    const { sheet, fileHash } = sheetOf(req);
    const email = res.locals.staff!.email;
    /** The batch on `catalogue`, if it is still the preview's: every check the import makes before it writes. */
    const batchOf = (catalogue: readonly Vehicle[], planned: InventoryImportPlan) => {
      if (planned.counts.invalid) throw new InvalidImport(planned);
      if (tagOf(fileHash, planned) !== ifMatch.trim()) throw new StalePreview();
      return { planned, batch: planBatch(catalogue, planned.creates, planned.updates) };
    };
    let planned: InventoryImportPlan;
    try {
      // The history first, one entry per cart as a save writes: planned on the catalogue as it is (in a worker), and
      // committed by the batch only if nothing landed since, or if its plan on what did still has the preview's tag,
      // so it writes what the entries say or nothing.
      const plannedOn = vehicles.all();
      const first = batchOf(plannedOn, await planOffLoop(res.locals.staff!, sheet, plannedOn));
      planned = first.planned;
      const at = new Date().toISOString();
      const entries = first.batch.changes.map((c) => vehicleEntry(email, c.action, c.action === "update" ? c.previous : {}, c.vehicle, at));
      await audited(entries, () =>
        vehicles.commitBatch((committed) => (committed === plannedOn ? first.batch : batchOf(committed, plan(res.locals.staff!, sheet, committed)).batch)),
      );
    } catch (err) {
      if (err instanceof StalePreview) throw new HttpError(412, STALE);
      if (err instanceof InvalidImport) throw new HttpError(400, firstError(err.plan), answer(err.plan));
      if (err instanceof VehicleConflictError) throw new HttpError(409, `Nothing was imported: ${err.message}`);
      throw err;
    }
    res.json(answer(planned));
  });
  return router;
}
