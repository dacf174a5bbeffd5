import { CallButton, LinkAndCall, LinkButton } from "../components/CallButton";
import { Hero } from "../components/Hero";
import { HoursList } from "../components/HoursList";
import { Icon } from "../components/Icon";
import { Section } from "../components/Section";
import { TownGrid } from "../components/TownGrid";
import { locations, reviewsUrl, showroomServices } from "../content/showroom";
import { pageTitle } from "../lib/seo";
import type { PageDef } from "./page";
import type { SiteFacts } from "../lib/site-facts";

/** The site's social pages it has, each opened in a new tab. */
const socialLinks = ({ social }: SiteFacts): { label: string; href: string }[] => [
  ...(social.facebook ? [{ label: "Facebook", href: social.facebook }] : []),
  ...(social.instagram ? [{ label: "Instagram", href: social.instagram }] : []),
  ...(social.facebook ? [{ label: "Reviews on Facebook", href: reviewsUrl(social.facebook) }] : []),
];

export function showroomPage(biz: SiteFacts): PageDef {
  return {
    path: "/showroom",
    meta: {
      title: pageTitle(biz, `Visit Our ${biz.address.city} Golf Cart Showroom`),
      description: `See every Denago and Evolution model at our ${biz.address.city}, ${biz.address.region} showroom, test drive on our loop, or shop online with delivery anywhere in ${biz.region}.`,
      keywords: ["golf cart showroom", "test drive golf cart", "golf cart dealer near me", `${biz.address.city} ${biz.address.region}`],
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
            {locations(biz).map((loc) => (
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
                    <a href={`tel:${biz.phones.main.e164}`}>Call {biz.phones.main.display}</a>
                  </li>
                  {socialLinks(biz).map(({ label, href }) => (
                    <li key={label}>
                      <a href={href} rel="noopener" target="_blank" aria-describedby="new-tab-note">
                        {label}
                      </a>
                    </li>
                  ))}
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
            {showroomServices(biz).map((s) => (
              <li key={s.title} className="card">
                <h3>{s.title}</h3>
                <p>{s.text}</p>
              </li>
            ))}
          </ul>
        </Section>
        <Section id="towns" heading={`Delivering across ${biz.region}`} intro={`We deliver to all ${biz.towns.length} towns and cities. Find yours:`}>
          <TownGrid towns={biz.towns} />
          <div className="actions actions--center">
            <LinkButton href="/contact">Contact us</LinkButton>
            <CallButton variant="outline" />
          </div>
        </Section>
      </>
    ),
  };
}
