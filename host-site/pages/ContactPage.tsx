import { telHref } from "../../domain/business";
import { CallButton } from "../components/CallButton";
import { HoursList } from "../components/HoursList";
import { Hero } from "../components/Hero";
import { Icon } from "../components/Icon";
import { ServedWidget } from "../components/ServedWidget";
import { CONTACT_FORM_ID } from "../content/nav";
import { pageTitle } from "../lib/seo";
import type { PageDef } from "./page";
import type { PublicVehicle } from "../../domain/public-vehicle";
import { formatSiteAddress, type SiteFacts } from "../lib/site-facts";

/**
 * The contact page; `about`, the cart a "Get Quote" link named (`/contact?vehicle=<id>`, quoteHref): the form says so
 * above its fields and sends a quote request for it, rendered on the server as in the browser. The page's address stays
 * /contact (its canonical link), whichever cart it names.
 */
export function contactPage(biz: SiteFacts, about?: PublicVehicle): PageDef {
  const { main } = biz.phones;
  return {
    path: "/contact",
    meta: {
      title: pageTitle(biz, "Contact Us: Sales, Service & Rentals"),
      description: `Call ${main.display}, e-mail ${biz.email} or send a message to ${biz.name} in ${biz.address.city}, ${biz.address.region}. We answer within 24 hours, usually in 2 to 6 business hours.`,
      keywords: ["contact golf cart dealer", "golf cart quote", `${biz.address.city} ${biz.address.region} golf carts phone`],
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
              <a className="btn btn--ghost" href={`mailto:${biz.email}`}>
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
                    <dd>{formatSiteAddress(biz.address)}</dd>
                  </div>
                  <div>
                    <dt>
                      <Icon name="road" className="icon icon--small" /> Service area
                    </dt>
                    <dd>
                      All of {biz.region}, {biz.state}
                    </dd>
                  </div>
                  {Object.values(biz.phones).map((p) => (
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
                      <a href={`mailto:${biz.email}`}>{biz.email}</a>
                    </dd>
                  </div>
                  <div>
                    <dt>
                      <Icon name="globe" className="icon icon--small" /> Website
                    </dt>
                    <dd>
                      <a href="/">{new URL(biz.siteUrl).host}</a>
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
                    <a href={`mailto:${biz.email}`}>{biz.email}</a>.
                  </p>
                </div>
              </noscript>
              <ServedWidget
                tag="gc-contact-form"
                attributes={{ source: "contact-page", redirect: "/thank-you", ...(about ? { "vehicle-id": about.id } : {}) }}
                vehicles={about}
              />
            </section>
          </div>
        </section>
      </>
    ),
  };
}
