/**
 * Versioned widget scripts (docs/partners/csp-and-sri.md, "Versioned scripts"): every release the server has run is kept under
 * DATA_DIR/widget-releases/{version}/ and served for good at /widgets/{version}/… (immutable, so a page can pin it with
 * an SRI hash), and /widgets/v{major}/… serves the newest release of that major version. The build's pinned copy
 * (dist/widgets/{version}/) is added at start-up; a version already kept is never overwritten, so its files and their
 * hashes cannot change under a page that pinned them. Each site is served its own copy of a script (api/widget-scripts.ts).
 */
import { cp, readdir, readFile, stat, writeFile } from "node:fs/promises";
import path from "node:path";
import type { RequestHandler } from "express";
import type { Site } from "../domain/site";
import { CONTACT_LITERAL_PREFIX, contactLiteral, widgetContact } from "../domain/widget-contact";
import { mkdirPrivate, PRIVATE_FILE_MODE } from "./store/file-modes";
import type { Integrity } from "../domain/widget-integrity";
import { sendSiteFile, siteIntegrity } from "./widget-scripts";

export const RELEASES_DIR = "widget-releases";
/** In a kept release: the contact literal each site was first served with (sites/{id}.txt). */
const PINNED_SITES_DIR = "sites";
/** A pinned release never changes: cached for a year. */
const PINNED_CACHE = "public, max-age=31536000, immutable";
/** The newest release of a major version moves on: as the latest scripts. */
const MOVING_CACHE = "public, max-age=300, stale-while-revalidate=86400";

const VERSION = /^(\d+)\.(\d+)\.(\d+)$/;
const byVersion = (a: string, b: string) => {
  const [x, y] = [VERSION.exec(a)!, VERSION.exec(b)!];
  for (let i = 1; i <= 3; i++) if (Number(x[i]) !== Number(y[i])) return Number(x[i]) - Number(y[i]);
  return 0;
};

/** The kept releases: the handler of their paths, and what a site's pinned copy of the current release hashes to. */
export type WidgetReleases = RequestHandler & {
  /** The SRI value of each script of the release this server runs (its build's, else the newest kept), as `site` serves it pinned. */
  integrity(site: Site): Promise<Integrity | undefined>;
};

/** Keep the build's release (if any, and not kept yet) and answer /widgets/{version}/… and /widgets/v{major}/…. */
export async function widgetReleases(widgetsDir: string, dataDir: string): Promise<WidgetReleases> {
  const kept = path.join(dataDir, RELEASES_DIR);
  await mkdirPrivate(kept);
  const built = await readFile(path.join(widgetsDir, "integrity.json"), "utf8").then(
    (t) => (JSON.parse(t) as { version: string }).version,
    () => undefined,
  );
  if (built && VERSION.test(built)) {
    const target = path.join(kept, built);
    const exists = await stat(target).then(
      () => true,
      () => false,
    );
    if (!exists) {
      await cp(path.join(widgetsDir, built), target, { recursive: true });
      console.log(`[widgets] release ${built} kept in ${target}: served at /widgets/${built}/ for good`);
    } else if ((await readFile(path.join(target, "integrity.json"), "utf8")) !== (await readFile(path.join(widgetsDir, built, "integrity.json"), "utf8"))) {
      console.warn(`[widgets] release ${built} is already kept with other files: /widgets/${built}/ serves the kept ones; raise the version to release these`);
    }
  }
  const versions = (await readdir(kept)).filter((v) => VERSION.test(v)).sort(byVersion);
  const newestOf = (major: string) => versions.filter((v) => VERSION.exec(v)![1] === major).at(-1);

  const current = built && versions.includes(built) ? built : versions.at(-1);
  const integrity = async (site: Site) => {
    if (!current) return undefined;
    const dir = path.join(kept, current);
    return siteIntegrity(site, dir, await pinnedLiteral(dir, site));
  };

  const handler: RequestHandler = (req, res, next) => {
    const m = /^\/(v(\d+)|\d+\.\d+\.\d+)\/([\w-]+\.(?:js|json))$/.exec(req.path);
    if (!m || (req.method !== "GET" && req.method !== "HEAD")) return next();
    const version = m[2] !== undefined ? newestOf(m[2]) : versions.includes(m[1]!) ? m[1] : undefined;
    if (!version) return next();
    const moving = m[2] !== undefined;
    const dir = path.join(kept, version);
    const cacheControl = moving ? MOVING_CACHE : PINNED_CACHE;
    const sendFile = () =>
      res.sendFile(m[3]!, { root: dir, headers: { "Cache-Control": cacheControl } }, (err) => {
        if (err && !res.headersSent) next();
      });
    // Scripts follow the request's site: a pinned release with the contact facts it first served that site with.
    const site = res.locals.site as Site | undefined;
    if (!site) return sendFile();
    (moving ? Promise.resolve(undefined) : pinnedLiteral(dir, site))
      .then((literal) => sendSiteFile(req, res, { dir, name: m[3]!, cacheControl, literal }))
      .then((sent) => sent || sendFile(), next);
  };
  return Object.assign(handler, { integrity });
}

/**
 * The contact literal a pinned release serves `site` with, for good: the site's facts when the release first served
 * it, kept in the release's folder (sites/{id}), so the file and its SRI hash never change under a page that pinned
 * them, even when the site's phone does (decision 0026-s1).
 */
const pinned = new Map<string, Promise<string>>();
function pinnedLiteral(releaseDir: string, site: Site): Promise<string> {
  const file = path.join(releaseDir, PINNED_SITES_DIR, `${site.id}.txt`);
  let literal = pinned.get(file);
  if (!literal) {
    const current = contactLiteral(widgetContact(site));
    literal = mkdirPrivate(path.dirname(file))
      .then(() => writeFile(file, current, { flag: "wx", mode: PRIVATE_FILE_MODE }))
      .then(
        () => current,
        async (err: NodeJS.ErrnoException) => {
          if (err.code !== "EEXIST") throw err;
          const kept = (await readFile(file, "utf8")).trim();
          return kept.startsWith(CONTACT_LITERAL_PREFIX) ? kept : current;
        },
      );
    pinned.set(file, literal);
    literal.catch(() => pinned.delete(file));
  }
  return literal;
}
