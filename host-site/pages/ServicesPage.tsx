import { LinkAndCall } from "../components/CallButton";
import { CtaBand } from "../components/CtaBand";
import { Hero } from "../components/Hero";
import { Icon } from "../components/Icon";
import { Section } from "../components/Section";
import { moreServices, serviceOfferings, serviceReasons } from "../content/services";
import { pageTitle } from "../lib/seo";
import type { PageDef } from "./page";
import { CheckList } from "../components/CheckList";
import type { SiteFacts } from "../lib/site-facts";

export function servicesPage(biz: SiteFacts): PageDef {
  return {
    path: "/services",
    meta: {
      title: pageTitle(biz, "Golf Cart Service, Repairs & Lithium Upgrades"),
      description: `Golf cart repairs, maintenance, lithium battery upgrades, custom lift kits and warranty service in ${biz.address.city}, ${biz.address.region}, with pickup across ${biz.region}.`,
      keywords: ["golf cart repair", "golf cart service", "lithium battery conversion", "golf cart lift kit", "warranty service"],
      path: "/services",
    },
    body: (
      <>
        <Hero
          image="/images/hero/services.svg"
          title="Service that keeps you rolling"
          lead="Factory-trained technicians, genuine parts and pickup from your driveway. Most repairs are done within 24 to 48 hours."
          actions={<LinkAndCall>Book a service</LinkAndCall>}
        />
        <Section id="offerings" heading="What we do">
          <div className="card-grid card-grid--2">
            {serviceOfferings(biz).map((s) => (
              <article key={s.id} className="card service-card">
                <h3>{s.title}</h3>
                <p className="price-text">{s.priceText}</p>
                <p>{s.description}</p>
                <CheckList items={s.features} />
                <a className="text-link" href="/contact">
                  Ask about {s.title.toLowerCase()} <Icon name="arrow" className="icon icon--small" />
                </a>
              </article>
            ))}
          </div>
        </Section>
        <Section id="more" tone="muted" heading="More from our team">
          <ul className="card-grid card-grid--4">
            {moreServices(biz).map((m) => (
              <li key={m.title} className="card">
                <h3>
                  <a href={m.href}>{m.title}</a>
                </h3>
                <p>{m.text}</p>
              </li>
            ))}
          </ul>
        </Section>
        <Section id="why" heading="Why choose our service department">
          <ul className="card-grid card-grid--4">
            {serviceReasons(biz).map((r) => (
              <li key={r.title} className="feature">
                <Icon name="shield" className="icon icon--badge" />
                <h3>{r.title}</h3>
                <p>{r.text}</p>
              </li>
            ))}
          </ul>
        </Section>
        <CtaBand id="services-cta" heading="Book your cart in" text="Tell us what is wrong or what you would like, and we will quote before we start.">
          <LinkAndCall>Request service</LinkAndCall>
        </CtaBand>
      </>
    ),
  };
}
