import type { IncomingMessage, OutgoingHttpHeaders, ServerResponse } from "node:http";
import fresh from "fresh";
import type { PreparedBody } from "../store/vehicle-store";
import { acceptsGzip } from "./accepts-gzip";

/**
 * Catalogue reads are stored but revalidated on every use: staff change the
 * catalogue at any time, and a widget must never show an older price than the
 * page around it. Revalidating costs a 304 with no body (the ETag).
 */
const CACHE_CONTROL = "public, no-cache";

/** The three answers a prepared body can get, with their headers built once. */
interface Answers {
  notModified: OutgoingHttpHeaders;
  gzip: OutgoingHttpHeaders;
  identity: OutgoingHttpHeaders;
}

const NO_HEADERS: OutgoingHttpHeaders = {};
const cache = new WeakMap<PreparedBody, WeakMap<OutgoingHttpHeaders, Answers>>();

function answersFor(body: PreparedBody, headers: OutgoingHttpHeaders): Answers {
  let byHeaders = cache.get(body);
  if (!byHeaders) cache.set(body, (byHeaders = new WeakMap()));
  let answers = byHeaders.get(headers);
  if (!answers) {
    const common = { ...headers, ETag: body.etag, "Cache-Control": CACHE_CONTROL, Vary: "Accept-Encoding" };
    const json = { ...common, "Content-Type": "application/json; charset=utf-8" };
    answers = {
      notModified: common,
      gzip: { ...json, "Content-Length": body.gzip.length, "Content-Encoding": "gzip" },
      identity: { ...json, "Content-Length": body.json.length },
    };
    byHeaders.set(headers, answers);
  }
  return answers;
}

/**
 * Answer with a prepared JSON body: 304 to a matching If-None-Match, gzip when
 * accepted. Plain node:http, so that Express routes and the catalogue fast
 * path (routes/vehicles-fast-path.ts) answer alike; `headers` go first.
 */
export function sendPrepared(req: IncomingMessage, res: ServerResponse, body: PreparedBody, headers: OutgoingHttpHeaders = NO_HEADERS): void {
  const answers = answersFor(body, headers);
  // If-None-Match is matched by the library behind Express's `req.fresh` (an ETag, its W/ form, a list, or "*"). It is
  // given the validator alone: fresh() also calls any request with `Cache-Control: no-cache` stale, and fetch() adds
  // that header to every request that sets If-None-Match itself, so a client revalidating by hand would never get a 304.
  if (fresh({ "if-none-match": req.headers["if-none-match"] }, { etag: body.etag })) {
    res.writeHead(304, answers.notModified).end();
    return;
  }
  if (acceptsGzip(req.headers["accept-encoding"])) res.writeHead(200, answers.gzip).end(body.gzip);
  else res.writeHead(200, answers.identity).end(body.json);
}
