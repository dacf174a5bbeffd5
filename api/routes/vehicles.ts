import { Router } from "express";
import type { VehicleReader } from "../store/vehicle-store";
import { HttpError } from "../middleware/errors";
import { sendPrepared } from "./send-prepared";

/** GET /api/vehicles and GET /api/vehicles/:id. */
export function vehiclesRouter(store: VehicleReader): Router {
  const router = Router();
  router.get("/", (req, res) => sendPrepared(req, res, store.listBody()));
  router.get("/:id", (req, res) => {
    const body = store.body(req.params.id);
    if (!body && store.find(req.params.id)?.status === "sold") throw new HttpError(410, `Vehicle sold: ${req.params.id}`);
    if (!body) throw new HttpError(404, `Vehicle not found: ${req.params.id}`);
    sendPrepared(req, res, body);
  });
  return router;
}
