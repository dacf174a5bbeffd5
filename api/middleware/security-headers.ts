import { IncomingMessage, ServerResponse, type OutgoingHttpHeaders } from "node:http";
import { Socket } from "node:net";
import helmet from "helmet";

/** A middleware that only sets response headers, the same on every request. */
type HeaderMiddleware = (req: IncomingMessage, res: ServerResponse, next: (err?: unknown) => void) => void;

/**
 * Browser features the site never uses, turned off for its pages and anything they embed.
 * Only features Chromium knows: an unknown one is reported as a console error.
 */
export const PERMISSIONS_POLICY = [
  "accelerometer",
  "browsing-topics",
  "camera",
  "display-capture",
  "geolocation",
  "gyroscope",
  "hid",
  "magnetometer",
  "microphone",
  "midi",
  "payment",
  "serial",
  "usb",
]
  .map((feature) => `${feature}=()`)
  .join(", ");

type Directives = Record<string, string[] | null>;

/**
 * helmet's headers, a Content-Security-Policy without 'unsafe-inline' (no page
 * needs it: the pages use classes, the widgets constructed stylesheets) and the
 * Permissions-Policy, for the origin `ownOrigin`. `directives` adds to or
 * replaces helmet's defaults. Over plain http (local runs, tests) HSTS and
 * upgrade-insecure-requests would break it.
 */
export function securityHeaders(ownOrigin: string, directives: Directives = SITE_DIRECTIVES): HeaderMiddleware {
  const https = ownOrigin.startsWith("https:");
  const headers = helmet({
    contentSecurityPolicy: {
      directives: {
        "style-src": ["'self'"],
        ...directives,
        "upgrade-insecure-requests": https ? [] : null,
      },
    },
    strictTransportSecurity: https,
  });
  return (req, res, next) => {
    res.setHeader("Permissions-Policy", PERMISSIONS_POLICY);
    headers(req, res, next);
  };
}

/** The site's own pages: the map of the showroom comes from OpenStreetMap; images may be data: URLs. */
const SITE_DIRECTIVES: Directives = {
  "frame-src": ["https://www.openstreetmap.org"],
  "img-src": ["'self'", "data:"],
};

/** The partner demo pages: like a partner's, they load the widgets, their API and images from the dealership's origin. */
export const demoDirectives = (dealerOrigin: string): Directives => ({
  "script-src": ["'self'", dealerOrigin],
  "connect-src": ["'self'", dealerOrigin],
  "img-src": ["'self'", "data:", dealerOrigin],
});

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
