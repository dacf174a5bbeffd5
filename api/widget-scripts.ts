/**
 * Widget scripts as each site serves them (docs/decisions/0028-widget-scripts-per-site.md): the built
 * script with its one contact literal (domain/widget-contact.ts) swapped for the serving site's, so a partner page that
 * loads it from a site's domain shows that site's phones and financing link. Each (site version, file) is prepared
 * once, in memory: gzip and brotli bytes, a strong ETag and its SRI value; a site's `integrity.json` lists the hashes
 * of its own files, which the console's Embed page offers for a pinned snippet.
 */
import { createHash } from "node:crypto";
import { readFile } from "node:fs/promises";
import path from "node:path";
import { promisify } from "node:util";
import { brotliCompress, constants, gunzipSync, gzip } from "node:zlib";
import type { Request, Response } from "express";
import fresh from "fresh";
import Negotiator from "negotiator";
import type { Site } from "../domain/site";
import { CONTACT_LITERAL, contactLiteral, widgetContact } from "../domain/widget-contact";
import type { Integrity } from "../domain/widget-integrity";

const gzipAsync = promisify(gzip);
const brotliAsync = promisify(brotliCompress);

/** The encodings a prepared file is sent in, best first. */
const OFFERED = ["br", "gzip", "identity"];

/** negotiator 1.x's encodings() takes the server's order for ties (`preferred`); @types/negotiator predates it. */
type PreferringNegotiator = { encodings(available: string[], options: { preferred: string[] }): string[] };

/** The release list a build writes beside its scripts (scripts/build-widgets.ts). */
export const INTEGRITY_FILE = "integrity.json";

/**
 * The widgets' ES module chunks (decision 0060), flat beside the loaders: chunk-{widget, runtime or shared}-{content
 * hash}.js. A name never changes its bytes, so they are cached for good.
 */
export const CHUNK_FILE = /^chunk-[\w-]+\.js$/;
export const CHUNK_CACHE = "public, max-age=31536000, immutable";

/** One file as one site serves it. Only the compressed bytes are kept (identity, which browsers never ask for, is unzipped). */
interface ServedFile {
  gzip: Buffer;
  br: Buffer;
  etag: string;
  /** `sha384-…` of the uncompressed bytes: what a page pins with Subresource Integrity. */
  integrity: string;
  type: string;
}

/** Built and kept files never change while the server runs: each is read once. */
const sources = new Map<string, Promise<Buffer | undefined>>();
const source = (file: string): Promise<Buffer | undefined> => {
  let read = sources.get(file);
  if (!read) {
    read = readFile(file).catch(() => undefined);
    sources.set(file, read);
    void read.then((bytes) => bytes ?? sources.delete(file));
  }
  return read;
};

/** The script with its contact literal replaced by `literal` (a JS string literal however written); as built when it has none (an older release). */
export const withContact = (script: string, literal: string): string => script.replace(CONTACT_LITERAL, () => JSON.stringify(literal));

async function prepare(bytes: Buffer, type: string): Promise<ServedFile> {
  const [gz, br] = await Promise.all([
    gzipAsync(bytes, { level: 9 }),
    brotliAsync(bytes, { params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length } }),
  ]);
  return {
    gzip: gz,
    br,
    etag: `"${createHash("sha1").update(bytes).digest("base64url")}"`,
    integrity: `sha384-${createHash("sha384").update(bytes).digest("base64")}`,
    type,
  };
}

/** Prepared files per site version (sites are never changed in place), by absolute path and contact literal. */
const prepared = new WeakMap<Site, Map<string, Promise<ServedFile | undefined>>>();

function cached(site: Site, key: string, make: () => Promise<ServedFile | undefined>): Promise<ServedFile | undefined> {
  let files = prepared.get(site);
  if (!files) prepared.set(site, (files = new Map()));
  let file = files.get(key);
  if (!file) {
    file = make();
    files.set(key, file);
    void file.then((f) => f ?? files.delete(key));
  }
  return file;
}

/** A script of `dir` as `site` serves it, its literal `literal` (by default the site's current contact facts). */
function script(site: Site, file: string, literal = contactLiteral(widgetContact(site))): Promise<ServedFile | undefined> {
  if (CHUNK_FILE.test(path.basename(file))) return chunk(file);
  return cached(site, `${file}\0${literal}`, async () => {
    const bytes = await source(file);
    return bytes && prepare(Buffer.from(withContact(bytes.toString("utf8"), literal)), "text/javascript; charset=utf-8");
  });
}

