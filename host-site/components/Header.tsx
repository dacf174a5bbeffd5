import { telHref } from "../../domain/business";
import { ABOUT_NAV, CONTACT_NAV, MAIN_NAV, type NavLink } from "../content/nav";
import { isActivePath } from "../lib/nav-active";
import { useSite } from "../lib/site-facts";
import { Icon } from "./Icon";
import { Logo } from "./Logo";

function NavItem({ link, currentPath }: { link: NavLink; currentPath: string }) {
  const active = isActivePath(link.href, currentPath);
  return (
    <li>
      <a className="nav-link" href={link.href} aria-current={active ? "page" : undefined}>
        {link.label}
      </a>
    </li>
  );
}

/**
 * The sticky header. Below the desktop breakpoint the navigation is a
 * slide-out panel driven by client/menu.ts; without JavaScript the
 * noscript stylesheet lays it out inline instead.
 */
export function Header({ currentPath }: { currentPath: string }) {
  const aboutActive = ABOUT_NAV.some((l) => isActivePath(l.href, currentPath));
  const b = useSite();
  const phone = b.phones.main;
  return (
    <header className="site-header" data-site-header="">
      <div className="container header-bar">
        <a className="brand" href="/">
          <Logo />
          <BrandName name={b.name} />
        </a>
        <button className="menu-toggle" type="button" aria-expanded="false" aria-controls="site-menu" data-menu-toggle="">
          <Icon name="menu" className="icon menu-toggle__open" />
          <Icon name="close" className="icon menu-toggle__close" />
          <span className="menu-toggle__label">Menu</span>
        </button>
        <nav id="site-menu" className="site-nav" aria-label="Main" data-menu-panel="">
          <ul className="nav-list">
            {MAIN_NAV.map((link) => (
              <NavItem key={link.href} link={link} currentPath={currentPath} />
            ))}
            <li className={aboutActive ? "nav-dropdown is-active" : "nav-dropdown"} data-dropdown="">
              <button className="nav-link dropdown-toggle" type="button" aria-expanded="false" aria-controls="about-menu" data-dropdown-toggle="">
                About
                <Icon name="chevron" className="icon icon--small" />
              </button>
              <ul className="dropdown-menu" id="about-menu">
                {ABOUT_NAV.map((link) => (
                  <NavItem key={link.href} link={link} currentPath={currentPath} />
                ))}
              </ul>
            </li>
            <NavItem link={CONTACT_NAV} currentPath={currentPath} />
          </ul>
          <a className="btn btn--accent nav-call" href={telHref(phone)}>
            <Icon name="phone" />
            Call Now
            <span className="visually-hidden"> {phone.display}</span>
          </a>
        </nav>
      </div>
    </header>
  );
}

/** The site's name beside the logo, its trailing "Golf Carts" set smaller ("Sussex Coast <span>Golf Carts</span>"). */
export function BrandName({ name }: { name: string }) {
  const m = /^(.*\S)\s+(Golf Carts)$/.exec(name);
  return (
    <span className="brand__name">
      {m ? (
        <>
          {m[1]} <span>{m[2]}</span>
        </>
      ) : (
        name
      )}
    </span>
  );
}
