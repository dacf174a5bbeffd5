import { Router } from "express";
import type { LeadStore } from "../store/lead-store";

/** What /api/health reports of a cache: how many entries it keeps, what they weigh, and its bound, in bytes. */
export interface CacheReport {
  entries: number;
  bytes: number;
  limitBytes: number;
}

/**
 * GET /api/health: 200 while the process serves and leads can be written; 503 with the reason while they cannot.
 * Either way it says what the server's caches hold (entries, bytes and their bound), for operators.
 */
export function healthRouter(leads: Pick<LeadStore, "writeProblem">, caches: () => Record<string, CacheReport> = () => ({})): Router {
  const started = Date.now();
  return Router().get("/", async (_req, res) => {
    const problem = await leads.writeProblem();
    const uptimeSeconds = Math.round((Date.now() - started) / 1000);
    res.set("Cache-Control", "no-store");
    if (problem) res.status(503).json({ status: "unavailable", reason: problem, uptimeSeconds, caches: caches() });
    else res.json({ status: "ok", uptimeSeconds, caches: caches() });
  });
}
