import { telHref } from "../../domain/business";
import { formatSiteAddress, useSite } from "../lib/site-facts";
import { HoursList } from "./HoursList";
import { Icon } from "./Icon";

/** Phone numbers, e-mail, address and hours as cards: every fact from the core. */
export function ContactCards() {
  const b = useSite();
  const { phones } = b;
  return (
    <div className="card-grid card-grid--4 contact-cards">
      <div className="card">
        <Icon name="phone" className="icon icon--badge" />
        <h3>Call us</h3>
        <ul className="plain-list">
          {Object.values(phones).map((p) => (
            <li key={p.e164}>
              {p.label}: <a href={telHref(p)}>{p.display}</a>
            </li>
          ))}
        </ul>
      </div>
      <div className="card">
        <Icon name="mail" className="icon icon--badge" />
        <h3>E-mail us</h3>
        <p>
          <a href={`mailto:${b.email}`}>{b.email}</a>
        </p>
        <p className="muted">We answer within 24 hours, usually within 2 to 6 business hours.</p>
      </div>
      <div className="card">
        <Icon name="pin" className="icon icon--badge" />
        <h3>Visit the showroom</h3>
        <p>{formatSiteAddress(b.address)}</p>
        <p className="muted">
          Serving all of {b.region}, {b.state}.
        </p>
      </div>
      <div className="card">
        <Icon name="clock" className="icon icon--badge" />
        <h3>Opening hours</h3>
        <HoursList />
      </div>
    </div>
  );
}
