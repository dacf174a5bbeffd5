import { categoryOptions } from "../../domain/inventory-filter";
import { inventorySummary } from "../../domain/inventory-summary";
import { INVENTORY_PAGE_SIZE, inventoryPage as pageOf, inventorySearch, isFiltered, type InventoryQuery } from "../../domain/inventory-query";
import { LinkAndCall } from "../components/CallButton";
import { CtaBand } from "../components/CtaBand";
import { Hero } from "../components/Hero";
import { ServedWidget } from "../components/ServedWidget";
import { PagedInventory, type ServedPage } from "../components/PagedInventory";
import { pageTitle } from "../lib/seo";
import type { PageContext, PageDef } from "./page";

const PATH = "/inventory";
const href = (query: InventoryQuery) => PATH + inventorySearch(query);

/** The inventory page for a query, and whether that page exists (a page number past the end is a 404). */
export interface InventoryPageDef extends PageDef {
  found: boolean;
}

/**
 * `/inventory?…`: one page of the catalogue, filtered, sorted and cut on the server (domain/inventory-query.ts), with
 * links to the pages beside it. Each page of the unfiltered list is canonical to itself; a filtered, searched or
 * sorted page is `noindex, follow`, canonical to itself, so crawlers follow its cards without indexing every
 * combination (docs/decisions/0027-paged-inventory.md).
 */
export function inventoryPage({ catalogue, site: biz }: PageContext, query: InventoryQuery = {}): InventoryPageDef {
  // Worked out once for every site that shows the same carts, and again only when they change.
  const result = catalogue.derive(`inventory${inventorySearch(query)}`, (all) => pageOf(all, query, INVENTORY_PAGE_SIZE));
  const { page, pageCount } = result;
  const found = page <= pageCount;
  const paged: ServedPage = {
    ...result,
    choice: { q: query.q ?? "", brand: query.brand ?? "", category: query.category ?? "", price: query.price ?? "", sort: query.sort ?? "featured" },
    categories: catalogue.derive("categories", categoryOptions),
    ...(found && page > 1 ? { prev: href({ ...query, page: page - 1 }) } : {}),
    ...(found && page < pageCount ? { next: href({ ...query, page: page + 1 }) } : {}),
    first: PATH,
    catalogueSize: catalogue.derive("size", (all) => all.length),
  };
  const filtered = isFiltered(query);
  const onPage = page > 1 ? ` (page ${page})` : "";
  return {
    path: PATH,
    found,
    meta: {
      title: pageTitle(biz, `Golf Cart Inventory: New Denago & Evolution Carts${onPage}`),
      description: `Browse ${catalogue.derive("summary", inventorySummary)}, with prices, seats and range. Search and filter by brand, series and price.`,
      keywords: ["golf carts for sale", "golf cart inventory", "new electric golf carts", "LSV for sale"],
      path: href(query),
      ...(paged.prev ? { prev: paged.prev } : {}),
      ...(paged.next ? { next: paged.next } : {}),
      ...(filtered || !found ? { noindex: true } : {}),
    },
    scripts: ["inventory"],
    body: (
      <>
        <Hero
          size="small"
          title="Our inventory"
          lead="Every cart on our lot and on order, with the price you pay. Search by name, or filter by brand, series and price."
        />
        <section className="section" aria-labelledby="inventory-list">
          <div className="container">
            {/* The cards' names are h3: this keeps the heading outline whole for screen readers. */}
            <h2 id="inventory-list" className="visually-hidden">
              Vehicles for sale
            </h2>
            <ServedWidget tag="gc-inventory" attributes={{ "sync-url": "" }} content={<PagedInventory paged={paged} />} />
          </div>
        </section>
        <CtaBand id="inventory-cta" heading="Can't find the right cart?" text="We order any configuration from Denago and Evolution, and take trade-ins.">
          <LinkAndCall>Contact us</LinkAndCall>
        </CtaBand>
      </>
    ),
  };
}
