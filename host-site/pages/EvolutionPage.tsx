import { EVOLUTION_FEATURED_IDS, EVOLUTION_SERIES, seriesOfCategory } from "../../domain/catalogue";
import { formatUsd } from "../../domain/money";
import { featuredModelSlug } from "../../domain/slug";
import { CallButton, LinkButton } from "../components/CallButton";
import { CtaBand } from "../components/CtaBand";
import { Hero } from "../components/Hero";
import { Icon } from "../components/Icon";
import { Section } from "../components/Section";
import { SeriesCard } from "../components/SeriesCard";
import { cardImage } from "../components/VehicleCard";
import { VehiclePicture } from "../../widgets/shared/VehiclePicture";
import { EVOLUTION_DIFFERENCE, EVOLUTION_DRIVE, evolutionWhy } from "../content/brands";
import { pageTitle } from "../lib/seo";
import type { PageContext, PageDef } from "./page";
import { CheckList } from "../components/CheckList";
import { ModelActions } from "../components/ModelActions";
import { CONTACT_FORM_HREF } from "../content/nav";

export function evolutionPage({ catalogue, site: biz }: PageContext): PageDef {
  const featured = catalogue.pick(EVOLUTION_FEATURED_IDS);
  const from = catalogue.lowestStartingPrice(EVOLUTION_SERIES);
  return {
    path: "/evolution",
    meta: {
      title: pageTitle(biz, "Evolution Electric Golf Carts: D5, D6 Max, Classic & More"),
      description: `Authorised Evolution dealer in ${biz.region}, ${biz.address.region}: seven series${from === undefined ? "" : ` from ${formatUsd(from)}`}, including D5 Ranger, D5 Maverick and D6 Max, with lithium power as standard.`,
      keywords: ["Evolution golf carts", "Evolution D5 Ranger", "Evolution D6 Max", `Evolution dealer ${biz.state}`, "EVolution"],
      path: "/evolution",
    },
    body: (
      <>
        <Hero
          image="/images/hero/home.svg"
          badge="AUTHORISED EVOLUTION DEALER"
          title="Evolution electric golf carts"
          lead="Seven series, two to eight seats, street or lifted: Evolution carts pair automotive build quality with maintenance-free lithium power."
          actions={
            <>
              <CallButton />
              <LinkButton href="/inventory" variant="ghost">
                View Inventory
              </LinkButton>
            </>
          }
        />
        <Section id="difference" heading="The Evolution difference">
          <ul className="card-grid card-grid--3">
            {EVOLUTION_DIFFERENCE.map((d) => (
              <li key={d.title} className="feature">
                <Icon name="check" className="icon icon--badge" />
                <h3>{d.title}</h3>
                <p>{d.text}</p>
              </li>
            ))}
          </ul>
        </Section>
        <Section id="series" tone="muted" heading="The Evolution lineup" intro="Seven series; starting prices are the lowest catalogue price in each.">
          <div className="card-grid card-grid--3">
            {catalogue.seriesShown(EVOLUTION_SERIES).map((s) => (
              <SeriesCard key={s.id} series={s} catalogue={catalogue} />
            ))}
          </div>
        </Section>
        <Section id="featured" heading="Featured models">
          <div className="card-grid card-grid--3">
            {featured.map((v) => {
              const s = v.specifications;
              const href = `/vehicles/${featuredModelSlug(v.id)}`;
              return (
                <article key={v.id} className="vehicle-card">
                  <div className="vehicle-card__media">
                    <VehiclePicture src={cardImage(v)} alt="" slot="card" width={800} height={500} />
                    <p className="vehicle-card__badges">
                      <span className="badge">{seriesOfCategory(v.category)?.title ?? v.category}</span>
                      <span className="badge badge--price">{formatUsd(v.price)}</span>
                    </p>
                  </div>
                  <div className="vehicle-card__body">
                    <h3 className="vehicle-card__name">
                      <a href={href}>{v.name}</a>
                    </h3>
                    <dl className="mini-specs">
                      <div>
                        <dt>Seats</dt>
                        <dd>{s.seatingCapacity}</dd>
                      </div>
                      <div>
                        <dt>Range</dt>
                        <dd>{s.range}</dd>
                      </div>
                      <div>
                        <dt>Top speed</dt>
                        <dd>{s.topSpeed}</dd>
                      </div>
                    </dl>
                    <p className="muted">Drive: {EVOLUTION_DRIVE}</p>
                    <CheckList items={v.features.slice(0, 4)} />
                    <ModelActions name={v.name} href={href} vehicleId={v.id} />
                  </div>
                </article>
              );
            })}
          </div>
        </Section>
        <Section id="why" tone="muted" heading="Why buy your Evolution from us">
          <ul className="card-grid card-grid--4">
            {evolutionWhy(biz).map((w) => (
              <li key={w.title} className="card">
                <h3>{w.title}</h3>
                <p>{w.text}</p>
              </li>
            ))}
          </ul>
        </Section>
        <CtaBand id="evolution-cta" heading="Find your Evolution" text={`See the lineup in ${biz.address.city} or book a test drive at home.`}>
          <CallButton />
          <LinkButton href={CONTACT_FORM_HREF} variant="ghost">
            Schedule Test Drive
          </LinkButton>
        </CtaBand>
      </>
    ),
  };
}
