import { BUSINESS, formatAddress, telHref } from "../../domain/business";
import { CallButton } from "../components/CallButton";
import { HoursList } from "../components/HoursList";
import { Hero } from "../components/Hero";
import { Icon } from "../components/Icon";
import { ServedWidget } from "../components/ServedWidget";
import { CONTACT_FORM_ID } from "../content/nav";
import { pageTitle } from "../lib/seo";
import type { PageDef } from "./page";

export function contactPage(): PageDef {
  const { main } = BUSINESS.phones;
  return {
    path: "/contact",
    meta: {
      title: pageTitle("Contact Us: Sales, Service & Rentals"),
      description: `Call ${main.display}, e-mail ${BUSINESS.email} or send a message to ${BUSINESS.name} in ${BUSINESS.address.city}, DE. We answer within 24 hours, usually in 2 to 6 business hours.`,
      keywords: ["contact golf cart dealer", "golf cart quote", "Georgetown DE golf carts phone"],
      path: "/contact",
    },
    scripts: ["contact-form"],
    body: (
      <>
        <Hero
          title="Contact us"
          lead="Questions about a cart, a quote, a rental or a repair: call, e-mail or send us a message and a real person answers."
          actions={
            <>
              <CallButton />
              <a className="btn btn--ghost" href={`mailto:${BUSINESS.email}`}>
                <Icon name="mail" /> E-mail us
              </a>
            </>
          }
        />
        <section className="section" aria-label="Contact details and form">
          <div className="container split split--contact">
            <div className="stack">
              <section className="card" aria-labelledby="details-title">
                <h2 id="details-title">Contact details</h2>
                <dl className="detail-list">
                  <div>
                    <dt>
                      <Icon name="pin" className="icon icon--small" /> Main location
                    </dt>
                    <dd>{formatAddress()}</dd>
                  </div>
                  <div>
                    <dt>
                      <Icon name="road" className="icon icon--small" /> Service area
                    </dt>
                    <dd>All of {BUSINESS.address.county}, Delaware</dd>
                  </div>
                  {Object.values(BUSINESS.phones).map((p) => (
                    <div key={p.e164}>
                      <dt>
                        <Icon name="phone" className="icon icon--small" /> {p.label}
                      </dt>
                      <dd>
                        <a href={telHref(p)}>{p.display}</a>
                      </dd>
                    </div>
                  ))}
                  <div>
                    <dt>
                      <Icon name="mail" className="icon icon--small" /> E-mail
                    </dt>
                    <dd>
                      <a href={`mailto:${BUSINESS.email}`}>{BUSINESS.email}</a>
                    </dd>
                  </div>
                  <div>
                    <dt>
                      <Icon name="globe" className="icon icon--small" /> Website
                    </dt>
                    <dd>
                      <a href="/">{new URL(BUSINESS.siteUrl).host}</a>
                    </dd>
                  </div>
                </dl>
              </section>
              <section className="card" aria-labelledby="hours-title">
                <h2 id="hours-title">Business hours</h2>
                <HoursList />
              </section>
            </div>
            <section className="card card--form" id={CONTACT_FORM_ID} aria-labelledby="form-title">
              <h2 id="form-title">Send us a message</h2>
              <p className="muted">We answer within 24 hours, usually within 2 to 6 business hours.</p>
              <noscript>
                <div className="notice">
                  <p>
                    The message form needs JavaScript. You can reach us just as quickly by phone at <a href={telHref(main)}>{main.display}</a> or by e-mail at{" "}
                    <a href={`mailto:${BUSINESS.email}`}>{BUSINESS.email}</a>.
                  </p>
                </div>
              </noscript>
              <ServedWidget tag="gc-contact-form" attributes={{ source: "contact-page", redirect: "/thank-you" }} />
            </section>
          </div>
        </section>
      </>
    ),
  };
}
