import { LinkButton } from "../components/CallButton";
import { ContactCards } from "../components/ContactCards";
import { Hero } from "../components/Hero";
import { MapFrame } from "../components/MapFrame";
import { Section } from "../components/Section";
import { TownGrid } from "../components/TownGrid";
import { regionsOf, teams, VALUES } from "../content/about";
import { areaMap } from "../content/home";
import { pageTitle } from "../lib/seo";
import type { PageDef } from "./page";
import { StatList } from "../components/StatList";
import type { SiteFacts } from "../lib/site-facts";

/** Numbers as the about page words them. */
const COUNTS: Record<number, string> = { 2: "two", 3: "three", 4: "four", 5: "five" };

export function aboutPage(biz: SiteFacts): PageDef {
  const regions = regionsOf(biz);
  return {
    path: "/about",
    meta: {
      title: pageTitle(biz, `About Us: ${biz.region}'s Golf Cart Dealer Since ${biz.foundedYear}`),
      description: `${biz.story.familyRun ? "Family-run" : "A local dealer"} since ${biz.foundedYear} in ${biz.address.city}, ${biz.state}: ${biz.yearsExperience} years${biz.story.customers ? ` and ${biz.story.customers} customers` : ""} across all ${biz.towns.length} towns of ${biz.region}. Meet our team and our values.`,
      keywords: [`about ${biz.name}`, "local golf cart dealer", `${biz.address.city} ${biz.state}`],
      path: "/about",
    },
    body: (
      <>
        <Hero
          title="Local carts, local people"
          badge={`SINCE ${biz.foundedYear}`}
          lead={`We are a ${biz.region} business selling, renting and looking after electric carts for the neighbours we share the roads with.`}
        />
        <Section id="story" heading="Our story">
          <div className="split">
            <div className="prose">
              <p>{`${biz.name} opened in ${biz.address.city} in ${biz.foundedYear}${biz.story.founding ? ` ${biz.story.founding}` : "."}`}</p>
              <p>
                We grew by doing the unglamorous things well: honest prices, repairs done quickly, and a phone that gets answered. Today we are an authorised
                Denago and Evolution dealer with a rental fleet, a full workshop and storage for the off-season.
              </p>
            </div>
            <StatList
              light
              items={[
                { label: "Years in business", value: biz.yearsExperience },
                ...(biz.story.customers ? [{ label: "Customers", value: biz.story.customers }] : []),
                { label: "Towns served", value: biz.towns.length },
                { label: "Founded", value: biz.foundedYear },
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
            {teams(biz).map((t) => (
              <li key={t.name} className="card team-card">
                <h3>{t.name}</h3>
                <p className="eyebrow">{t.role}</p>
                <p>{t.text}</p>
                <p className="muted">{t.experience}</p>
              </li>
            ))}
          </ul>
        </Section>
        <Section
          id="area"
          tone="muted"
          heading="Where we work"
          intro={
            regions.length > 1
              ? `${biz.towns.length} towns and cities in ${COUNTS[regions.length] ?? regions.length} parts of the county.`
              : `${biz.towns.length} towns and cities.`
          }
        >
          <div className="card-grid card-grid--3">
            {regions.map((r) => (
              <section key={r.name} className="card" aria-labelledby={`region-${r.name.replace(/\s+/g, "-").toLowerCase()}`}>
                <h3 id={`region-${r.name.replace(/\s+/g, "-").toLowerCase()}`}>{r.name}</h3>
                <p>
                  {r.text} <span className="muted">({r.towns.length} towns)</span>
                </p>
                <TownGrid towns={r.towns} />
              </section>
            ))}
          </div>
          <MapFrame title={`Map of ${biz.region}, ${biz.state}`} coordinates={areaMap(biz).center} span={areaMap(biz).span} />
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
