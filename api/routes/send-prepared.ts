import type { IncomingMessage, OutgoingHttpHeaders, ServerResponse } from "node:http";
import fresh from "fresh";
import { chooseEncoding, type Encoding } from "../prepared/choose-encoding";
import type { PreparedBody } from "../prepared/prepared-body";

/** The answers a prepared body can get with one set of extra headers and one status, built once. */
interface Answers {
  notModified: OutgoingHttpHeaders;
  byEncoding: Record<Encoding, OutgoingHttpHeaders>;
}

const NO_HEADERS: OutgoingHttpHeaders = {};
const cache = new WeakMap<PreparedBody, WeakMap<OutgoingHttpHeaders, Map<number, Answers>>>();
/** Responses answered here: Express's compression middleware must leave their bytes alone (api/app.ts). */
const answered = new WeakSet<ServerResponse>();

function answersFor(body: PreparedBody, headers: OutgoingHttpHeaders, status: number): Answers {
  let byHeaders = cache.get(body);
  if (!byHeaders) cache.set(body, (byHeaders = new WeakMap()));
  let byStatus = byHeaders.get(headers);
  if (!byStatus) byHeaders.set(headers, (byStatus = new Map()));
  let answers = byStatus.get(status);
  if (!answers) {
    const common = { ...headers, ETag: body.etag, "Cache-Control": body.kind.cacheControl, Vary: "Accept-Encoding" };
    const typed = { ...common, "Content-Type": body.kind.type };
    // A compressed length is added once the bytes exist (send below).
    answers = {
      notModified: common,
      byEncoding: {
        identity: { ...typed, "Content-Length": body.identity.length },
        gzip: { ...typed, "Content-Encoding": "gzip" },
        br: { ...typed, "Content-Encoding": "br" },
      },
    };
    byStatus.set(status, answers);
  }
  return answers;
}

/** Whether `res` is being answered by sendPrepared (so its body is already encoded as it should be). */
export const isPrepared = (res: ServerResponse): boolean => answered.has(res);

/**
 * Answer with a prepared body (api/prepared/prepared-body.ts): 304 to a
 * matching If-None-Match (on a 200), otherwise its bytes in the encoding
 * Accept-Encoding prefers (brotli, gzip or identity), and only the headers to
 * a HEAD. Plain node:http, so that Express routes, the pages and the
 * catalogue fast path (routes/vehicles-fast-path.ts) answer alike; `headers`
 * go first. A body not yet compressed in that encoding is compressed once, off
 * the event loop, and every request waiting for it gets the same bytes.
 */
export function sendPrepared(req: IncomingMessage, res: ServerResponse, body: PreparedBody, headers: OutgoingHttpHeaders = NO_HEADERS, status = 200): void {
  answered.add(res);
  const answers = answersFor(body, headers, status);
  // If-None-Match is matched by the library behind Express's `req.fresh` (an ETag, its W/ form, a list, or "*"). It is
  // given the validator alone: fresh() also calls any request with `Cache-Control: no-cache` stale, and fetch() adds
  // that header to every request that sets If-None-Match itself, so a client revalidating by hand would never get a 304.
  if (status === 200 && fresh({ "if-none-match": req.headers["if-none-match"] }, { etag: body.etag })) {
    res.writeHead(304, answers.notModified).end();
    return;
  }
  const encoding = chooseEncoding(req.headers["accept-encoding"]);
  const bytes = body.bytes(encoding);
  const send = (buffer: Buffer) => {
    if (res.destroyed) return;
    let head = answers.byEncoding[encoding];
    if (head["Content-Length"] === undefined) answers.byEncoding[encoding] = head = { ...head, "Content-Length": buffer.length };
    res.writeHead(status, head);
    if (req.method === "HEAD") res.end();
    else res.end(buffer);
  };
  if (Buffer.isBuffer(bytes)) send(bytes);
  else
    bytes.then(send, (err: unknown) => {
      // Compressing memory cannot fail short of running out of it; the bytes as they are still answer.
      console.error(`[prepared] could not compress ${req.method} ${req.url} as ${encoding}:`, err);
      if (!res.destroyed && !res.headersSent) res.writeHead(status, answers.byEncoding.identity).end(req.method === "HEAD" ? undefined : body.identity);
    });
}
