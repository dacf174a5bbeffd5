import { escapeXml } from "../../domain/escape";
import { absoluteUrl } from "./seo";
import type { SiteFacts } from "./site-facts";

/** An XML sitemap of the given paths (absolute URLs on the public site), in the order given. */
export function sitemapXml(b: SiteFacts, paths: readonly string[]): string {
  const urls = [...new Set(paths)].map((p) => `  <url><loc>${escapeXml(absoluteUrl(b, p))}</loc></url>`);
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.join("\n")}\n</urlset>\n`;
}

/** robots.txt: everything but the JSON API may be crawled; the sitemap is named. */
export const robotsTxt = (b: SiteFacts): string => `User-agent: *\nAllow: /\nDisallow: /api/\n\nSitemap: ${b.siteUrl}/sitemap.xml\n`;
