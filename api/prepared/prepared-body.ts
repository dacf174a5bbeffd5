import { createHash } from "node:crypto";
import { promisify } from "node:util";
import { brotliCompress, brotliCompressSync, constants, gzip, gzipSync, type BrotliOptions, type ZlibOptions } from "node:zlib";
import type { Encoding } from "./choose-encoding";

/** gzip's best ratio: it costs little more than level 6 on a page (0.46 against 0.39 ms on /inventory), once per change. */
const GZIP: ZlibOptions = { level: 9 };
/**
 * Brotli quality 5: measured on the seed's /inventory (69 kB of HTML), quality 5 takes 0.65 ms for 7,180 bytes,
 * 9 takes 35 ms for 7,086 and 11 takes 399 ms for 6,448 (docs/decisions/0029-prepared-pages.md). A body is
 * compressed by the first request that asks for it after a change, which waits for it: 11 would hold the first
 * visitor of a 3,500-unit inventory for seconds to save a tenth of the bytes.
 */
const BROTLI_QUALITY = 5;
const brotliOptions = (size: number): BrotliOptions => ({
  params: { [constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY, [constants.BROTLI_PARAM_SIZE_HINT]: size },
});

const gzipAsync = promisify(gzip);
const brotliAsync = promisify(brotliCompress);

/** What a prepared body is served as. */
export interface BodyKind {
  /** The Content-Type header. */
  type: string;
  /** The Cache-Control header. */
  cacheControl: string;
}

/** JSON lists and records: revalidated on every use, a 304 when unchanged, so a widget never shows an older price than the page. */
export const JSON_BODY: BodyKind = { type: "application/json; charset=utf-8", cacheControl: "public, no-cache" };
/** HTML pages: always revalidated (the ETag makes that a 304). */
export const HTML_BODY: BodyKind = { type: "text/html; charset=utf-8", cacheControl: "no-cache" };

/**
 * A response body made once per change and served from memory: its bytes, a
 * strong ETag, and its gzip and brotli forms, each compressed once, by the
 * first request that asks for it, on libuv's thread pool (so a large list
 * does not hold up other requests), and kept; concurrent requests share the
 * one compression.
 */
export class PreparedBody {
  /** The bytes as they are (identity encoding). */
  readonly identity: Buffer;
  /** A strong ETag of the bytes. */
  readonly etag: string;
  readonly kind: BodyKind;
  readonly #encoded: Partial<Record<Exclude<Encoding, "identity">, Buffer | Promise<Buffer>>> = {};

  constructor(bytes: Buffer | string, kind: BodyKind) {
    this.identity = typeof bytes === "string" ? Buffer.from(bytes) : bytes;
    this.etag = `"${createHash("sha1").update(this.identity).digest("base64url")}"`;
    this.kind = kind;
  }

  /** How many bytes it holds in memory: its bytes and the compressed forms made so far. */
  get held(): number {
    let bytes = this.identity.length;
    for (const encoded of Object.values(this.#encoded)) if (Buffer.isBuffer(encoded)) bytes += encoded.length;
    return bytes;
  }

  /** The bytes in `encoding`: a Buffer once compressed, or the one compression in flight. */
  bytes(encoding: Encoding): Buffer | Promise<Buffer> {
    if (encoding === "identity") return this.identity;
    let encoded = this.#encoded[encoding];
    if (!encoded) {
      const pending = encoding === "br" ? brotliAsync(this.identity, brotliOptions(this.identity.length)) : gzipAsync(this.identity, GZIP);
      this.#encoded[encoding] = encoded = pending.then((buffer) => (this.#encoded[encoding] = buffer));
    }
    return encoded;
  }

  /** The bytes in `encoding`, compressed now if they have not been (for tools and tests, never on a request). */
  bytesSync(encoding: Encoding): Buffer {
    if (encoding === "identity") return this.identity;
    const encoded = this.#encoded[encoding];
    if (Buffer.isBuffer(encoded)) return encoded;
    const buffer = encoding === "br" ? brotliCompressSync(this.identity, brotliOptions(this.identity.length)) : gzipSync(this.identity, GZIP);
    this.#encoded[encoding] = buffer;
    return buffer;
  }
}

/** `value` as a JSON body. */
export const prepareJson = (value: unknown): PreparedBody => new PreparedBody(JSON.stringify(value), JSON_BODY);

/** A rendered page as an HTML body. */
export const prepareHtml = (html: string): PreparedBody => new PreparedBody(html, HTML_BODY);
