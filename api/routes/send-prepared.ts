import type { Request, Response } from "express";
import type { PreparedBody } from "../store/vehicle-store";

/** Catalogue reads may be cached for 5 minutes, like the widgets' own cache. */
const CACHE_CONTROL = "public, max-age=300, stale-while-revalidate=600";

/** Answer with a prepared JSON body: 304 on a matching ETag, gzip when accepted. */
export function sendPrepared(req: Request, res: Response, body: PreparedBody): void {
  res.set({ ETag: body.etag, "Cache-Control": CACHE_CONTROL, Vary: "Accept-Encoding", "Content-Type": "application/json; charset=utf-8" });
  const inm = req.get("if-none-match");
  if (inm && inm.split(/\s*,\s*/).some((tag) => tag === body.etag || tag === `W/${body.etag}` || tag === "*")) {
    res.status(304).end();
    return;
  }
  if (req.acceptsEncodings("gzip", "identity") === "gzip") {
    res.set("Content-Encoding", "gzip").send(body.gzip);
  } else {
    res.send(body.json);
  }
}
