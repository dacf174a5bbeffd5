import { LinkAndCall } from "../components/CallButton";
import { CtaBand } from "../components/CtaBand";
import { Hero } from "../components/Hero";
import { ServedWidget } from "../components/ServedWidget";
import { pageTitle } from "../lib/seo";
import type { PageContext, PageDef } from "./page";

export function inventoryPage({ catalogue, site: biz }: PageContext): PageDef {
  const vehicles = catalogue.vehicles;
  return {
    path: "/inventory",
    meta: {
      title: pageTitle(biz, "Golf Cart Inventory: New Denago & Evolution Carts"),
      description: `Browse ${vehicles.length} new Denago and Evolution electric golf carts and LSVs with prices, seats and range. Search and filter by brand, series and price.`,
      keywords: ["golf carts for sale", "golf cart inventory", "new electric golf carts", "LSV for sale"],
      path: "/inventory",
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
            <ServedWidget tag="gc-inventory" attributes={{ "sync-url": "" }} vehicles={vehicles} />
          </div>
        </section>
        <CtaBand id="inventory-cta" heading="Can't find the right cart?" text="We order any configuration from Denago and Evolution, and take trade-ins.">
          <LinkAndCall>Contact us</LinkAndCall>
        </CtaBand>
      </>
    ),
  };
}
