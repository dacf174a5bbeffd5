import { Router } from "express";
import type { LeadStore } from "../store/lead-store";

/** GET /api/health: 200 while the process serves and leads can be written; 503 with the reason while they cannot. */
export function healthRouter(leads: Pick<LeadStore, "writeProblem">): Router {
  const started = Date.now();
  return Router().get("/", async (_req, res) => {
    const problem = await leads.writeProblem();
    const uptimeSeconds = Math.round((Date.now() - started) / 1000);
    res.set("Cache-Control", "no-store");
    if (problem) res.status(503).json({ status: "unavailable", reason: problem, uptimeSeconds });
    else res.json({ status: "ok", uptimeSeconds });
  });
}
