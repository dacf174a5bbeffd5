import { DENAGO_LINEUP_IDS, DENAGO_SERIES, seriesOfCategory } from "../../domain/catalogue";
import { formatUsd } from "../../domain/money";
import { modelSlug } from "../../domain/slug";
import { specValue } from "../../domain/spec-label";
import { LinkAndCall, LinkButton } from "../components/CallButton";
import { CtaBand } from "../components/CtaBand";
import { Hero } from "../components/Hero";
import { Icon } from "../components/Icon";
import { Section } from "../components/Section";
import { SeriesCard } from "../components/SeriesCard";
import { VehicleCard } from "../components/VehicleCard";
import { denagoFeatures } from "../content/brands";
import { pageTitle } from "../lib/seo";
import type { PageContext, PageDef } from "./page";
import { CheckList } from "../components/CheckList";
import { ModelActions } from "../components/ModelActions";
import { CONTACT_FORM_HREF } from "../content/nav";

export function denagoPage({ catalogue, site: biz }: PageContext): PageDef {
  const lineup = catalogue.pick(DENAGO_LINEUP_IDS);
  const from = catalogue.lowestStartingPrice(DENAGO_SERIES);
  return {
    path: "/denago",
    meta: {
      title: pageTitle(biz, "Denago EV Golf Carts: EV City, Nomad & Rover"),
      description: `Authorised Denago dealer in ${biz.region}, ${biz.address.region}. The EV City, EV Nomad and EV Rover series${from === undefined ? "" : ` from ${formatUsd(from)}`}, with test drives, financing and local service.`,
      keywords: ["Denago", "Denago EV City", "Denago Nomad", "Denago Rover", `Denago dealer ${biz.state}`],
      path: "/denago",
    },
    body: (
      <>
        <Hero
          image="/images/hero/home.svg"
          badge="AUTHORISED DENAGO DEALER"
          title="Denago electric vehicles"
          lead={`Modern lithium-powered carts for town streets, trails and work, with a warranty we service right here in ${biz.region}.`}
          actions={<LinkAndCall href="/inventory?brand=denago">Shop Denago</LinkAndCall>}
        />
        <Section id="features" heading="Why Denago">
          <ul className="benefit-list">
            {denagoFeatures(biz).map((f) => (
              <li key={f}>
                <Icon name="check" className="icon icon--badge" />
                {f}
              </li>
            ))}
          </ul>
        </Section>
        <Section id="series" tone="muted" heading="Three series, one for every job">
          <div className="card-grid card-grid--3">
            {catalogue.seriesShown(DENAGO_SERIES).map((s) => (
              <SeriesCard key={s.id} series={s} catalogue={catalogue} />
            ))}
          </div>
        </Section>
        <Section id="lineup" heading="The Denago lineup" intro="Prices are the prices you pay, read from our catalogue.">
          <div className="card-grid card-grid--3">
            {lineup.map((v) => (
              <VehicleCard key={v.id} vehicle={v} href={`/vehicles/${modelSlug(v.name)}`} kicker={seriesOfCategory(v.category)?.title ?? v.category}>
                {v.specifications.drive ? <p className="muted">Drive: {specValue(v.specifications.drive)}</p> : null}
                <CheckList items={v.features.slice(0, 3)} />
                <ModelActions name={v.name} href={`/vehicles/${modelSlug(v.name)}`} vehicleId={v.id} />
              </VehicleCard>
            ))}
          </div>
          <p className="center actions actions--center">
            <LinkButton href="/inventory" variant="outline">
              Compare All Models
            </LinkButton>
            <LinkButton href={CONTACT_FORM_HREF}>Schedule Test Drive</LinkButton>
          </p>
        </Section>
        <CtaBand id="denago-cta" heading="Drive a Denago this week" text={`Test drives at our ${biz.address.city} showroom, or we bring a cart to you.`}>
          <LinkAndCall>Schedule Test Drive</LinkAndCall>
        </CtaBand>
      </>
    ),
  };
}
