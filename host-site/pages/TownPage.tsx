import { telHref } from "../../domain/business";
import { townDeliveryText } from "../../domain/delivery";
import { nearbyTowns, type Town } from "../../domain/towns";
import { CallButton, LinkAndCall, LinkButton } from "../components/CallButton";
import { CtaBand } from "../components/CtaBand";
import { Hero } from "../components/Hero";
import { HoursList } from "../components/HoursList";
import { Icon } from "../components/Icon";
import { MapFrame } from "../components/MapFrame";
import { Section } from "../components/Section";
import { TownGrid } from "../components/TownGrid";
import { townBenefits, townServices } from "../content/towns";
import { pageTitle } from "../lib/seo";
import type { PageDef } from "./page";
import { formatSiteAddress, type SiteFacts } from "../lib/site-facts";

export function townPage(biz: SiteFacts, town: Town): PageDef {
  const { main } = biz.phones;
  const kind = town.type === "City" ? "city" : "town";
  return {
    path: town.url,
    meta: {
      title: pageTitle(biz, `Golf Carts in ${town.name}, ${biz.address.region}: Sales, Rentals & Service`),
      description: `Electric golf carts and LSVs for ${town.name}, ${biz.state}: new Denago and Evolution carts, rentals, repairs and delivery from ${biz.name} in ${biz.address.city}.`,
      keywords: [`${town.name} golf carts`, `golf cart rental ${town.name}`, `golf cart repair ${town.name}`, `${town.name} ${biz.address.region}`],
      path: town.url,
    },
    body: (
      <>
        <Hero
          image="/images/hero/town.svg"
          badge={`SERVING ${town.name.toUpperCase()}`}
          title={`Golf carts in ${town.name}, ${biz.state}`}
          lead={`Sales, rentals, service and delivery for the ${kind} of ${town.name}, from your local ${biz.region} dealer.`}
          actions={
            <>
              <CallButton />
              <LinkButton href="/inventory" variant="ghost">
                View Inventory
              </LinkButton>
            </>
          }
        />
        <Section id="benefits" heading={`Why ${town.name} drivers choose us`}>
          <ul className="card-grid card-grid--3">
            {townBenefits(town).map((b) => (
              <li key={b.title} className="card">
                <Icon name="check" className="icon icon--badge" />
                <h3>{b.title}</h3>
                <p>{b.text}</p>
              </li>
            ))}
          </ul>
        </Section>
        <Section id="services" tone="muted" heading={`Our services in ${town.name}`}>
          <ul className="service-list">
            {townServices(biz).map((s) => (
              <li key={s}>
                <Icon name="check" className="icon icon--small" />
                {s}
              </li>
            ))}
          </ul>
        </Section>
        <Section id="contact" heading="Contact and service area">
          <div className="card-grid card-grid--2">
            <section className="card" aria-labelledby="town-contact">
              <h3 id="town-contact">Contact us</h3>
              <dl className="detail-list">
                <div>
                  <dt>Phone</dt>
                  <dd>
                    <a href={telHref(main)}>{main.display}</a>
                  </dd>
                </div>
                <div>
                  <dt>E-mail</dt>
                  <dd>
                    <a href={`mailto:${biz.email}`}>{biz.email}</a>
                  </dd>
                </div>
                <div>
                  <dt>Showroom</dt>
                  <dd>{formatSiteAddress(biz.address)}</dd>
                </div>
              </dl>
              <h4>Opening hours</h4>
              <HoursList />
            </section>
            <section className="card" aria-labelledby="town-area">
              <h3 id="town-area">Service area</h3>
              <p>{townDeliveryText(town, { geo: biz.geo, city: biz.address.city })}</p>
              <p>
                We cover all of {biz.region}. See our <a href="/policies/delivery-policy">delivery policy</a> for lead times and fees.
              </p>
              <h4>Nearby towns</h4>
              <TownGrid towns={nearbyTowns(town, biz.towns)} />
            </section>
          </div>
          <MapFrame title={`Map of ${town.name}, ${biz.state}`} coordinates={town.coordinates} />
        </Section>
        <CtaBand id="town-cta" heading={`Ready to ride in ${town.name}?`} text="Ask for a quote, book a test drive or reserve a rental.">
          <LinkAndCall>Contact us</LinkAndCall>
        </CtaBand>
      </>
    ),
  };
}
