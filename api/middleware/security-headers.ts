import { IncomingMessage, ServerResponse, type OutgoingHttpHeaders } from "node:http";
import { Socket } from "node:net";
import helmet from "helmet";

/** A middleware that only sets response headers, the same on every request. */
type HeaderMiddleware = (req: IncomingMessage, res: ServerResponse, next: (err?: unknown) => void) => void;

/** helmet's headers for the site. Over plain http (local runs, tests) HSTS and upgrade-insecure-requests would break it. */
export function securityHeaders(publicOrigin: string): HeaderMiddleware {
  const https = publicOrigin.startsWith("https:");
  return helmet({
    contentSecurityPolicy: {
      directives: {
        "frame-src": ["https://www.openstreetmap.org"],
        "img-src": ["'self'", "data:"],
        "upgrade-insecure-requests": https ? [] : null,
      },
    },
    strictTransportSecurity: https,
  });
}

/**
 * The headers a header-only middleware sets, captured once on a blank
 * response, for answers sent without Express. Valid because our helmet
 * directives are all static (no per-request nonces).
 */
export function capturedHeaders(middleware: HeaderMiddleware): OutgoingHttpHeaders {
  const res = new ServerResponse(new IncomingMessage(new Socket()));
  let failure: unknown;
  middleware(res.req, res, (err) => {
    failure = err;
  });
  if (failure) throw new Error(`Could not capture the security headers: ${String(failure)}`, { cause: failure });
  return res.getHeaders();
}
