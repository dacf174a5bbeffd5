import { SITEMAP_PATH } from "./content/nav";
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

/** The pages that show catalogue data but the sitemap, by path. */
const LISTING_PAGES: readonly [string, (ctx: PageContext) => PageDef][] = [
  ["/", homePage],
  ["/inventory", (ctx) => inventoryPage(ctx)],
  ["/denago", denagoPage],
  ["/evolution", evolutionPage],
];

/** The page that shows catalogue data at each path: the server renders them from the live catalogue. */
const CATALOGUE_PAGES = new Map<string, (ctx: PageContext) => PageDef>([
  ...LISTING_PAGES,
  // The HTML sitemap counts the vehicles by brand and series, so it is a catalogue page too.
  [SITEMAP_PATH, (ctx) => sitemapPage([...LISTING_PAGES.map(([, page]) => page(ctx)), ...fixedPages(ctx.site)], ctx)],
]);

/** The paths of the pages that show catalogue data. */
export const CATALOGUE_PATHS: readonly string[] = [...CATALOGUE_PAGES.keys()];

/** The catalogue page at `path`, or undefined when `path` is not one. */
export const cataloguePage = (ctx: PageContext, path: string): PageDef | undefined => CATALOGUE_PAGES.get(path)?.(ctx);

/** Every page that shows catalogue data. */
export const cataloguePages = (ctx: PageContext): PageDef[] => CATALOGUE_PATHS.map((path) => cataloguePage(ctx, path)!);

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
