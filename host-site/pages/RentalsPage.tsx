import { telHref } from "../../domain/business";
import { milesFromShowroom, rentalDeliveryFee, rentalDeliveryRule } from "../../domain/delivery";
import { formatUsd } from "../../domain/money";
import { RENTAL_BENEFITS, RENTAL_PLANS, RENTAL_TERMS } from "../../domain/rentals";
import { CallButton, LinkButton } from "../components/CallButton";
import { Hero } from "../components/Hero";
import { Icon } from "../components/Icon";
import { Section } from "../components/Section";
import { ServedWidget } from "../components/ServedWidget";
import { pageTitle } from "../lib/seo";
import type { PageDef } from "./page";
import type { SiteFacts } from "../lib/site-facts";

/** The booking's element id: each plan's RESERVE TODAY links to it with its plan ("?plan=6-seater#book"). */
const BOOKING_ID = "book";

/** The lowest one-day price of any plan. */
const fromDaily = Math.min(...RENTAL_PLANS.map((p) => p.tiers[0]?.price ?? Infinity));

/** Rental searches by town: the first site's chosen by hand, the first two towns of any other. */
const localRentalKeywords = (biz: SiteFacts): string[] =>
  biz.id === "sussex-coast" ? ["Rehoboth golf cart rental", "Bethany golf cart rental"] : biz.towns.slice(0, 2).map((t) => `${t.name} golf cart rental`);

/** The rental delivery rule and what it comes to across the site's towns ("$12 to $84 to the towns farther out"). */
function rentalDeliveryText(biz: SiteFacts): string {
  const fees = biz.towns.map((t) => rentalDeliveryFee(milesFromShowroom(t, biz))).filter((fee) => fee > 0);
  const rule = `Delivery and pickup ${rentalDeliveryRule()}`;
  if (!fees.length) return rule;
  const [low, high] = [Math.min(...fees), Math.max(...fees)];
  return `${rule}: ${low === high ? formatUsd(low) : `${formatUsd(low)} to ${formatUsd(high)}`} to the towns farther out`;
}

export function rentalsPage(biz: SiteFacts): PageDef {
  return {
    path: "/rentals",
    meta: {
      title: pageTitle(biz, "Golf Cart Rentals: Daily, Weekly & Monthly"),
      description: `Rent a street-legal 4-seat, 6-seat or utility golf cart in ${biz.region} from ${formatUsd(fromDaily)} a day. Delivered to your beach house, fully charged and insured.`,
      keywords: ["golf cart rentals", "beach golf cart rental", ...localRentalKeywords(biz), "weekly cart rental"],
      path: "/rentals",
    },
    scripts: ["rental-pricing", "rental-booking"],
    body: (
      <>
        <Hero
          image="/images/hero/rentals.svg"
          title="Golf cart rentals for the beach and beyond"
          lead="Leave the car at the rental house. Our street-legal carts arrive charged, insured and ready for the boardwalk, the bay or the back roads."
          actions={
            <>
              <LinkButton href={`#${BOOKING_ID}`}>Book online</LinkButton>
              <CallButton label="Reserve by phone" />
            </>
          }
        />
        <Section id="benefits" heading="Every rental includes">
          <ul className="benefit-list">
            {RENTAL_BENEFITS.map((b) => (
              <li key={b}>
                <Icon name="check" className="icon icon--badge" />
                {b}
              </li>
            ))}
          </ul>
        </Section>
        <Section
          id="plans"
          tone="muted"
          heading="Rental plans and prices"
          intro="The longer you keep it, the less each day costs. Reserve online below or by phone."
        >
          <ServedWidget tag="gc-rental-pricing" attributes={{ "reserve-url": `/rentals?plan={plan}#${BOOKING_ID}` }} />
        </Section>
        <Section
          id="booking"
          heading="Book your rental online"
          intro="See the price, the fees and which carts are free as you choose. We confirm your request by e-mail; the deposit is taken by card at delivery."
        >
          <noscript>
            <div className="notice">
              <p>
                Booking online needs JavaScript. Call us at <a href={telHref(biz.phones.main)}>{biz.phones.main.display}</a> and we will book your cart on the
                call.
              </p>
            </div>
          </noscript>
          <ServedWidget tag="gc-rental-booking" attributes={{ id: BOOKING_ID, source: "rentals-page" }} />
        </Section>
        <Section id="help" heading="Need help choosing?">
          <div className="split">
            <div>
              <p>
                Tell us how many people are riding, where you are staying and what you plan to carry. We will suggest a cart and a plan, and set up delivery and
                pickup.
              </p>
              <ul className="check-list">
                <li>
                  <Icon name="check" className="icon icon--small" />
                  {rentalDeliveryText(biz)}
                </li>
                <li>
                  <Icon name="check" className="icon icon--small" />
                  Same-day delivery for bookings before {RENTAL_TERMS.rushCutoff} ({formatUsd(RENTAL_TERMS.rushFee)} rush fee)
                </li>
                <li>
                  <Icon name="check" className="icon icon--small" />
                  Drivers {RENTAL_TERMS.minimumAge}+ with a valid license; up to {RENTAL_TERMS.maxAdditionalDrivers} additional drivers
                </li>
              </ul>
            </div>
            <div className="card">
              <h3>Call the rental desk</h3>
              <p>We take bookings during opening hours and answer renters on the road 24/7.</p>
              <CallButton />
              {biz.phones.tollFree ? <p className="muted">Toll-free: {biz.phones.tollFree.display}</p> : null}
            </div>
          </div>
        </Section>
        <section className="section section--plain" aria-label="Rental terms">
          <div className="container">
            <p className="footnote">
              Rental periods are counted in 24-hour increments, with a minimum of {RENTAL_TERMS.minimumHours} hours and a maximum of {RENTAL_TERMS.maximumDays}{" "}
              days. Early returns are not refunded. Prices are subject to availability and to our <a href="/policies/rental-policy">rental policy</a>, which
              lists deposits, fees and cancellation terms.
            </p>
          </div>
        </section>
      </>
    ),
  };
}
