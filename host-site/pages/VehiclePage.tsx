import { formatUsd } from "../../domain/money";
import type { Vehicle } from "../../domain/vehicle";
import type { PublicVehicle } from "../../domain/public-vehicle";
import { unitFacts } from "../../domain/unit-facts";
import { ServedWidget } from "../components/ServedWidget";
import { quoteHref } from "../content/nav";
import { cardImage } from "../components/VehicleCard";
import { vehicleJsonLd } from "../lib/json-ld";
import { shareImage } from "../lib/share-image";
import { pageTitle, truncate } from "../lib/seo";
import type { PageDef } from "./page";
import type { SiteFacts } from "../lib/site-facts";
import type { PaymentFields } from "../../domain/payment";
import { PaymentQueryContext } from "../../widgets/vehicle-detail/PaymentEstimate";

/** The canonical path of a vehicle's page, whichever link rule reached it. */
export const vehiclePath = (v: Pick<Vehicle, "id">): string => `/vehicle/${v.id}`;

/**
 * A vehicle's page, rendered per request from the catalogue: meta and product tags, the unit's facts, Vehicle JSON-LD
 * and the detail widget; `estimate` is the payment estimate's figures its GET form sent, computed in the page.
 */
export function vehiclePage(biz: SiteFacts, v: PublicVehicle, estimate?: Partial<PaymentFields>): PageDef {
  const path = vehiclePath(v);
  const s = v.specifications;
  const facts = unitFacts(v);
  return {
    path,
    meta: {
      title: pageTitle(biz, `${v.name} | ${formatUsd(v.price)}`),
      description: truncate(
        `${v.name} for ${formatUsd(v.price)} at ${biz.name} in ${biz.address.city}, ${biz.address.region}: ${s.seatingCapacity} seats, ${s.range} range${s.topSpeed ? `, ${s.topSpeed} top speed` : ""}. ${v.description}`,
      ),
      keywords: [v.name, `${v.brand} golf carts`, `${v.category} golf cart`, `${v.brand} ${v.category} for sale`],
      path,
      // Shared links show this vehicle: its main image as a raster (a photo's JPEG, a drawing's PNG), named for it.
      image: shareImage(cardImage(v)),
      imageAlt: v.name,
      type: "product",
      product: { price: v.price, availability: v.inStock ? "in stock" : "out of stock", condition: v.condition },
      jsonLd: [vehicleJsonLd(biz, v, path)],
    },
    scripts: ["vehicle-detail"],
    body: (
      <>
        <div className="title-band">
          <div className="container">
            <nav aria-label="Breadcrumb" className="breadcrumb">
              <ol>
                <li>
                  <a href="/">Home</a>
                </li>
                <li>
                  <a href="/inventory">Inventory</a>
                </li>
                <li aria-current="page">{v.name}</li>
              </ol>
            </nav>
            <h1 id="page-title">{v.name}</h1>
            <p className="muted">
              {v.brand} · {v.category}
            </p>
            <dl className="unit-facts" aria-label="This unit">
              {facts.map((f) => (
                <div key={f.label}>
                  <dt>{f.label}</dt>
                  <dd>{f.value}</dd>
                </div>
              ))}
            </dl>
            <p className="actions">
              <a className="btn btn--primary" href={quoteHref(v.id)}>
                Get Quote<span className="visually-hidden">: {v.name}</span>
              </a>
            </p>
          </div>
        </div>
        <section className="section" aria-labelledby="page-title">
          <div className="container">
            <PaymentQueryContext.Provider value={estimate}>
              <ServedWidget tag="gc-vehicle-detail" attributes={{ "vehicle-id": v.id }} vehicles={v} />
            </PaymentQueryContext.Provider>
          </div>
        </section>
      </>
    ),
  };
}
