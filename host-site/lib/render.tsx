import { renderToStaticMarkup } from "react-dom/server";
import { Document } from "../components/Document";
import type { PageDef } from "../pages/page";
import type { SiteAssets } from "./assets";

/** A page as a complete HTML document. `servedAt` is the path it answers (an alias may differ from the canonical path). */
export function renderPage(page: PageDef, assets: SiteAssets, servedAt: string = page.path): string {
  const html = renderToStaticMarkup(
    <Document meta={page.meta} currentPath={servedAt} assets={assets} scripts={page.scripts}>
      {page.body}
    </Document>,
  );
  return `<!doctype html>${html}`;
}
