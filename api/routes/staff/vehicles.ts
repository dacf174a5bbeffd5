import express, { Router, type Response } from "express";
import { vehicleIdFromName } from "../../../domain/slug";
import { changedVehicleFields, NewVehicleSchema, VehicleSchema, vehicleFieldErrors, type Vehicle } from "../../../domain/vehicle";
import { MAX_PHOTO_BYTES, withPhotoAdded } from "../../../domain/photo";
import { HttpError } from "../../middleware/errors";
import { QueueFullError } from "../../photos/bounded-queue";
import { readUpload } from "../../photos/read-upload";
import { requireJson } from "../../middleware/require-json";
import { VehicleConflictError, VehiclePreconditionError } from "../../store/vehicle-store";
import type { StoredPhoto } from "../../store/photo-store";
import type { StaffDeps } from "./staff-router";

/** A vehicle with its images and features is a few kB; 64 kB leaves room for long descriptions. */
export const VEHICLE_BODY_LIMIT = "64kb";
const INVALID = "Please correct the highlighted fields.";

/** /api/staff/vehicles: every vehicle, and writes validated by the core's schema. */
export function staffVehiclesRouter({ vehicles, audit, photos }: StaffDeps): Router {
  const router = Router();
  const json = [requireJson, express.json({ limit: VEHICLE_BODY_LIMIT })];
  const send = (res: Response, status: number, v: Vehicle) => res.status(status).set("ETag", vehicles.etag(v)).json(v);
  const record = (email: string, action: "create" | "update" | "delete", vehicleId: string, fields: string[]) =>
    audit.append({ at: new Date().toISOString(), email, action, vehicleId, fields });
  const found = (id: string) => {
    const v = vehicles.get(id);
    if (!v) throw new HttpError(404, `Vehicle not found: ${id}`);
    return v;
  };

  router.get("/", (_req, res) => {
    res.json({ vehicles: vehicles.all() });
  });

  router.get("/:id", (req, res) => {
    send(res, 200, found(req.params.id));
  });

  router.post("/", ...json, async (req, res) => {
    const draft = NewVehicleSchema.safeParse(req.body);
    if (!draft.success) throw new HttpError(400, INVALID, { fields: vehicleFieldErrors(draft.error) });
    const id = draft.data.id ?? vehicleIdFromName(draft.data.name);
    let created: Vehicle;
    try {
      created = await vehicles.create(VehicleSchema.parse({ ...draft.data, id }));
    } catch (err) {
      if (err instanceof VehicleConflictError) throw new HttpError(409, err.message);
      throw err;
    }
    await record(res.locals.staff!.email, "create", created.id, changedVehicleFields({}, created));
    res.location(`/api/staff/vehicles/${encodeURIComponent(created.id)}`);
    send(res, 201, created);
  });

  router.put("/:id", ...json, async (req, res) => {
    const id = req.params.id as string;
    found(id);
    const ifMatch = req.get("if-match");
    if (!ifMatch) throw new HttpError(428, "Send If-Match with the ETag of the version you edited, so that no one's change is lost");
    const body: unknown = req.body;
    const parsed = VehicleSchema.safeParse(body && typeof body === "object" && !("id" in body) ? { ...body, id } : body);
    if (!parsed.success) throw new HttpError(400, INVALID, { fields: vehicleFieldErrors(parsed.error) });
    if (parsed.data.id !== id) throw new HttpError(400, INVALID, { fields: { id: "The id cannot change; add a new vehicle instead" } });
    const missing = parsed.data.images.findIndex((src) => !photos.complete(src));
    if (missing >= 0) throw new HttpError(400, INVALID, { fields: { [`images.${missing}`]: "This photo is not stored here: upload it instead" } });
    try {
      const previous = vehicles.get(id)!;
      const replaced = await vehicles.replace(id, parsed.data, ifMatch);
      if (!replaced) throw new HttpError(404, `Vehicle not found: ${id}`);
      await record(res.locals.staff!.email, "update", id, changedVehicleFields(previous, replaced));
      send(res, 200, replaced);
    } catch (err) {
      if (!(err instanceof VehiclePreconditionError)) throw err;
      res.status(412).set("ETag", vehicles.etag(err.current)).json({ error: err.message, current: err.current });
    }
  });

  /** One photo, multipart field `photo`: stored, then added after the vehicle's other photos. */
  router.post("/:id/photos", async (req, res) => {
    const id = req.params.id as string;
    found(id);
    let stored: StoredPhoto;
    try {
      stored = await photos.add(() => readUpload(req, { field: "photo", maxBytes: MAX_PHOTO_BYTES }));
    } catch (err) {
      // Busy is not a fault: answered here, so the error handler does not log it as one.
      if (!(err instanceof QueueFullError)) throw err;
      res.status(503).set("Retry-After", String(err.retryAfterSeconds)).json({ error: err.message });
      return;
    }
    let updated: Vehicle;
    try {
      // The upload is not an edit of a version the client saw: added to whatever version is current.
      for (let attempt = 0; ; attempt++) {
        const current = found(id);
        try {
          updated = (await vehicles.replace(id, { ...current, images: withPhotoAdded(current.images, stored.src) }, vehicles.etag(current)))!;
          if (!updated) throw new HttpError(404, `Vehicle not found: ${id}`);
          break;
        } catch (err) {
          if (!(err instanceof VehiclePreconditionError) || attempt >= 3) throw err;
        }
      }
    } catch (err) {
      // Not saved: its files go too, so no file is kept that no vehicle names.
      await photos.discard(stored);
      throw err;
    }
    await record(res.locals.staff!.email, "update", id, ["images"]);
    res.location(`/api/staff/vehicles/${encodeURIComponent(id)}`);
    send(res, 201, updated);
  });

  router.delete("/:id", async (req, res) => {
    const removed = await vehicles.remove(req.params.id);
    if (!removed) throw new HttpError(404, `Vehicle not found: ${req.params.id}`);
    await record(res.locals.staff!.email, "delete", removed.id, []);
    res.status(204).end();
  });
  return router;
}
