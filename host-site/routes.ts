import { TOWNS } from "../domain/towns";
import { LEGAL_ALIASES, POLICY_DOCUMENTS } from "./content/policies";
import { aboutPage } from "./pages/AboutPage";
import { contactPage } from "./pages/ContactPage";
import { denagoPage } from "./pages/DenagoPage";
import { ecoImpactPage } from "./pages/EcoImpactPage";
import { evolutionPage } from "./pages/EvolutionPage";
import { homePage } from "./pages/HomePage";
import { inventoryPage } from "./pages/InventoryPage";
import type { PageContext, PageDef } from "./pages/page";
import { policyPage } from "./pages/PolicyPage";
import { rentalsPage } from "./pages/RentalsPage";
import { servicesPage } from "./pages/ServicesPage";
import { showroomPage } from "./pages/ShowroomPage";
import { sitemapPage } from "./pages/SitemapPage";
import { thankYouPage } from "./pages/ThankYouPage";
import { townPage } from "./pages/TownPage";

/** Every page known at build time (spec §2), in sitemap order. Vehicle pages are rendered per request. */
export function staticPages(ctx: PageContext): PageDef[] {
  const pages = [
    homePage(ctx),
    inventoryPage(ctx),
    rentalsPage(),
    servicesPage(),
    aboutPage(),
    denagoPage(ctx),
    evolutionPage(ctx),
    showroomPage(),
    ecoImpactPage(),
    contactPage(),
    thankYouPage(),
    ...TOWNS.map(townPage),
    ...POLICY_DOCUMENTS.map(policyPage),
  ];
  return [...pages, sitemapPage(pages, ctx)];
}

/** Short paths answered with another page's HTML (that page stays canonical). */
export const PAGE_ALIASES = LEGAL_ALIASES;

/** The file a page is written to under dist/site/pages: "/" → "index.html", "/policies/x" → "policies/x.html". */
export const pageFile = (path: string): string => (path === "/" ? "index.html" : `${path.slice(1)}.html`);

/** The file of the not-found page. */
export const NOT_FOUND_FILE = "404.html";
