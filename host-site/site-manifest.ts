import type { SiteAssets } from "./lib/assets";

/** dist/site/manifest.json: what the build wrote, read by the site router at start-up. */
export interface SiteManifest {
  assets: SiteAssets;
  /** Served path → file under dist/site/pages (aliases included). */
  pages: Record<string, string>;
  /** Paths for the sitemap: canonical, indexable pages only. */
  sitemap: string[];
  notFound: string;
}

export const MANIFEST_FILE = "manifest.json";
export const PAGES_DIR = "pages";
