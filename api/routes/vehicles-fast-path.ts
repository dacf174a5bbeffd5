import type { IncomingMessage, OutgoingHttpHeaders, ServerResponse } from "node:http";
import type { Site } from "../../domain/site";
import type { VehicleReader } from "../store/vehicle-store";
import { sendPrepared } from "./send-prepared";

const LIST_PATH = "/api/vehicles";
const ONE_PREFIX = "/api/vehicles/";

/**
 * GET and HEAD of /api/vehicles and /api/vehicles/:id in plain node:http, in
 * front of Express: the catalogue is the API's hottest read, and Express's
 * routing costs more than answering the prepared bytes (docs/benchmarks-history.md §1).
 * `headers` are the ones the Express stack would add (helmet, open CORS).
 * Answers only the canonical form and returns true; anything else (other
 * methods, query strings, escapes, unknown ids) returns false for Express,
 * which answers the same way through routes/vehicles.ts or with its JSON 404.
 * It asks the store on every request, so each write's new bodies (prepared
 * once by the store when the write lands) are served from the next request on.
 * `siteOf` tells the site from the Host header alone; a request it cannot
 * place (an unknown host, a forwarded one) goes on to Express's resolveSite.
 */
export function vehiclesFastPath(store: VehicleReader, headers: OutgoingHttpHeaders, siteOf: (req: IncomingMessage) => Site | undefined) {
  return (req: IncomingMessage, res: ServerResponse): boolean => {
    if (req.method !== "GET" && req.method !== "HEAD") return false;
    const site = siteOf(req);
    if (!site) return false;
    const url = req.url ?? "";
    if (url === LIST_PATH) {
      sendPrepared(req, res, store.listBody(site.id), headers);
      return true;
    }
    if (!url.startsWith(ONE_PREFIX)) return false;
    const slug = url.slice(ONE_PREFIX.length);
    if (!slug || /[/?%#]/.test(slug)) return false;
    const body = store.body(slug, site.id);
    if (!body) return false;
    sendPrepared(req, res, body, headers);
    return true;
  };
}
