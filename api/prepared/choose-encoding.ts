import Negotiator from "negotiator";

/** The encodings a prepared body is kept in. */
export type Encoding = "br" | "gzip" | "identity";

const OFFERED: Encoding[] = ["br", "gzip", "identity"];
/** Between equal q-values, the smallest bytes: browsers list "gzip, deflate, br", and brotli is 15-25% smaller. */
const PREFERRED: Encoding[] = ["br", "gzip", "identity"];

/**
 * The encoding to answer an Accept-Encoding header with, by the library behind Express's `req.acceptsEncodings`
 * (negotiator), for the answers that skip Express: highest q wins, then an exact name over "*", then brotli over gzip
 * over identity. Identity is acceptable unless excluded, and no header means identity. When the header excludes all
 * three, identity (RFC 9110 §12.5.3 allows it rather than a 406).
 */
export function chooseEncoding(header: string | undefined): Encoding {
  // negotiator 1.x takes the preferred order as a second argument; its published types predate it.
  const negotiator = new Negotiator({ headers: { "accept-encoding": header } }) as unknown as {
    encodings(available: readonly string[], options: { preferred: readonly string[] }): string[];
  };
  return (negotiator.encodings(OFFERED, { preferred: PREFERRED })[0] as Encoding | undefined) ?? "identity";
}
