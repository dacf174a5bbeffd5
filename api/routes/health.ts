import { Router } from "express";

/** GET /api/health: 200 while the process serves. */
export function healthRouter(): Router {
  const started = Date.now();
  return Router().get("/", (_req, res) => {
    res.set("Cache-Control", "no-store").json({ status: "ok", uptimeSeconds: Math.round((Date.now() - started) / 1000) });
  });
}
