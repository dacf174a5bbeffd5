import { createHash } from "node:crypto";
import { WIDGETS, type WidgetScript } from "../../widgets/registry";

/** The hashed asset URLs a page links to, written by the build to dist/site/manifest.json. */
export interface SiteAssets {
  css: string;
  /** Shown only when scripting is off: the mobile menu laid out without its toggle. */
  noscriptCss: string;
  menuJs: string;
  /** Each widget's stylesheet (the shared base and its own), linked inside the content the server renders for it. */
  widgetCss: Record<WidgetScript, string>;
  /**
   * The chunks each widget script loads (decision 0060), with their SRI hashes, read from the widgets' build: a page
   * preloads them beside the script, so its widgets take over one round trip sooner. Absent before a widgets build.
   */
  widgetChunks?: Partial<Record<WidgetScript, readonly { href: string; integrity: string }[]>>;
}

/** Where hashed assets are served; they never change, so they are cached for a year. */
export const ASSETS_PREFIX = "/assets/";

/** "site.css" + content → "site.3f2a9c1b.css": the content's hash in the name. */
export function hashedName(fileName: string, content: string | Buffer): string {
  const hash = createHash("sha256").update(content).digest("hex").slice(0, 10);
  const dot = fileName.lastIndexOf(".");
  return dot <= 0 ? `${fileName}.${hash}` : `${fileName.slice(0, dot)}.${hash}${fileName.slice(dot)}`;
}

/** Names as they would be before a build, for tests and a site not built yet. */
export const UNBUILT_ASSETS: SiteAssets = {
  css: `${ASSETS_PREFIX}site.css`,
  noscriptCss: `${ASSETS_PREFIX}noscript.css`,
  menuJs: `${ASSETS_PREFIX}menu.js`,
  widgetCss: Object.fromEntries(WIDGETS.map((w) => [w.script, `${ASSETS_PREFIX}${w.script}.css`])) as SiteAssets["widgetCss"],
};
