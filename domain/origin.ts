import { z } from "zod";
import "./plain-messages";

/** A host a browser can send in an Origin header: a name of letters, digits, dots and hyphens, or an IP address (no wildcard). */
const HOST = /^(?:[a-z0-9-]+(?:\.[a-z0-9-]+)*|\[[0-9a-f:.]+\])$/;

/**
 * The origin `s` names, as a browser sends it in its Origin header (the URL parser's: scheme and host in lower case,
 * a default port dropped), or undefined when `s` is more than an http(s) origin with a plain host (a path, a query,
 * a user name, a wildcard).
 */
function webOrigin(s: string): string | undefined {
  let url: URL;
  try {
    url = new URL(s);
  } catch {
    return undefined;
  }
  const bare = url.pathname === "/" && !url.search && !url.hash && !url.username && !url.password && !/[?#]/.test(s);
  return (url.protocol === "https:" || url.protocol === "http:") && HOST.test(url.hostname) && bare ? url.origin : undefined;
}

/**
 * A web origin such as https://partner.example: http or https, a host name without wildcards, an optional port, no
 * path. It is kept as browsers send it ("HTTPS://Partner.Example/" is https://partner.example), since the Origin
 * header of a request is compared with it as it is.
 */
export const OriginSchema = z
  .string()
  .trim()
  .refine(
    (s) => webOrigin(s) !== undefined,
    "must be an origin such as https://partner.example (http or https, a host name without wildcards, an optional port, no path)",
  )
  .transform((s) => webOrigin(s)!);
