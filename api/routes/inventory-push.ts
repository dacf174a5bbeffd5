import { createHmac, timingSafeEqual } from "node:crypto";
import express, { Router } from "express";
import { HttpError } from "../http-error";
import type { InventorySync } from "../inventory-sync";
import type { InventorySourceStore } from "../store/inventory-source-store";
import { INVENTORY_FILE_LIMIT } from "./staff/inventory-sources";

/** The header of a push's signature: the body's HMAC-SHA256 under the source's push secret, hex, optionally "sha256=…". */
export const SIGNATURE_HEADER = "x-signature-sha256";

const same = (a: string, b: string) => {
  const [x, y] = [Buffer.from(a), Buffer.from(b)];
  return x.length === y.length && timingSafeEqual(x, y);
};

/**
 * POST /api/inventory-sources/:id/push: a DMS that pushes sends its file here, with the source's secret
 * as a bearer token or the body's HMAC signature. Anything else is 401 and changes nothing; the answer is the run.
 */
export function inventoryPushRouter({ store, inventory }: { store: InventorySourceStore; inventory: InventorySync }): Router {
  const router = Router();
  router.post("/:id/push", express.raw({ type: () => true, limit: INVENTORY_FILE_LIMIT }), async (req, res) => {
    const source = await store.get(req.params.id as string);
    const body = Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0);
    const bearer = /^Bearer (.+)$/i.exec(req.get("authorization") ?? "")?.[1]?.trim();
    const signature = req
      .get(SIGNATURE_HEADER)
      ?.trim()
      .replace(/^sha256=/i, "")
      .toLowerCase();
    const signed = (secret: string) => createHmac("sha256", secret).update(body).digest("hex");
    const trusted =
      source && source.kind === "push" && ((bearer && same(bearer, source.pushSecret)) || (signature && same(signature, signed(source.pushSecret))));
    // One answer for an unknown source and a wrong secret, so a guess learns nothing.
    if (!trusted)
      throw new HttpError(401, `Send the source's push secret as "Authorization: Bearer …", or the body's HMAC-SHA256 under it in ${SIGNATURE_HEADER}`);
    if (!source.enabled) throw new HttpError(409, `The source "${source.name}" is paused: an owner resumes it in the console`);
    if (!body.length) throw new HttpError(400, "The push has no file in its body");
    const run = await inventory.run(source.id, "push", body);
    if (!run) throw new HttpError(409, "This source's previous push is still being applied: send the file again when it ends");
    res.status(run.outcome === "failed" ? 422 : 200).json(run);
  });
  return router;
}
