import { BUSINESS } from "../../domain/business";
import { TOWNS } from "../../domain/towns";
import { LinkButton } from "../components/CallButton";
import { ContactCards } from "../components/ContactCards";
import { Hero } from "../components/Hero";
import { MapFrame } from "../components/MapFrame";
import { Section } from "../components/Section";
import { TownGrid } from "../components/TownGrid";
import { REGIONS, TEAMS, VALUES } from "../content/about";
import { COUNTY_MAP } from "../content/home";
import { pageTitle } from "../lib/seo";
import type { PageDef } from "./page";
import { StatList } from "../components/StatList";

export function aboutPage(): PageDef {
  return {
    path: "/about",
    meta: {
      title: pageTitle("About Us: Sussex County's Golf Cart Dealer Since 2010"),
      description: `Family-run since ${BUSINESS.foundedYear} in ${BUSINESS.address.city}, Delaware: ${BUSINESS.yearsExperience} years and ${BUSINESS.happyCustomers} customers across all ${TOWNS.length} towns of Sussex County. Meet our team and our values.`,
      keywords: ["about Sussex Coast Golf Carts", "local golf cart dealer", "Georgetown Delaware"],
      path: "/about",
    },
    body: (
      <>
        <Hero
          title="Local carts, local people"
          badge={`SINCE ${BUSINESS.foundedYear}`}
          lead="We are a Sussex County business selling, renting and looking after electric carts for the neighbours we share the roads with."
        />
        <Section id="story" heading="Our story">
          <div className="split">
            <div className="prose">
              <p>
                {BUSINESS.name} opened in {BUSINESS.address.city} in {BUSINESS.foundedYear} with a few used carts and one service bay. Summer visitors wanted
                carts for the beach towns, year-round residents wanted something quieter and cheaper than a second car, and farms and marinas needed a
                hard-working utility vehicle.
              </p>
              <p>
                We grew by doing the unglamorous things well: honest prices, repairs done quickly, and a phone that gets answered. Today we are an authorised
                Denago and Evolution dealer with a rental fleet, a full workshop and storage for the off-season.
              </p>
            </div>
            <StatList
              light
              items={[
                { label: "Years in business", value: BUSINESS.yearsExperience },
                { label: "Customers", value: BUSINESS.happyCustomers },
                { label: "Towns served", value: TOWNS.length },
                { label: "Founded", value: BUSINESS.foundedYear },
              ]}
            />
          </div>
        </Section>
        <Section id="values" tone="muted" heading="What we stand for">
          <ul className="card-grid card-grid--4">
            {VALUES.map((v) => (
              <li key={v.title} className="card">
                <h3>{v.title}</h3>
                <p>{v.text}</p>
              </li>
            ))}
          </ul>
        </Section>
        <Section id="team" heading="Our team">
          <ul className="card-grid card-grid--4">
            {TEAMS.map((t) => (
              <li key={t.name} className="card team-card">
                <h3>{t.name}</h3>
                <p className="eyebrow">{t.role}</p>
                <p>{t.text}</p>
                <p className="muted">{t.experience}</p>
              </li>
            ))}
          </ul>
        </Section>
        <Section id="area" tone="muted" heading="Where we work" intro={`${TOWNS.length} towns and cities in three parts of the county.`}>
          <div className="card-grid card-grid--3">
            {REGIONS.map((r) => (
              <section key={r.name} className="card" aria-labelledby={`region-${r.name.replace(/\s+/g, "-").toLowerCase()}`}>
                <h3 id={`region-${r.name.replace(/\s+/g, "-").toLowerCase()}`}>{r.name}</h3>
                <p>
                  {r.text} <span className="muted">({r.towns.length} towns)</span>
                </p>
                <TownGrid towns={r.towns} />
              </section>
            ))}
          </div>
          <MapFrame title="Map of Sussex County, Delaware" coordinates={COUNTY_MAP.center} span={COUNTY_MAP.span} />
        </Section>
        <Section id="contact" heading="Get in touch">
          <ContactCards />
          <p className="center actions actions--center">
            <LinkButton href="/contact">Contact us</LinkButton>
          </p>
        </Section>
      </>
    ),
  };
}
