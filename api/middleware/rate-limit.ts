import type { RequestHandler } from "express";
import { rateLimit } from "express-rate-limit";

const ONE_MINUTE_MS = 60_000;

/** Per-IP limit on lead posts; 0 turns it off. */
export function contactRateLimit(perMinute: number): RequestHandler {
  if (perMinute === 0) return (_req, _res, next) => next();
  return rateLimit({
    windowMs: ONE_MINUTE_MS,
    limit: perMinute,
    standardHeaders: "draft-8",
    legacyHeaders: false,
    handler: (_req, res) => {
      res.status(429).json({ error: "Too many messages from this address. Please wait a minute, or call us." });
    },
  });
}
