import { telHref } from "../../domain/business";
import { FOOTER_COLUMNS, SHORT_PRIVACY_LINK, SITEMAP_PATH, townLinks } from "../content/nav";
import { formatSiteAddress, useSite } from "../lib/site-facts";
import { BrandName } from "./Header";
import { HoursList } from "./HoursList";
import { Logo } from "./Logo";
import { withFullStop } from "../../domain/full-stop";

/** The footer: contact facts, every site link and one link per town. */
export function Footer() {
  const b = useSite();
  const { phones } = b;
  const year = new Date().getFullYear();
  return (
    <footer className="site-footer">
      <div className="container footer-grid">
        <section className="footer-about" aria-labelledby="footer-contact">
          <a className="brand brand--footer" href="/">
            <Logo />
            <BrandName name={b.name} />
          </a>
          <h2 id="footer-contact" className="visually-hidden">
            Contact
          </h2>
          <p>{b.tagline}.</p>
          <address>
            {formatSiteAddress(b.address)}
            <br />
            {Object.values(phones).map((p) => (
              <span key={p.e164} className="footer-phone">
                {p.label}: <a href={telHref(p)}>{p.display}</a>
              </span>
            ))}
            <a href={`mailto:${b.email}`}>{b.email}</a>
          </address>
          <h3 className="footer-heading">Opening hours</h3>
          <HoursList />
        </section>
        {FOOTER_COLUMNS.map((col) => (
          <nav key={col.heading} className="footer-col" aria-label={col.heading}>
            <h2 className="footer-heading">{col.heading}</h2>
            <ul>
              {col.links.map((l) => (
                <li key={l.href}>
                  <a href={l.href}>{l.label}</a>
                </li>
              ))}
            </ul>
          </nav>
        ))}
      </div>
      <nav className="container footer-towns" aria-label="Towns we serve">
        <h2 className="footer-heading">Golf carts across {b.region}</h2>
        <ul>
          {townLinks(b.towns).map((l) => (
            <li key={l.href}>
              <a href={l.href}>{l.label}</a>
            </li>
          ))}
        </ul>
      </nav>
      <div className="footer-bottom">
        <div className="container footer-bottom__inner">
          <p>
            © {year} {withFullStop(b.legalName)} All rights reserved.
          </p>
          <p>
            <a href={SHORT_PRIVACY_LINK.href}>{SHORT_PRIVACY_LINK.label}</a>
            <span aria-hidden="true"> · </span>
            <a href="/terms-of-service">Terms</a>
            <span aria-hidden="true"> · </span>
            <a href={SITEMAP_PATH}>Sitemap</a>
          </p>
        </div>
      </div>
    </footer>
  );
}
