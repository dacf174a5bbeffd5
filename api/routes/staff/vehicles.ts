import express, { Router, type Response } from "express";
import { newVehicleId } from "../../../domain/slug";
import { changedVehicleFields, NewVehicleSchema, VehicleSchema, vehicleFieldErrors, type Vehicle } from "../../../domain/vehicle";
import { keptFieldsRefusal } from "../../../domain/inventory-source";
import { keptLotWarning, transferProblem, transferred } from "../../../domain/lot-transfer";
import { MAX_PHOTO_BYTES, withPhotoAdded } from "../../../domain/photo";
import { HttpError } from "../../http-error";
import { QueueFullError } from "../../photos/bounded-queue";
import { readUpload } from "../../photos/read-upload";
import { requireJson } from "../../middleware/require-json";
import { VehicleConflictError, VehiclePreconditionError, type Replacement, type ReplacementOutcome } from "../../store/vehicle-store";
import type { AuditEntry } from "../../../domain/staff";
import { lastSaved } from "../../store/audit-store";
import { applyVehicleEdit, editConflicts, sameValue, VehicleEditSchema, vehicleEdit, type EditableVehicleField } from "../../../domain/vehicle-edit";
import type { StoredPhoto } from "../../store/photo-store";
import { mayActOnVehicle, scopeRefusal, vehicleSiteIds } from "../../../domain/site-scope";
import type { StaffScope } from "../../../domain/staff";
import type { StaffDeps } from "./staff-router";
import { historyFirst, vehicleEntry } from "./audited";
import { brandChoices, feedGaps, inventoryList, inventoryListPage, parseListQuery } from "../../../domain/inventory-list";
import { parsePageQuery } from "../../../domain/inventory-query";
import { BulkRequestSchema, bulkEdit, bulkField, bulkPriceProblem, isSiteChange, type BulkResult } from "../../../domain/inventory-bulk";

/** A vehicle with its images and features is a few kB; 64 kB leaves room for long descriptions. */
export const VEHICLE_BODY_LIMIT = "64kb";
/** A bulk change names each cart by its id and one value, about 80 bytes: 1 MB holds the most it may name (BULK_MAX_VEHICLES). */
const BULK_BODY_LIMIT = "1mb";
/** Carts a bulk change judges before it lets other requests in: each takes about 0.2 ms (a schema check, an ETag). */
const BULK_SLICE = 200;
const INVALID = "Please correct the highlighted fields.";
const NO_IF_MATCH = "Send If-Match with the ETag of the version you edited, so that no one's change is lost";
/** Saves that lose a race with another write to the same vehicle are worked out again on the newer version this many times. */
const WRITE_ATTEMPTS = 4;

