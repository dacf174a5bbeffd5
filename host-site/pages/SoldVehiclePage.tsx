import { formatUsd } from "../../domain/money";
import type { Vehicle } from "../../domain/vehicle";
import { LinkButton } from "../components/CallButton";
import { Section } from "../components/Section";
import { VehicleCard } from "../components/VehicleCard";
import { pageTitle } from "../lib/seo";
import type { PageDef } from "./page";
import { vehiclePath } from "./VehiclePage";
import type { SiteFacts } from "../lib/site-facts";

/** How many similar carts the sold page offers. */
export const SIMILAR_CARTS = 3;

/** Listed carts most like a sold one: its category first, then its brand, then the nearest price. */
export function similarVehicles(sold: Vehicle, listed: readonly Vehicle[]): Vehicle[] {
  const closeness = (v: Vehicle) => (v.category === sold.category ? 0 : v.brand === sold.brand ? 1 : 2);
  return listed
    .filter((v) => v.id !== sold.id)
    .sort((a, b) => closeness(a) - closeness(b) || Math.abs(a.price - sold.price) - Math.abs(b.price - sold.price))
    .slice(0, SIMILAR_CARTS);
}

/** The page a sold vehicle's address answers, with status 410: it says so, and offers similar carts and the inventory. */
export function soldVehiclePage(biz: SiteFacts, v: Vehicle, similar: readonly Vehicle[]): PageDef {
  const path = vehiclePath(v);
  return {
    path,
    meta: {
      title: pageTitle(biz, `${v.name} has been sold`),
      description: `The ${v.name} (${formatUsd(v.price)}) has been sold. See similar carts in stock at our ${biz.region} showroom.`,
      keywords: [],
      path,
      noindex: true,
    },
    body: (
      <>
        <section className="section not-found" aria-labelledby="page-title">
          <div className="container container--narrow center">
            <h1 id="page-title">This {v.name} has been sold</h1>
            <p className="lead">It has found its new owner. These carts are like it, and our whole inventory is a click away.</p>
            <div className="actions actions--center">
              <LinkButton href="/inventory">Browse the inventory</LinkButton>
              <LinkButton href="/contact" variant="outline">
                Ask about a model
              </LinkButton>
            </div>
          </div>
        </section>
        {similar.length ? (
          <Section id="similar" tone="muted" heading="Similar carts">
            <div className="card-grid card-grid--3">
              {similar.map((s) => (
                <VehicleCard key={s.id} vehicle={s} href={vehiclePath(s)} />
              ))}
            </div>
          </Section>
        ) : null}
      </>
    ),
  };
}
