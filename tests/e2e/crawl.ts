/** Internal paths linked from a page: <a href>, resolved, without hash; tel:, mailto: and other origins skipped. */
export function internalLinks(html: string, from: string, origin: string): string[] {
  const out: string[] = [];
  for (const m of html.matchAll(/<a\s[^>]*?href="([^"]*)"/g)) {
    const raw = m[1]!.replace(/&amp;/g, "&");
    const url = new URL(raw, origin + from);
    if (url.origin !== origin) continue;
    out.push(url.pathname + url.search);
  }
  return out;
}