/** /api/staff/vehicles: every vehicle (or a page of them), and writes validated by the core's schema. */
export function staffVehiclesRouter({ vehicles, audit, photos, sites, inventory }: StaffDeps): Router {
  const router = Router();
  const json = [requireJson, express.json({ limit: VEHICLE_BODY_LIMIT })];
  const send = (res: Response, status: number, v: Vehicle) => res.status(status).set("ETag", vehicles.etag(v)).json(v);
  const { audited, takeBack } = historyFirst(audit);
  /** Each field someone else changed: what the client sent, its current value, and who saved it last (and when). */
  const conflictsOf = (current: Vehicle, fields: EditableVehicleField[], sent: Partial<Record<EditableVehicleField, unknown>>) =>
    fields.map((field) => ({
      field,
      yours: sent[field] ?? null,
      current: current[field] ?? null,
      ...(lastSaved(audit, current.id, field) ?? { email: null, at: null }),
    }));
  /** 412: someone saved first. Names each field that differs from what the client sent, its current value, and who saved it last. */
  const conflict = (res: Response, current: Vehicle, fields: EditableVehicleField[], sent: Partial<Record<EditableVehicleField, unknown>>) =>
    res
      .status(412)
      .set("ETag", vehicles.etag(current))
      .json({ error: `Vehicle ${current.id} was changed by someone else since you loaded it`, current, conflicts: conflictsOf(current, fields, sent) });
  const ifMatchOf = (req: express.Request) => {
    const ifMatch = req.get("if-match");
    if (!ifMatch) throw new HttpError(428, NO_IF_MATCH);
    return ifMatch;
  };
  /** 400 unless every photo the images name is stored here. */
  const requireStoredPhotos = (images: readonly string[]) => {
    const missing = images.findIndex((src) => !photos.complete(src));
    if (missing >= 0) throw new HttpError(400, INVALID, { fields: { [`images.${missing}`]: "This photo is not stored here: upload it instead" } });
  };
  /** 400 unless the unit's location (the lot it stands on) is one of this deployment's sites. */
  const requireKnownLocation = (location: string | undefined) => {
    if (location === undefined || sites.get(location)) return;
    const known = sites.list().map((site) => site.id);
    throw new HttpError(400, INVALID, {
      fields: { location: `Location must be the id of one of this deployment's sites (${known.join(", ")}); "${location}" is none` },
    });
  };
  /** 409: the id or the stock number is another vehicle's; a stock number's message is also the form field's. */
  const taken = (err: VehicleConflictError) => new HttpError(409, err.message, err.field ? { fields: { [err.field]: err.message } } : {});
  const found = (id: string) => {
    const v = vehicles.get(id);
    if (!v) throw new HttpError(404, `Vehicle not found: ${id}`);
    return v;
  };

  // An account scoped to sites sees and changes only the vehicles shown on them (domain/site-scope.ts): 403 for another's.
  router.param("id", (_req, res, next, id: string) => {
    const v = vehicles.get(id);
    if (v && !mayActOnVehicle(res.locals.staff!, v)) return next(new HttpError(403, `The vehicle ${id} is not shown on your account's sites`));
    next();
  });

  /** 403 when a change to a cart concerns a site not the account's own (domain/site-scope.ts, scopeRefusal). */
  const requireOwnSites = (me: StaffScope, before: Vehicle | undefined, after: Vehicle | undefined) => {
    const refusal = scopeRefusal(
      me,
      before,
      after,
      sites.list().map((site) => site.id),
    );
    if (refusal) throw new HttpError(403, refusal.message, refusal.field === "vehicle" ? {} : { fields: { [refusal.field]: refusal.message } });
  };
  /** 409 for an edit of a field an inventory source keeps: its next run would put the dealer system's value back. */
  const requireNotKept = (before: Vehicle, after: Vehicle) => {
    const keeper = inventory?.keeperOf(before.id);
    const refusal = keeper && keptFieldsRefusal(keeper, changedVehicleFields(before, after));
    if (refusal) throw new HttpError(409, refusal.message, { fields: refusal.fields });
  };

  /**
   * The account's carts (an account scoped to sites: those shown on them). Without parameters, every one
   * (`{ vehicles }`). With the console list's filters and sort (domain/inventory-list.ts: q, status, brand,
   * condition, age, site, sort, order), the carts they keep, every one (`{ vehicles, total }`: "select all", the CSV
   * export). With `page` or `pageSize` as well, one page of them, cut as the public inventory's (pageOf), in
   * `{ vehicles, total, page, pageSize, pageCount, count, brands, feedGaps }`: `count` is every cart of the account,
   * `brands` the brand filter's choices among them, `feedGaps` the listed ones the feeds leave out (decision 0065).
   */
  router.get("/", (req, res) => {
    const me = res.locals.staff!;
    const scoped = me.sites ? vehicles.all().filter((v) => mayActOnVehicle(me, v)) : vehicles.all();
    const search = new URL(req.originalUrl, "http://x").searchParams;
    const paging = parsePageQuery(search);
    if ("error" in paging) throw new HttpError(400, paging.error);
    const filters = parseListQuery(search);
    delete filters.page;
    const { page, pageSize } = paging.query;
    if (page === undefined && pageSize === undefined) {
      if (!Object.keys(filters).length) return void res.json({ vehicles: scoped });
      const matched = inventoryList(scoped, filters, new Date());
      return void res.json({ vehicles: matched, total: matched.length });
    }
    const listed = inventoryListPage(scoped, { ...filters, page }, new Date(), pageSize);
    res.json({ ...listed, count: scoped.length, brands: brandChoices(scoped), feedGaps: feedGaps(scoped) });
  });

  router.get("/:id", (req, res) => {
    send(res, 200, found(req.params.id));
  });

  router.post("/", ...json, async (req, res) => {
    const me = res.locals.staff!;
    const draft = NewVehicleSchema.safeParse(req.body);
    if (!draft.success) throw new HttpError(400, INVALID, { fields: vehicleFieldErrors(draft.error) });
    requireStoredPhotos(draft.data.images);
    requireKnownLocation(draft.data.location);
    const id = draft.data.id ?? newVehicleId(draft.data.name, draft.data.stockNumber);
    // A cart a scoped account adds is shown on its own sites, unless it names some of them.
    const sitesOf = me.sites && !vehicleSiteIds(draft.data) ? { sites: [...me.sites] } : {};
    let created: Vehicle;
    try {
      const vehicle = VehicleSchema.parse({ ...draft.data, ...sitesOf, id });
      requireOwnSites(me, undefined, vehicle);
      created = (await audited(vehicleEntry(res.locals.staff!.email, "create", {}, vehicle), () => vehicles.create(vehicle)))!;
    } catch (err) {
      if (err instanceof VehicleConflictError) throw taken(err);
      throw err;
    }
    res.location(`/api/staff/vehicles/${encodeURIComponent(created.id)}`);
    send(res, 201, created);
  });

  /** A whole vehicle, replaced only if If-Match is its current ETag; else 412 with the fields that differ. */
  router.put("/:id", ...json, async (req, res) => {
    const id = req.params.id as string;
    found(id);
    const ifMatch = ifMatchOf(req);
    const body: unknown = req.body;
    const parsed = VehicleSchema.safeParse(body && typeof body === "object" && !("id" in body) ? { ...body, id } : body);
    if (!parsed.success) throw new HttpError(400, INVALID, { fields: vehicleFieldErrors(parsed.error) });
    if (parsed.data.id !== id) throw new HttpError(400, INVALID, { fields: { id: "The id cannot change; add a new vehicle instead" } });
    requireStoredPhotos(parsed.data.images);
    requireKnownLocation(parsed.data.location);
    try {
      const previous = vehicles.get(id)!;
      requireOwnSites(res.locals.staff!, previous, parsed.data);
      requireNotKept(previous, parsed.data);
      const replaced = await audited(vehicleEntry(res.locals.staff!.email, "update", previous, parsed.data), () => vehicles.replace(id, parsed.data, ifMatch));
      if (!replaced) throw new HttpError(404, `Vehicle not found: ${id}`);
      send(res, 200, replaced);
    } catch (err) {
      if (err instanceof VehicleConflictError) throw taken(err);
      if (!(err instanceof VehiclePreconditionError)) throw err;
      const differs = vehicleEdit(err.current, parsed.data).changes;
      conflict(res, err.current, Object.keys(differs) as EditableVehicleField[], differs);
    }
  });

  /**
   * The fields one person changed, with their values in the version they edited (If-Match): applied to the current
   * version when no one else changed those fields since, else 412 naming the ones someone did. Never writes another field.
   */
  router.patch("/:id", ...json, async (req, res) => {
    const id = req.params.id as string;
    found(id);
    const ifMatch = ifMatchOf(req);
    const edit = VehicleEditSchema.safeParse(req.body);
    if (!edit.success) throw new HttpError(400, INVALID, { fields: vehicleFieldErrors(edit.error) });
    for (let attempt = 1; ; attempt++) {
      const current = found(id);
      const etag = vehicles.etag(current);
      const stale = !ifMatch.split(/\s*,\s*/).some((tag) => tag === "*" || tag === etag);
      const conflicts = stale ? editConflicts(current, edit.data) : [];
      if (conflicts.length) return void conflict(res, current, conflicts, edit.data.changes);
      const next = VehicleSchema.safeParse(applyVehicleEdit(current, edit.data.changes));
      if (!next.success) throw new HttpError(400, INVALID, { fields: vehicleFieldErrors(next.error) });
      if ("images" in edit.data.changes) requireStoredPhotos(next.data.images);
      if ("location" in edit.data.changes) requireKnownLocation(next.data.location);
      requireOwnSites(res.locals.staff!, current, next.data);
      requireNotKept(current, next.data);
      try {
        const saved = await audited(vehicleEntry(res.locals.staff!.email, "update", current, next.data), () => vehicles.replace(id, next.data, etag));
        if (!saved) throw new HttpError(404, `Vehicle not found: ${id}`);
        return void send(res, 200, saved);
      } catch (err) {
        if (err instanceof VehicleConflictError) throw taken(err);
        // Another write landed between the read and this one: worked out again on the newer version.
        if (!(err instanceof VehiclePreconditionError) || attempt >= WRITE_ATTEMPTS) throw err;
      }
    }
  });

  // ---- Lot transfers: one unit moved to another site's lot, with its history entry ----
  /** What a move of the unit would meet: the lots it may go to, and a source that keeps its lot (its next run wins). */
  router.get("/:id/transfer", (req, res) => {
    const v = found(req.params.id);
    const keeper = inventory?.keeperOf(v.id);
    res.json({
      from: v.location ?? null,
      to: sites
        .list()
        .filter((site) => site.id !== v.location)
        .map((site) => ({ id: site.id, name: site.name })),
      warning: (keeper && keptLotWarning(keeper)) ?? null,
    });
  });

  /** Move the unit to the lot of site `to` (If-Match: the version the mover saw). A source that keeps the lot is named in `warning`. */
  router.post("/:id/transfer", ...json, async (req, res) => {
    const me = res.locals.staff!;
    const ifMatch = ifMatchOf(req);
    const current = found(req.params.id as string);
    const to = typeof (req.body as { to?: unknown })?.to === "string" ? (req.body as { to: string }).to : "";
    const problem = transferProblem(
      current,
      to,
      sites.list().map((site) => site.id),
    );
    if (problem) throw new HttpError(400, problem, { fields: { to: problem } });
    if (ifMatch !== vehicles.etag(current)) return void conflict(res, current, ["location"], { location: to });
    const next = transferred(current, to);
    requireOwnSites(me, current, next);
    let saved: Vehicle | undefined;
    try {
      saved = await audited(vehicleEntry(me.email, "update", current, next), () => vehicles.replace(current.id, next, ifMatch));
    } catch (err) {
      if (err instanceof VehiclePreconditionError) return void conflict(res, found(current.id), ["location"], { location: to });
      throw err;
    }
    if (!saved) throw new HttpError(404, `Vehicle not found: ${current.id}`);
    const keeper = inventory?.keeperOf(saved.id);
    res
      .status(200)
      .set("ETag", vehicles.etag(saved))
      .json({ vehicle: saved, warning: (keeper && keptLotWarning(keeper)) ?? null });
  });

  /** One photo, multipart field `photo`: stored, then added after the vehicle's other photos (201), or 200 when it is among them already. */
  router.post("/:id/photos", async (req, res) => {
    const id = req.params.id as string;
    const before = found(id);
    // Refused before a byte is stored when another site shows the cart (any photo would change it there too).
    requireOwnSites(res.locals.staff!, before, { ...before, images: [...before.images, "a photo"] });
    let stored: StoredPhoto;
    try {
      stored = await photos.add(() => readUpload(req, { field: "photo", maxBytes: MAX_PHOTO_BYTES }));
    } catch (err) {
      // Busy is not a fault: answered here, so the error handler does not log it as one.
      if (!(err instanceof QueueFullError)) throw err;
      res.status(503).set("Retry-After", String(err.retryAfterSeconds)).json({ error: err.message });
      return;
    }
    // The same photo again (files are named by their content): nothing to add, and 200, not 201, says so.
    const already = found(id);
    if (already.images.includes(stored.src)) return void send(res, 200, already);
    let updated: Vehicle;
    try {
      // The upload is not an edit of a version the client saw: added to whatever version is current.
      for (let attempt = 1; ; attempt++) {
        const current = found(id);
        const next = { ...current, images: withPhotoAdded(current.images, stored.src) };
        requireOwnSites(res.locals.staff!, current, next);
        try {
          updated = (await audited(vehicleEntry(res.locals.staff!.email, "update", current, next), () => vehicles.replace(id, next, vehicles.etag(current))))!;
          if (!updated) throw new HttpError(404, `Vehicle not found: ${id}`);
          break;
        } catch (err) {
          if (!(err instanceof VehiclePreconditionError) || attempt >= WRITE_ATTEMPTS) throw err;
        }
      }
    } catch (err) {
      // Not saved: its files go too, so no file is kept that no vehicle names.
      await photos.discard(stored);
      throw err;
    }
    res.location(`/api/staff/vehicles/${encodeURIComponent(id)}`);
    send(res, 201, updated);
  });

  router.delete("/:id", async (req, res) => {
    const { id, name } = found(req.params.id);
    requireOwnSites(res.locals.staff!, vehicles.get(id), undefined);
    const entry: AuditEntry = { at: new Date().toISOString(), email: res.locals.staff!.email, action: "delete", vehicleId: id, vehicleName: name, fields: [] };
    if (!(await audited(entry, () => vehicles.remove(id)))) throw new HttpError(404, `Vehicle not found: ${id}`);
    res.status(204).end();
  });
  // ---- Bulk changes from the inventory list (docs/decisions/0040-inventory-list-and-bulk-changes.md) ----
  /**
   * One change (a status, or a price moved by an amount or a percentage) to many carts, each with its changed field's
   * value as the list showed it. Each cart is judged as PATCH judges an edit (decision 0018): written when no one
   * changed that field since, else reported with who did; the others are written all the same, in one store write,
   * each with its own history entry. 400 (nothing written) when a new price would leave the allowed range.
   */
  router.post("/bulk", requireJson, express.json({ limit: BULK_BODY_LIMIT }), async (req, res) => {
    const me = res.locals.staff!;
    const parsed = BulkRequestSchema.safeParse(req.body);
    if (!parsed.success) throw new HttpError(400, parsed.error.issues[0]!.message, { fields: vehicleFieldErrors(parsed.error) });
    const { change, vehicles: asked } = parsed.data;
    const field = bulkField(change);
    const problems = asked.flatMap(({ id, base }) => {
      const v = vehicles.get(id);
      const problem = v && bulkPriceProblem({ name: v.name, price: base.price ?? v.price, cost: v.cost }, change);
      return problem ? [{ id, error: problem }] : [];
    });
    if (problems.length) throw new HttpError(400, `No price was changed: ${problems.map((p) => p.error).join("; ")}`, { problems });
    const siteIds = sites.list().map((site) => site.id);
    if (isSiteChange(change) && !siteIds.includes(change.site))
      throw new HttpError(400, `No cart was changed: "${change.site}" is not a site of this deployment; the sites are: ${siteIds.join(", ")}`, {
        fields: { "change.site": `"${change.site}" is not a site of this deployment; the sites are: ${siteIds.join(", ")}` },
      });

    const { saved, unchanged, refused, conflicts }: BulkResult = { saved: [], unchanged: [], refused: [], conflicts: [] };
    let pending = asked;
    for (let attempt = 1; pending.length; attempt++) {
      const writes: Replacement[] = [];
      const byId = new Map(vehicles.all().map((v) => [v.id, v]));
      let judged = 0;
      for (const { id, base } of pending) {
        // Thousands of carts are judged a slice at a time, the other requests answered between (each write is still
        // checked against the cart's version when it lands).
        if (++judged % BULK_SLICE === 0) await new Promise((resolve) => setImmediate(resolve));
        const current = byId.get(id);
        if (!current) {
          refused.push({ id, error: `Vehicle not found: ${id}` });
          continue;
        }
        if (!mayActOnVehicle(me, current)) {
          refused.push({ id, error: `The vehicle ${id} is not shown on your account's sites` });
          continue;
        }
        const edit = bulkEdit(change, base, siteIds);
        const clash = editConflicts(current, edit);
        if (clash.length) {
          conflicts.push({
            id,
            name: current.name,
            error: `${current.name} was changed by someone else since you loaded it`,
            conflicts: conflictsOf(current, clash, edit.changes),
          });
          continue;
        }
        if (sameValue(current[field], edit.changes[field])) {
          unchanged.push(id);
          continue;
        }
        const next = VehicleSchema.safeParse(applyVehicleEdit(current, edit.changes));
        if (!next.success) {
          refused.push({ id, error: `${current.name}: ${Object.values(vehicleFieldErrors(next.error)).join("; ")}` });
          continue;
        }
        const keeper = inventory?.keeperOf(id);
        const kept = keeper && keptFieldsRefusal(keeper, changedVehicleFields(current, next.data));
        if (kept) {
          refused.push({ id, error: `${current.name}: ${kept.message}` });
          continue;
        }
        const outOfScope = scopeRefusal(me, current, next.data, siteIds);
        if (outOfScope) {
          // Each refused cart by its name: the message about a shared cart names it already.
          refused.push({ id, error: outOfScope.field === "vehicle" ? outOfScope.message : `${current.name}: ${outOfScope.message}` });
          continue;
        }
        writes.push({ id, vehicle: next.data, ifMatch: vehicles.etag(current) });
      }
      // Each write's history first (as `audited`), then taken back for the carts not written after all.
      const entries = writes.length ? await audit.appendMany(writes.map((w) => vehicleEntry(me.email, "update", byId.get(w.id)!, w.vehicle))) : [];
      let outcomes: ReplacementOutcome[];
      try {
        outcomes = writes.length ? await vehicles.replaceMany(writes) : [];
      } catch (err) {
        await takeBack(entries);
        throw err;
      }
      await takeBack(entries.filter((_, i) => outcomes[i]!.outcome !== "saved"));
      const written = outcomes.flatMap((o) => (o.outcome === "saved" ? [o] : []));
      saved.push(...written.map((o) => o.vehicle));
      for (const o of outcomes)
        if (o.outcome === "missing") refused.push({ id: o.id, error: `Vehicle not found: ${o.id}` });
        else if (o.outcome === "taken") refused.push({ id: o.id, error: o.error.message });
      // Another write landed between the read and this one: those carts are worked out again on their newer version.
      const stale = new Set(outcomes.flatMap((o) => (o.outcome === "stale" ? [o.id] : [])));
      pending = asked.filter((v) => stale.has(v.id));
      if (pending.length && attempt >= WRITE_ATTEMPTS)
        throw new HttpError(503, `${pending.length} carts kept changing while this was saved; the others were saved. Load the list again and retry.`);
    }
    res.json({ saved, unchanged, conflicts, refused } satisfies BulkResult);
  });
  // ---- end of bulk changes ----

  return router;
}
