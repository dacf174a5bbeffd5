import { renderToStaticMarkup } from "react-dom/server";
import { Document } from "../components/Document";
import type { PageDef } from "../pages/page";
import type { SiteAssets } from "./assets";
import { SiteProvider, type SiteFacts } from "./site-facts";

/** A page of `site` as a complete HTML document. `servedAt` is the path it answers (an alias may differ from the canonical path). */
export function renderPage(site: SiteFacts, page: PageDef, assets: SiteAssets, servedAt: string = page.path): string {
  const html = renderToStaticMarkup(
    <SiteProvider value={site}>
      <Document meta={page.meta} currentPath={servedAt} assets={assets} scripts={page.scripts}>
        {page.body}
      </Document>
    </SiteProvider>,
  );
  return `<!doctype html>${html}`;
}
