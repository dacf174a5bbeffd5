/**
 * Build the host site into dist/site: hashed CSS and menu script in assets/,
 * every page that does not read the catalogue prerendered to pages/*.html,
 * and manifest.json for the site router, which renders the catalogue's pages
 * itself. Run with `npm run build:site`.
 */
import { mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { transformWithEsbuild } from "vite";
import { Catalogue, seedCatalogue } from "../../domain/catalogue";
import { publicVehicle } from "../../domain/public-vehicle";
import { ASSETS_PREFIX, hashedName, type SiteAssets } from "../lib/assets";
import { renderPage } from "../lib/render";
import { siteFacts } from "../lib/site-facts";
import { firstSite } from "../../domain/site-seed";
import { notFoundPage } from "../pages/NotFoundPage";
import { assertUniqueTitles, fixedPages, NOT_FOUND_FILE, PAGE_ALIASES, pageFile, sitePages } from "../routes";
import { MANIFEST_FILE, PAGES_DIR, type SiteManifest } from "../site-manifest";
import { WIDGETS, type WidgetScript } from "../../widgets/registry";

const HOST = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const OUT = path.resolve(HOST, "../dist/site");
const started = Date.now();

/** Write `content` under assets/ with its hash in the name; returns its URL. */
function writeAsset(name: string, content: string): string {
  const file = hashedName(name, content);
  writeFileSync(path.join(OUT, "assets", file), content);
  return `${ASSETS_PREFIX}${file}`;
}

/** The files joined in order and minified as one (the site's stylesheet starts from the brand tokens it shares with the console). */
async function minify(files: string[], loader: "css" | "ts"): Promise<string> {
  const source = files.map((file) => readFileSync(path.join(HOST, file), "utf8")).join("\n");
  const out = await transformWithEsbuild(source, files.at(-1)!, {
    loader,
    minify: true,
    target: loader === "ts" ? "es2020" : "chrome100",
    ...(loader === "ts" ? { format: "iife" as const } : {}),
  });
  return out.code;
}

/** Each widget script's chunks as the widgets' build lists them (dist/widgets/sizes.json, integrity.json); none without that build. */
function widgetChunks(): SiteAssets["widgetChunks"] {
  const dir = path.resolve(HOST, "../dist/widgets");
  try {
    const sizes = JSON.parse(readFileSync(path.join(dir, "sizes.json"), "utf8")) as { widgets: { script: WidgetScript; files: string[] }[] };
    const { files } = JSON.parse(readFileSync(path.join(dir, "integrity.json"), "utf8")) as { files: Record<string, string> };
    return Object.fromEntries(
      sizes.widgets.map((w) => [w.script, w.files.filter((f) => f.startsWith("chunk-")).map((f) => ({ href: `/widgets/${f}`, integrity: files[f]! }))]),
    );
  } catch {
    return undefined;
  }
}

rmSync(OUT, { recursive: true, force: true });
mkdirSync(path.join(OUT, "assets"), { recursive: true });
mkdirSync(path.join(OUT, PAGES_DIR), { recursive: true });

const assets: SiteAssets = {
  css: writeAsset("site.css", await minify(["styles/tokens.css", "styles/site.css"], "css")),
  noscriptCss: writeAsset("noscript.css", await minify(["styles/noscript.css"], "css")),
  menuJs: writeAsset("menu.js", await minify(["client/menu.ts"], "ts")),
  // The very styles each widget adopts in its shadow root (widgets/shared/styles.ts), for the content the server renders in it.
  widgetCss: Object.fromEntries(
    await Promise.all(
      WIDGETS.map(async (w) => [
        w.script,
        writeAsset(`${w.script}.css`, await minify(["../widgets/shared/base.css", `../widgets/${w.folder}/${w.folder}.css`], "css")),
      ]),
    ),
  ) as SiteAssets["widgetCss"],
  widgetChunks: widgetChunks(),
};

// Titles are checked across every page, the catalogue's pages (as the seed renders them) included.
// The server renders every page per site (server/site-pages.ts); the build renders the first site's fixed pages as a check that
// they render, and keeps them in dist/site/pages for inspection.
const site = siteFacts(firstSite());
assertUniqueTitles(sitePages({ catalogue: new Catalogue(seedCatalogue().map(publicVehicle)), site }));
const pages = fixedPages(site);
const manifest: SiteManifest = { assets, pages: {}, sitemap: [], notFound: NOT_FOUND_FILE };

const write = (file: string, html: string) => {
  const target = path.join(OUT, PAGES_DIR, file);
  mkdirSync(path.dirname(target), { recursive: true });
  writeFileSync(target, html);
};

for (const page of pages) {
  const file = pageFile(page.path);
  write(file, renderPage(site, page, assets));
  manifest.pages[page.path] = file;
  if (!page.meta.noindex) manifest.sitemap.push(page.path);
}
for (const [alias, target] of Object.entries(PAGE_ALIASES)) {
  const file = manifest.pages[target];
  if (!file) throw new Error(`Alias ${alias} points at ${target}, which is not a page`);
  manifest.pages[alias] = file;
}
write(NOT_FOUND_FILE, renderPage(site, notFoundPage(), assets));
writeFileSync(path.join(OUT, MANIFEST_FILE), `${JSON.stringify(manifest, null, 2)}\n`);

console.log(
  `[build] site: ${pages.length} fixed pages, ${Object.keys(PAGE_ALIASES).length} aliases and the 404 page in dist/site (${((Date.now() - started) / 1000).toFixed(1)} s)`,
);
