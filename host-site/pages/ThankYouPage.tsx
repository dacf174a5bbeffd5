import { CallButton, LinkButton } from "../components/CallButton";
import { HoursList } from "../components/HoursList";
import { Hero } from "../components/Hero";
import { Section } from "../components/Section";
import { pageTitle } from "../lib/seo";
import type { PageDef } from "./page";
import { formatSiteAddress, type SiteFacts } from "../lib/site-facts";
import { withFullStop } from "../../domain/full-stop";

/** What happens after a message is sent. */
const NEXT_STEPS = [
  { title: "We read your message", text: "It goes straight to the right person: sales, service, parts or the rental desk." },
  { title: "We get back to you", text: "By phone or e-mail, whichever you prefer, with answers, a quote or a few questions." },
  { title: "We make a plan", text: "A test drive, a service slot, a rental delivery: we book it around your schedule." },
] as const;

export function thankYouPage(biz: SiteFacts): PageDef {
  return {
    path: "/thank-you",
    meta: {
      title: pageTitle(biz, "Thank You for Your Message"),
      description: `Thank you for contacting ${withFullStop(biz.name)} We answer within 24 hours, typically within 2 to 6 business hours.`,
      keywords: ["thank you", "message received"],
      path: "/thank-you",
      noindex: true,
    },
    body: (
      <>
        <Hero
          badge="MESSAGE RECEIVED"
          title="Thank you! We have your message."
          lead="We answer every message within 24 hours, and typically within 2 to 6 hours during business hours."
        />
        <Section id="next" heading="What happens next">
          <div className="split">
            <ol className="steps">
              {NEXT_STEPS.map((s) => (
                <li key={s.title}>
                  <h3>{s.title}</h3>
                  <p>{s.text}</p>
                </li>
              ))}
            </ol>
            <div className="card">
              <h3>Need an answer sooner?</h3>
              <p>Call us during opening hours and we can help right away.</p>
              <CallButton />
              <HoursList />
            </div>
          </div>
        </Section>
        <Section id="visit" tone="muted" heading="Come and see us">
          <p>
            Our showroom and workshop are at {formatSiteAddress(biz.address)}. To try a cart, book a test drive on its page in our inventory, or call us and we
            will set one up.
          </p>
          <div className="actions">
            <LinkButton href="/inventory">Browse inventory</LinkButton>
            <LinkButton href="/rentals" variant="outline">
              Rentals
            </LinkButton>
            <LinkButton href="/services" variant="outline">
              Services
            </LinkButton>
            <LinkButton href="/" variant="outline">
              Back to home
            </LinkButton>
          </div>
        </Section>
      </>
    ),
  };
}
