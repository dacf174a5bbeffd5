import { LinkAndCall } from "../components/CallButton";
import { CtaBand } from "../components/CtaBand";
import { Hero } from "../components/Hero";
import { VehicleCard } from "../components/VehicleCard";
import { vehicleBadge } from "../../domain/vehicle-badge";
import { SORT_OPTIONS } from "../../domain/inventory-filter";
import { pageTitle } from "../lib/seo";
import type { PageContext, PageDef } from "./page";

/** The inventory widget's filter bar as it first shows: each control's label and its text. */
const FILTER_PLACES = [
  ["Search", "Search by name or description"],
  ["Brand", "All"],
  ["Category", "All"],
  ["Price", "All"],
  ["Sort by", SORT_OPTIONS[0].label],
] as const;

/** Cards in the grid's first row on a wide screen: the page's first screen. */
const FIRST_ROW = 3;

export function inventoryPage({ catalogue }: PageContext): PageDef {
  const vehicles = catalogue.vehicles;
  return {
    path: "/inventory",
    meta: {
      title: pageTitle("Golf Cart Inventory: New Denago & Evolution Carts"),
      description: `Browse ${vehicles.length} new Denago and Evolution electric golf carts and LSVs with prices, seats and range. Search and filter by brand, series and price.`,
      keywords: ["golf carts for sale", "golf cart inventory", "new electric golf carts", "LSV for sale"],
      path: "/inventory",
    },
    scripts: ["inventory"],
    preloads: ["/api/vehicles"],
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
            <gc-inventory sync-url="">
              {/* The filter bar's place from the first paint; the widget's own bar takes it over (its "filters" slot). */}
              <div className="filters-placeholder" slot="filters" aria-hidden="true">
                {FILTER_PLACES.map(([label, text]) => (
                  <div key={label} className={`filters-placeholder__field${label === "Search" ? " filters-placeholder__field--search" : ""}`}>
                    {label}
                    <span className="filters-placeholder__control">{text}</span>
                  </div>
                ))}
              </div>
              <p className="muted">Showing {vehicles.length} vehicles.</p>
              <div className="card-grid card-grid--3">
                {vehicles.map((v, i) => (
                  <VehicleCard
                    key={v.id}
                    vehicle={v}
                    href={`/vehicles/${v.id}`}
                    badges={[vehicleBadge(v)]}
                    image={i === 0 ? "first" : i < FIRST_ROW ? "eager" : "lazy"}
                  />
                ))}
              </div>
            </gc-inventory>
          </div>
        </section>
        <CtaBand id="inventory-cta" heading="Can't find the right cart?" text="We order any configuration from Denago and Evolution, and take trade-ins.">
          <LinkAndCall>Contact us</LinkAndCall>
        </CtaBand>
      </>
    ),
  };
}
