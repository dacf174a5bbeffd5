/** Best match so far for one encoding we offer: quality, specificity (1 exact, 0 "*"), position in the header. */
interface Match {
  q: number;
  s: number;
  o: number;
}

const Q_PARAM = /^\s*q\s*=\s*([\d.]+)\s*$/i;

/**
 * Whether to answer gzip rather than identity to an Accept-Encoding header,
 * by the rules of Express's `req.acceptsEncodings("gzip", "identity")`
 * (negotiator): highest q, then an exact name over "*", then the earlier
 * entry, then gzip. Identity is acceptable unless excluded; no header means identity.
 */
export function acceptsGzip(header: string | undefined): boolean {
  if (!header) return false;
  const none: Match = { q: 0, s: -1, o: -1 };
  let gzip = none;
  let identity = none;
  let identityNamed = false;
  let minQ = 1;
  const entries = header.split(",");
  entries.forEach((entry, o) => {
    const [rawName, ...params] = entry.split(";");
    const name = rawName!.trim().toLowerCase();
    if (!name) return;
    let q = 1;
    for (const p of params) {
      const m = Q_PARAM.exec(p);
      if (m) q = Number.parseFloat(m[1]!);
    }
    if (Number.isNaN(q)) q = 0;
    if (name === "identity" || name === "*") identityNamed = true;
    minQ = Math.min(minQ, q || 1);
    const better = (best: Match, s: number) => s > best.s || (s === best.s && (q > best.q || (q === best.q && o > best.o)));
    const s = (offered: string) => (name === offered ? 1 : name === "*" ? 0 : -1);
    if (s("gzip") >= 0 && better(gzip, s("gzip"))) gzip = { q, s: s("gzip"), o };
    if (s("identity") >= 0 && better(identity, s("identity"))) identity = { q, s: s("identity"), o };
  });
  // Not named (directly or by "*"), identity is acceptable at the lowest quality the header uses.
  if (!identityNamed) identity = { q: minQ, s: 1, o: entries.length };
  if (gzip.q <= 0) return false;
  if (identity.q <= 0) return true;
  return gzip.q !== identity.q ? gzip.q > identity.q : gzip.s !== identity.s ? gzip.s > identity.s : gzip.o <= identity.o;
}
