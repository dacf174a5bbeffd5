import { ECO_FACTS } from "../../domain/eco-calculator";
import { LinkButton } from "../components/CallButton";
import { CtaBand } from "../components/CtaBand";
import { Hero } from "../components/Hero";
import { Icon } from "../components/Icon";
import { Section } from "../components/Section";
import { ServedWidget } from "../components/ServedWidget";
import { ECO_BENEFITS } from "../content/eco";
import { pageTitle } from "../lib/seo";
import type { PageDef } from "./page";
import type { SiteFacts } from "../lib/site-facts";

export function ecoImpactPage(biz: SiteFacts): PageDef {
  return {
    path: "/eco-impact",
    meta: {
      title: pageTitle(biz, "Eco-Impact Calculator: CO2 & Fuel Savings"),
      description: "Work out how much CO2, gasoline and money an electric golf cart saves over a gas cart, by miles per week, usage and years.",
      keywords: ["eco impact calculator", "electric golf cart savings", "CO2 savings", "gas vs electric golf cart"],
      path: "/eco-impact",
    },
    scripts: ["eco-calculator"],
    body: (
      <>
        <Hero
          image="/images/hero/eco.svg"
          badge="ECO-IMPACT CALCULATOR"
          title="What does going electric save?"
          lead="Enter how far you drive and how you use your cart. We will show the fuel, money and CO2 an electric cart saves over a gas one."
        />
        <Section id="calculator" heading="Calculate your impact">
          <ServedWidget tag="gc-eco-calculator" />
          <noscript>
            <p className="notice">The calculator needs JavaScript to work out your figures. The facts below hold for every electric cart.</p>
          </noscript>
        </Section>
        <Section id="why-electric" tone="muted" heading="Why Choose Electric?">
          <ul className="card-grid card-grid--3">
            {ECO_BENEFITS.map((b) => (
              <li key={b.title} className="card">
                <Icon name="leaf" className="icon icon--badge" />
                <h3>{b.title}</h3>
                <p>{b.text}</p>
              </li>
            ))}
          </ul>
        </Section>
        <Section id="facts" heading="Environmental Facts">
          <dl className="fact-grid">
            {ECO_FACTS.map((f) => (
              <div key={f.label}>
                <dt>{f.label}</dt>
                <dd>{f.figure}</dd>
              </div>
            ))}
          </dl>
        </Section>
        <CtaBand id="eco-cta" heading="Ready to make the switch?" text="Find an electric cart that fits the way you drive.">
          <LinkButton href="/inventory" variant="accent">
            View Inventory
          </LinkButton>
          <LinkButton href="/contact" variant="ghost">
            Contact us
          </LinkButton>
        </CtaBand>
      </>
    ),
  };
}
