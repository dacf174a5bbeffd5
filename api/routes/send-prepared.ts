import type { IncomingMessage, OutgoingHttpHeaders, ServerResponse } from "node:http";
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
 * Answer with a prepared JSON body: 304 on a matching ETag, gzip when
 * accepted. Plain node:http, so that Express routes and the catalogue fast
 * path (routes/vehicles-fast-path.ts) answer alike; `headers` go first.
 */
export function sendPrepared(req: IncomingMessage, res: ServerResponse, body: PreparedBody, headers: OutgoingHttpHeaders = NO_HEADERS): void {
  const answers = answersFor(body, headers);
  const inm = req.headers["if-none-match"];
  if (inm && inm.split(/\s*,\s*/).some((tag) => tag === body.etag || tag === `W/${body.etag}` || tag === "*")) {
    res.writeHead(304, answers.notModified).end();
    return;
  }
  if (acceptsGzip(req.headers["accept-encoding"])) res.writeHead(200, answers.gzip).end(body.gzip);
  else res.writeHead(200, answers.identity).end(body.json);
}
