import { vehicleBadge } from "../../domain/vehicle-badge";
import { LinkAndCall, LinkButton } from "../components/CallButton";
import { ContactCards } from "../components/ContactCards";
import { Hero } from "../components/Hero";
import { Icon, type IconName } from "../components/Icon";
import { MapFrame } from "../components/MapFrame";
import { Section } from "../components/Section";
import { TownGrid } from "../components/TownGrid";
import { VehicleCard } from "../components/VehicleCard";
import { areaMap, BRANDS, valueBlocks } from "../content/home";
import { pageTitle } from "../lib/seo";
import type { PageContext, PageDef } from "./page";
import type { SiteFacts } from "../lib/site-facts";
import { StatList } from "../components/StatList";
import { CONTACT_FORM_HREF } from "../content/nav";

export function homePage({ catalogue, site: biz }: PageContext): PageDef {
  const featured = catalogue.derive("featured", (all) => all.filter((v) => v.featured));
  return {
    path: "/",
    meta: {
      title: pageTitle(biz, `Electric Golf Carts & LSVs in ${biz.region}, ${biz.address.region}`),
      description: `${biz.name} in ${biz.address.city} sells, rents and services Denago and Evolution electric golf carts and low-speed vehicles across ${biz.region}, ${biz.state}.${biz.financingOffer ? ` ${biz.financingOffer}.` : ""}`,
      keywords: ["golf cart dealer", "Denago", "Evolution", "low-speed vehicles", `${biz.address.city} ${biz.address.region}`, "golf cart rentals"],
      path: "/",
    },
    body: (
      <>
        <Hero
          size="large"
          image="/images/hero/home.svg"
          badge={`${biz.region.toUpperCase()}'S ELECTRIC CART DEALER`}
          title={`Electric golf carts made for life on the ${biz.state} coast`}
          lead={`New street-legal carts and LSVs, rentals by the day or the month, and a service team that comes to you. ${biz.story.reach ? `${biz.story.reach}, we have` : "We have"} served ${biz.region} since ${biz.foundedYear}.`}
          actions={<LinkAndCall href="/inventory">View Inventory</LinkAndCall>}
          aside={
            <StatList
              items={[
                { label: "Years of experience", value: biz.yearsExperience },
                ...(biz.story.customers ? [{ label: "Happy customers", value: biz.story.customers }] : []),
                { label: "Towns served", value: biz.towns.length },
                ...(biz.financingRate ? [{ label: "Financing", value: biz.financingRate }] : []),
              ]}
            />
          }
        />
        <Section id="why-us" heading={`Why ${biz.name}`} eyebrow="Our promise">
          <ul className="card-grid card-grid--4 value-grid">
            {valueBlocks(biz).map((b) => (
              <li key={b.title} className="card value-card">
                <Icon name={b.icon as IconName} className="icon icon--badge" />
                <h3>{b.title}</h3>
                <p>{b.text}</p>
              </li>
            ))}
          </ul>
        </Section>
        <Section
          id="featured"
          tone="muted"
          eyebrow="Just arrived"
          heading="Featured carts"
          intro={`Three of our most asked-about models, ready for a test drive in ${biz.address.city}.`}
        >
          <div className="card-grid card-grid--3">
            {featured.map((v) => (
              <VehicleCard key={v.id} vehicle={v} href={`/vehicle/${v.id}`} badges={[vehicleBadge(v)]}>
                <a className="btn btn--primary btn--block" href={`/vehicle/${v.id}`}>
                  View Details<span className="visually-hidden">: {v.name}</span>
                </a>
              </VehicleCard>
            ))}
          </div>
          <p className="center actions actions--center">
            <LinkButton href="/inventory" variant="outline">
              View Full Inventory
            </LinkButton>
          </p>
        </Section>
        <Section id="brands" heading="Brands we sell and service" intro="Authorised Denago and Evolution dealer. Our workshop services every major make.">
          <ul className="brand-grid">
            {BRANDS.map((b) => {
              const img = <img src={`/images/brand/${b.id}.svg`} alt={b.name} width="320" height="120" loading="lazy" decoding="async" />;
              return <li key={b.id}>{b.href ? <a href={b.href}>{img}</a> : <span className="brand-tile">{img}</span>}</li>;
            })}
          </ul>
        </Section>
        <Section id="about-teaser" tone="dark" eyebrow="About us" heading={`A local dealer since ${biz.foundedYear}`}>
          <div className="split">
            <p className="lead">{aboutTeaser(biz)}</p>
            <p>
              <LinkButton href="/about" variant="accent">
                Our story
              </LinkButton>
            </p>
          </div>
        </Section>
        <Section
          id="service-area"
          heading={`Serving all of ${biz.region}`}
          intro={`Sales, delivery, rentals and service in all ${biz.towns.length} towns and cities of the county. Pick yours for local details.`}
        >
          <div className="split split--map">
            <MapFrame title={`Map of ${biz.region}, ${biz.state}`} coordinates={areaMap(biz).center} span={areaMap(biz).span} />
            <div>
              <p className="count-line">
                <strong>{biz.municipalitiesServed}</strong> municipalities served
              </p>
              <TownGrid towns={biz.towns} />
            </div>
          </div>
        </Section>
        <Section id="contact" tone="muted" heading="Talk to us" intro="Questions about a cart, a rental or a repair? We are a phone call away.">
          <ContactCards />
          <p className="center actions actions--center">
            <LinkButton href={CONTACT_FORM_HREF}>Send us a message</LinkButton>
          </p>
        </Section>
      </>
    ),
  };
}

/** The home page's few words about the business: its own beginnings and customers when it has them (site.story), else what is true of any site. */
export function aboutTeaser(biz: SiteFacts): string {
  const { beginnings, customers, customerKinds } = biz.story;
  const start = beginnings ? `We started ${beginnings} in ${biz.address.city}.` : `We sell, rent and service electric carts in ${biz.address.city}.`;
  const who = customers ? `${customers} customers` : "our customers";
  return `${start} Today we help ${customerKinds ? `${who}, ${customerKinds},` : who} get around quietly and cheaply.`;
}
