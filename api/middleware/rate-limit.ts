import type { RequestHandler } from "express";
import { rateLimit, type Store } from "express-rate-limit";

const ONE_MINUTE_MS = 60_000;

/**
 * Per-visitor limit on lead posts; 0 turns it off. The visitor is req.ip:
 * the socket's address, or the one a trusted proxy (TRUST_PROXY) names.
 * `store` keeps the counts where every instance shares them (PostgreSQL);
 * without it they are this process's.
 */
export function contactRateLimit(perMinute: number, store?: Store): RequestHandler {
  if (perMinute === 0) return (_req, _res, next) => next();
  let hinted = false;
  const limiter = rateLimit({
    windowMs: ONE_MINUTE_MS,
    limit: perMinute,
    ...(store ? { store } : {}),
    standardHeaders: "draft-8",
    legacyHeaders: false,
    // Any client can send X-Forwarded-For; with TRUST_PROXY off it is ignored, and said once below without a stack trace.
    validate: { xForwardedForHeader: false },
    handler: (_req, res) => {
      res.status(429).json({ error: "Too many messages from this address. Please wait a minute, or call us." });
    },
  });
  return (req, res, next) => {
    if (!hinted && req.app.get("trust proxy") === false && req.get("x-forwarded-for")) {
      hinted = true;
      console.warn(
        "[api] a lead post carried X-Forwarded-For, which is ignored while TRUST_PROXY is off: if this server runs behind a proxy, set TRUST_PROXY so each visitor has their own rate limit",
      );
    }
    return limiter(req, res, next);
  };
}
