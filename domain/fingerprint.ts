/**
 * A short digest of what a value holds, for caches that keep an answer while what it was made from is the same:
 * equal inputs give equal digests, whichever objects hold them. Plain objects and arrays are read by content (and an
 * object's digest is kept, as the catalogue's records are never changed in place, only replaced); a React element by
 * its type, key and props; a function, or an instance of any other class, by its identity, so an input this cannot
 * read is never taken for an equal one. A class may say what it holds by a `contentKey` string.
 */

/** Digests already worked out, per object: records are replaced, never changed in place. */
const known = new WeakMap<object, string>();
/** A number per function or class instance: read by identity. */
const serials = new WeakMap<object, number>();
let lastSerial = 0;

const serialOf = (o: object): number => {
  let n = serials.get(o);
  if (n === undefined) serials.set(o, (n = ++lastSerial));
  return n;
};

/**
 * Two 32-bit FNV-1a hashes of `text` with different offsets, as 16 hex digits: 64 bits, so two different inputs
 * share a digest about once in 10^19 comparisons.
 */
export function hash(text: string): string {
  let a = 0x811c9dc5;
  let b = 0x01000193 ^ 0x5bd1e995;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    a = Math.imul(a ^ c, 0x01000193);
    b = Math.imul(b ^ c, 0x5bd1e995) ^ (b >>> 15);
  }
  return (a >>> 0).toString(16).padStart(8, "0") + (b >>> 0).toString(16).padStart(8, "0");
}

/** Parts longer than this are hashed; shorter ones stand for themselves. */
const SHORT = 40;

const isPlain = (o: object): boolean => {
  const proto = Object.getPrototypeOf(o) as object | null;
  return proto === Object.prototype || proto === null;
};

function part(value: unknown): string {
  switch (typeof value) {
    case "string":
      return value.length > SHORT ? `s${hash(value)}` : `s${JSON.stringify(value)}`;
    case "number":
    case "boolean":
    case "bigint":
    case "undefined":
      return `${(typeof value)[0]}${String(value)}`;
    case "symbol":
      return `y${String(value)}`;
    case "function":
      return `f${serialOf(value)}`;
    case "object":
      return value === null ? "n" : objectPart(value);
  }
}

/** The objects being read now: one met again inside itself (a cycle) is read by identity. */
const reading = new Set<object>();

function objectPart(o: object): string {
  const kept = known.get(o);
  if (kept !== undefined) return kept;
  if (reading.has(o)) return `i${serialOf(o)}`;
  reading.add(o);
  try {
    return contentPart(o);
  } finally {
    reading.delete(o);
  }
}

function contentPart(o: object): string {
  let text: string;
  if (Array.isArray(o)) text = `[${o.map(part).join(",")}]`;
  else if ("$$typeof" in o && typeof o.$$typeof === "symbol") {
    // A React element renders its type, key and props; any other React object (a context, a memo) is a type.
    if (!("props" in o)) return `i${serialOf(o)}`;
    const el = o as unknown as { type: unknown; key: unknown; props: unknown };
    text = `<${part(el.type)}${part(el.key)}${part(el.props)}>`;
  } else if ("contentKey" in o && typeof o.contentKey === "string") text = `k${o.contentKey}`;
  else if (o instanceof Date) text = `d${o.getTime()}`;
  else if (o instanceof Map) text = `M${part([...o])}`;
  else if (o instanceof Set) text = `S${part([...o])}`;
  else if (isPlain(o)) text = `{${Object.entries(o).map(([k, v]) => `${JSON.stringify(k)}:${part(v)}`)}}`;
  // Anything else is read by identity: never taken for another object with the same fields.
  else return `i${serialOf(o)}`;
  const digest = text.length > SHORT ? `h${hash(text)}` : text;
  known.set(o, digest);
  return digest;
}

/** The digest of `value`: the same for any two values with the same content (see the module's note). */
export const fingerprint = (value: unknown): string => part(value);
