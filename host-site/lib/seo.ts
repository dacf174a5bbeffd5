import { siteUrl, type SiteFacts } from "./site-facts";
import type { ShareImage } from "./share-image";

/** The share image every page uses unless it names its own. */
export const DEFAULT_SHARE_IMAGE = "/images/og-default.png";
export const defaultShareImageAlt = (b: SiteFacts): string => `${b.name}: electric golf carts and low-speed vehicles in ${b.region}, ${b.state}`;

/** Keywords every page carries after its own. */
export const defaultKeywords = (b: SiteFacts): readonly string[] => ["golf carts", "electric golf carts", b.region, b.state];

/** Product tags of a vehicle page (Open Graph product namespace). */
export interface ProductMeta {
  /** Whole US dollars. */
  price: number;
  availability: "in stock" | "out of stock";
  condition: "new" | "used";
}

/** What a page tells browsers, search engines and link previews about itself. */
export interface PageMeta {
  /** The full document title. */
  title: string;
  description: string;
  keywords: readonly string[];
  /** The canonical path, e.g. "/privacy-policy". */
  path: string;
  /** Share image (a raster: link previews show no SVG); DEFAULT_SHARE when absent. */
  image?: ShareImage;
  imageAlt?: string;
  type?: "website" | "product";
  product?: ProductMeta;
  /** The previous and next pages of a paged list (`<link rel="prev"/"next">`). */
  prev?: string;
  next?: string;
  /** Keep out of search results (the thank-you and not-found pages, filtered lists). */
  noindex?: boolean;
  /** JSON-LD blocks besides the dealership's own. */
  jsonLd?: readonly object[];
}

/** An absolute URL on the public site. */
export const absoluteUrl = (b: Pick<SiteFacts, "siteUrl">, path: string): string => siteUrl(b, path);

/** "Rentals" → "Rentals | Sussex Coast Golf Carts". */
export const pageTitle = (b: Pick<SiteFacts, "name">, name: string): string => `${name} | ${b.name}`;

/** A page's keywords followed by the defaults, without repeats (case-insensitive). */
export function keywordList(b: SiteFacts, own: readonly string[]): string {
  const seen = new Set<string>();
  const out: string[] = [];
  for (const k of [...own, ...defaultKeywords(b)]) {
    const key = k.trim().toLowerCase();
    if (key && !seen.has(key)) {
      seen.add(key);
      out.push(k.trim());
    }
  }
  return out.join(", ");
}

/** Text cut at a word boundary to at most `max` characters, with an ellipsis when cut. */
export function truncate(text: string, max = 160): string {
  const clean = text.replace(/\s+/g, " ").trim();
  if (clean.length <= max) return clean;
  const cut = clean.slice(0, max - 1);
  const space = cut.lastIndexOf(" ");
  return `${(space > max / 2 ? cut.slice(0, space) : cut).replace(/[\s,.;:]+$/, "")}…`;
}