/** A chunk carries no site's facts (the loader does): prepared once for every site. */
const chunks = new Map<string, Promise<ServedFile | undefined>>();
function chunk(file: string): Promise<ServedFile | undefined> {
  let prepared = chunks.get(file);
  if (!prepared) {
    prepared = source(file).then((bytes) => bytes && prepare(bytes, "text/javascript; charset=utf-8"));
    chunks.set(file, prepared);
    void prepared.then((f) => f ?? chunks.delete(file));
  }
  return prepared;
}

/** A built folder's integrity list as `site` serves it: each script's hash is that of the site's own copy. */
export async function siteIntegrity(site: Site, dir: string, literal?: string): Promise<Integrity | undefined> {
  const bytes = await source(path.join(dir, INTEGRITY_FILE));
  if (!bytes) return undefined;
  const list = JSON.parse(bytes.toString("utf8")) as Integrity;
  const files: Record<string, string> = {};
  for (const name of Object.keys(list.files)) files[name] = (await script(site, path.join(dir, name), literal))?.integrity ?? list.files[name]!;
  return { ...list, files };
}

/** A folder's integrity.json as `site` serves it. */
function integrity(site: Site, dir: string, literal?: string): Promise<ServedFile | undefined> {
  return cached(site, `${path.join(dir, INTEGRITY_FILE)}\0${literal ?? ""}`, async () => {
    const list = await siteIntegrity(site, dir, literal);
    return list && prepare(Buffer.from(JSON.stringify(list, null, 2)), "application/json; charset=utf-8");
  });
}

/**
 * Answer a Range request for a prepared file from its identity bytes: one satisfiable range is 206 with that slice,
 * an unsatisfiable one 416 through the site's error page (as express.static does), and anything else (several
 * ranges, a malformed header) the whole file, which RFC 9110 allows.
 */
function sendRange(req: Request, res: Response, file: { gzip: Buffer; type: string }): boolean {
  const whole = gunzipSync(file.gzip);
  const ranges = req.range(whole.length);
  if (ranges === -1) {
    res.removeHeader("ETag");
    throw Object.assign(new Error("Range Not Satisfiable"), { status: 416, expose: true });
  }
  res.set({ "Content-Type": file.type, "Accept-Ranges": "bytes" });
  if (ranges === -2 || ranges === undefined || ranges.length !== 1) {
    res.set("Content-Length", String(whole.length)).end(whole);
    return true;
  }
  const { start, end } = ranges[0]!;
  res
    .status(206)
    .set({ "Content-Range": `bytes ${start}-${end}/${whole.length}`, "Content-Length": String(end - start + 1) })
    .end(whole.subarray(start, end + 1));
  return true;
}

/**
 * Answer a script (`*.js`) or the integrity list of the built folder `dir` as the request's site serves it: 304 to a
 * matching If-None-Match, brotli or gzip as accepted. False when `name` is neither, or there is no such file (the
 * caller goes on). `literal` freezes the contact facts (a pinned release's); by default they are the site's own.
 */
export async function sendSiteFile(
  req: Request,
  res: Response,
  { dir, name, cacheControl, literal }: { dir: string; name: string; cacheControl: string; literal?: string },
): Promise<boolean> {
  const site = res.locals.site as Site | undefined;
  if (!site || !/^[\w-]+\.js$|^integrity\.json$/.test(name)) return false;
  const file = await (name === INTEGRITY_FILE ? integrity(site, dir, literal) : script(site, path.join(dir, name), literal));
  if (!file) return false;
  // The URL names the host, so a cache keeps each site's copy apart; only the encoding varies under one URL.
  res.set({ ETag: file.etag, "Cache-Control": cacheControl, Vary: "Accept-Encoding" });
  if (fresh({ "if-none-match": req.headers["if-none-match"] }, { etag: file.etag })) {
    res.status(304).end();
    return true;
  }
  // A Range asks for bytes of the script as it is (identity), as express.static answers it for the other files.
  if (req.headers.range !== undefined) return sendRange(req, res, file);
  // Brotli first where the client takes both at the same q (browsers list "gzip, deflate, br").
  const encoding = (new Negotiator(req) as PreferringNegotiator).encodings(OFFERED, { preferred: OFFERED })[0];
  const body = encoding === "br" ? file.br : encoding === "gzip" ? file.gzip : gunzipSync(file.gzip);
  if (encoding === "br" || encoding === "gzip") res.set("Content-Encoding", encoding);
  res.set({ "Content-Type": file.type, "Content-Length": String(body.length) }).end(body);
  return true;
}
