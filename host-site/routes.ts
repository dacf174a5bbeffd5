import { LEGAL_ALIASES, POLICY_DOCUMENTS } from "./content/policies";
import { aboutPage } from "./pages/AboutPage";
import { contactPage } from "./pages/ContactPage";
import { denagoPage } from "./pages/DenagoPage";
import { ecoImpactPage } from "./pages/EcoImpactPage";
import { evolutionPage } from "./pages/EvolutionPage";
import { homePage } from "./pages/HomePage";
import { inventoryPage } from "./pages/InventoryPage";
import type { PageContext, PageDef } from "./pages/page";
import type { SiteFacts } from "./lib/site-facts";
import { policyPage } from "./pages/PolicyPage";
import { rentalsPage } from "./pages/RentalsPage";
import { servicesPage } from "./pages/ServicesPage";
import { showroomPage } from "./pages/ShowroomPage";
import { sitemapPage } from "./pages/SitemapPage";
import { thankYouPage } from "./pages/ThankYouPage";
import { townPage } from "./pages/TownPage";

/** The pages that show catalogue data: the server renders them from the live catalogue, and again after every change. */
export function cataloguePages(ctx: PageContext): PageDef[] {
  const pages = [homePage(ctx), inventoryPage(ctx), denagoPage(ctx), evolutionPage(ctx)];
  // The HTML sitemap lists every vehicle, so it is a catalogue page too.
  return [...pages, sitemapPage([...pages, ...fixedPages(ctx.site)], ctx)];
}

/** The pages of a site that never read the catalogue: its town pages are its towns'. Vehicle pages are rendered by the server. */
export function fixedPages(site: SiteFacts): PageDef[] {
  return [
    rentalsPage(site),
    servicesPage(site),
    aboutPage(site),
    showroomPage(site),
    ecoImpactPage(site),
    contactPage(site),
    thankYouPage(site),
    ...site.towns.map((town) => townPage(site, town)),
    ...POLICY_DOCUMENTS.map((doc) => policyPage(site, doc)),
  ];
}

/** Every page of the route table (spec §2 "Full route table") but the vehicle pages, in sitemap order. */
export const sitePages = (ctx: PageContext): PageDef[] => [...cataloguePages(ctx), ...fixedPages(ctx.site)];

/** Every page's title is its own: a clash is a content bug, found by the build and the tests. */
export function assertUniqueTitles(pages: readonly PageDef[]): void {
  const titles = new Map<string, string>();
  for (const page of pages) {
    const clash = titles.get(page.meta.title);
    if (clash) throw new Error(`Pages ${clash} and ${page.path} share the title "${page.meta.title}"`);
    titles.set(page.meta.title, page.path);
  }
}

/** Short paths answered with another page's HTML (that page stays canonical). */
export const PAGE_ALIASES = LEGAL_ALIASES;

/** The file a page is written to under dist/site/pages: "/" → "index.html", "/policies/x" → "policies/x.html". */
export const pageFile = (path: string): string => (path === "/" ? "index.html" : `${path.slice(1)}.html`);

/** The file of the not-found page. */
export const NOT_FOUND_FILE = "404.html";
