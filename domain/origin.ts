import { z } from "zod";
import "./plain-messages";

/** A host a browser can send in an Origin header: a name of letters, digits, dots and hyphens, or an IP address (no wildcard). */
const HOST = /^(?:[a-z0-9-]+(?:\.[a-z0-9-]+)*|\[[0-9a-f:.]+\])$/;

/** Whether `s` (without a trailing slash) is exactly an http(s) origin with a plain host. */
function isWebOrigin(s: string): boolean {
  try {
    const url = new URL(s);
    return (url.protocol === "https:" || url.protocol === "http:") && HOST.test(url.hostname) && url.origin === s;
  } catch {
    return false;
  }
}

/**
 * A web origin such as https://partner.example: http or https, a host name without wildcards, an optional port, no
 * path; a trailing slash is dropped. Only such origins reach us in a browser's Origin header.
 */
export const OriginSchema = z
  .string()
  .trim()
  .refine(
    (s) => isWebOrigin(s.replace(/\/$/, "")),
    "must be an origin such as https://partner.example (http or https, a host name without wildcards, an optional port, no path)",
  )
  .transform((s) => s.replace(/\/$/, ""));
