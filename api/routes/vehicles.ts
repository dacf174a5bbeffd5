import { Router } from "express";
import { isShownOn } from "../../domain/vehicle";
import type { VehicleReader } from "../store/vehicle-store";
import { HttpError } from "../http-error";
import { sendPrepared } from "./send-prepared";

/** GET /api/vehicles and GET /api/vehicles/:id: the vehicles of the request's site (res.locals.site). */
export function vehiclesRouter(store: VehicleReader): Router {
  const router = Router();
  router.get("/", (req, res) => sendPrepared(req, res, store.listBody(res.locals.site.id)));
  router.get("/:id", (req, res) => {
    const site = res.locals.site.id;
    const body = store.body(req.params.id, site);
    const found = store.find(req.params.id);
    if (!body && found?.status === "sold" && isShownOn(found, site)) throw new HttpError(410, `Vehicle sold: ${req.params.id}`);
    if (!body) throw new HttpError(404, `Vehicle not found: ${req.params.id}`);
    sendPrepared(req, res, body);
  });
  return router;
}
