import { inventoryFacets } from "../../domain/inventory-facets";
import { formatNumber } from "../../domain/number-format";
import { Hero } from "../components/Hero";
import { Section } from "../components/Section";
import { ABOUT_NAV, CONTACT_NAV, FOOTER_COLUMNS, MAIN_NAV, SITEMAP_PATH, townLinks } from "../content/nav";
import { POLICY_DOCUMENTS } from "../content/policies";
import { pageTitle } from "../lib/seo";
import type { PageContext, PageDef } from "./page";
import type { SiteFacts } from "../lib/site-facts";

/** The names the header and footer give pages; a page they do not name goes by its title without the site's name. */
const NAV_LABELS = new Map([...MAIN_NAV, ...ABOUT_NAV, CONTACT_NAV, ...FOOTER_COLUMNS.flatMap((c) => c.links)].map((l) => [l.href, l.label]));
const pageName = (biz: SiteFacts, p: PageDef): string =>
  NAV_LABELS.get(p.path) ?? townLinks(biz.towns).find((l) => l.href === p.path)?.label ?? p.meta.title.replace(` | ${biz.name}`, "");

function LinkList({ links }: { links: readonly { href: string; label: string }[] }) {
  return (
    <ul className="sitemap-list">
      {links.map((l) => (
        <li key={l.href}>
          <a href={l.href}>{l.label}</a>
        </li>
      ))}
    </ul>
  );
}

/**
 * A page for people listing every public page: the given pages (all but the
 * noindex ones), grouped into the site's pages, policies and towns, and the
 * inventory by brand and series, with their counts. Not every vehicle: at a
 * dealer group's 3,500 units that would be 3,500 links; /sitemap.xml
 * lists each one for search engines.
 */
export function sitemapPage(pages: readonly PageDef[], { catalogue, site: biz }: PageContext): PageDef {
  const listed = pages.filter((p) => !p.meta.noindex);
  const towns = new Set(biz.towns.map((t) => t.url));
  const policies = new Set(POLICY_DOCUMENTS.map((d) => d.path));
  const link = (p: PageDef) => ({ href: p.path, label: pageName(biz, p) });
  const { brands } = catalogue.derive("facets", (all) => inventoryFacets(all));
  const inventoryLink = (label: string, count: number, params: Record<string, string>) => ({
    href: `/inventory?${new URLSearchParams(params)}`,
    label: `${label} (${formatNumber(count)})`,
  });
  return {
    path: SITEMAP_PATH,
    meta: {
      title: pageTitle(biz, "Sitemap"),
      description: `Every page of the ${biz.name} site: golf cart inventory, brands, rentals, service, policies, the towns of ${biz.region} we serve and our vehicles by brand and series.`,
      keywords: ["sitemap", `golf carts ${biz.region}`, "site index"],
      path: SITEMAP_PATH,
    },
    body: (
      <>
        <Hero size="small" title="Sitemap" lead="Every page of our site in one place." />
        <Section id="pages" heading="Shop, service and company">
          <LinkList links={listed.filter((p) => !towns.has(p.path) && !policies.has(p.path)).map(link)} />
        </Section>
        <Section id="vehicles" tone="muted" heading="Vehicles">
          {brands.map((brand) => (
            <div key={brand.value} className="sitemap-group">
              <h3>{brand.label}</h3>
              <LinkList
                links={[
                  inventoryLink(`Every ${brand.label} vehicle`, brand.count, { brand: brand.value }),
                  ...catalogue
                    .derive(`facets:${brand.value}`, (all) => inventoryFacets(all, brand.value))
                    .categories.map((c) => inventoryLink(c.label, c.count, { brand: brand.value, category: c.value })),
                ]}
              />
            </div>
          ))}
        </Section>
        <Section id="towns" heading="Golf carts by town">
          <LinkList links={listed.filter((p) => towns.has(p.path)).map(link)} />
        </Section>
        <Section id="policies" tone="muted" heading="Policies and legal">
          <LinkList links={listed.filter((p) => policies.has(p.path)).map(link)} />
        </Section>
      </>
    ),
  };
}
