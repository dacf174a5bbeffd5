import { BUSINESS } from "../../domain/business";
import { TOWNS } from "../../domain/towns";
import { CallButton, LinkAndCall, LinkButton } from "../components/CallButton";
import { Hero } from "../components/Hero";
import { HoursList } from "../components/HoursList";
import { Icon } from "../components/Icon";
import { Section } from "../components/Section";
import { TownGrid } from "../components/TownGrid";
import { LOCATIONS, REVIEWS_URL, SHOWROOM_SERVICES } from "../content/showroom";
import { pageTitle } from "../lib/seo";
import type { PageDef } from "./page";

export function showroomPage(): PageDef {
  return {
    path: "/showroom",
    meta: {
      title: pageTitle("Visit Our Georgetown Golf Cart Showroom"),
      description: `See every Denago and Evolution model at our ${BUSINESS.address.city}, DE showroom, test drive on our loop, or shop online with delivery anywhere in Sussex County.`,
      keywords: ["golf cart showroom", "test drive golf cart", "golf cart dealer near me", "Georgetown DE"],
      path: "/showroom",
    },
    body: (
      <>
        <Hero
          title="Visit the showroom"
          lead="Sit in every seat, compare lithium packs and take a cart round our test loop. Or shop from home: the whole showroom is online too."
          actions={<LinkAndCall>Book a visit</LinkAndCall>}
        />
        <Section id="locations" heading="Two ways to shop">
          <div className="card-grid card-grid--2">
            {LOCATIONS.map((loc) => (
              <article key={loc.id} className="card location-card">
                <p className="eyebrow">{loc.type === "physical" ? "Showroom and workshop" : "Online"}</p>
                <h3>{loc.name}</h3>
                <p>
                  <Icon name={loc.type === "physical" ? "pin" : "globe"} className="icon icon--small" /> {loc.address}
                </p>
                <p>{loc.text}</p>
                {loc.type === "physical" ? <HoursList /> : null}
                <ul className="link-row">
                  {loc.directionsUrl ? (
                    <li>
                      <a href={loc.directionsUrl} rel="noopener" target="_blank" aria-describedby="new-tab-note">
                        Directions
                      </a>
                    </li>
                  ) : (
                    <li>
                      <a href="/inventory">Browse online</a>
                    </li>
                  )}
                  <li>
                    <a href={`tel:${BUSINESS.phones.main.e164}`}>Call {BUSINESS.phones.main.display}</a>
                  </li>
                  <li>
                    <a href={BUSINESS.social.facebook} rel="noopener" target="_blank" aria-describedby="new-tab-note">
                      Facebook
                    </a>
                  </li>
                  <li>
                    <a href={BUSINESS.social.instagram} rel="noopener" target="_blank" aria-describedby="new-tab-note">
                      Instagram
                    </a>
                  </li>
                  <li>
                    <a href={REVIEWS_URL} rel="noopener" target="_blank" aria-describedby="new-tab-note">
                      Reviews on Facebook
                    </a>
                  </li>
                </ul>
              </article>
            ))}
          </div>
          <span id="new-tab-note" hidden>
            Opens in a new tab
          </span>
        </Section>
        <Section id="services" tone="muted" heading="At the showroom">
          <ul className="card-grid card-grid--3">
            {SHOWROOM_SERVICES.map((s) => (
              <li key={s.title} className="card">
                <h3>{s.title}</h3>
                <p>{s.text}</p>
              </li>
            ))}
          </ul>
        </Section>
        <Section id="towns" heading="Delivering across Sussex County" intro={`We deliver to all ${TOWNS.length} towns and cities. Find yours:`}>
          <TownGrid towns={TOWNS} />
          <div className="actions actions--center">
            <LinkButton href="/contact">Contact us</LinkButton>
            <CallButton variant="outline" />
          </div>
        </Section>
      </>
    ),
  };
}
