import Negotiator from "negotiator";

const OFFERED = ["gzip", "identity"];

/**
 * Whether to answer gzip rather than identity to an Accept-Encoding header: the answer of Express's
 * `req.acceptsEncodings("gzip", "identity")`, from the same library (negotiator), for the fast path, which answers
 * before Express sees the request. Highest q wins, then an exact name over "*", then the earlier entry, then gzip;
 * identity is acceptable unless excluded, and no header means identity.
 */
export const acceptsGzip = (header: string | undefined): boolean => new Negotiator({ headers: { "accept-encoding": header } }).encodings(OFFERED)[0] === "gzip";
