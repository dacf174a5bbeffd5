import type { Town } from "../../domain/towns";
import { POLICY_DOCUMENTS } from "./policies";

/** A link in the header or footer. */
export interface NavLink {
  href: string;
  label: string;
}

/** The header's top-level items, in order (spec §2 Global). */
export const MAIN_NAV: readonly NavLink[] = [
  { href: "/", label: "Home" },
  { href: "/inventory", label: "Inventory" },
  { href: "/rentals", label: "Rentals" },
  { href: "/services", label: "Services" },
  { href: "/showroom", label: "Showroom" },
];

/** The About dropdown. */
export const ABOUT_NAV: readonly NavLink[] = [
  { href: "/about", label: "About Us" },
  { href: "/eco-impact", label: "Eco-Impact Calculator" },
];

/** The id of the contact page's message form. */
export const CONTACT_FORM_ID = "send-a-message";
/** The message form itself: quote and test-drive buttons land on the form, not 1,350 px above it. */
export const CONTACT_FORM_HREF = `/contact#${CONTACT_FORM_ID}`;
/** The contact page's query parameter naming the cart a quote is about: `/contact?vehicle=<id>`. */
export const CONTACT_VEHICLE_PARAM = "vehicle";
/**
 * A "Get Quote" link: the contact form, in view at once, naming the cart `vehicleId`; without one, the plain
 * form. Still /contact, as spec §2 has it.
 */
export const quoteHref = (vehicleId?: string): string =>
  vehicleId ? `/contact?${CONTACT_VEHICLE_PARAM}=${encodeURIComponent(vehicleId)}#${CONTACT_FORM_ID}` : CONTACT_FORM_HREF;

/** The last top-level item, after the About dropdown. */
export const CONTACT_NAV: NavLink = { href: "/contact", label: "Contact" };

/** Footer columns: every footer link of spec §2 "Global" (brand, legal and policy pages) and one per town. */
export const FOOTER_COLUMNS: readonly { heading: string; links: readonly NavLink[] }[] = [
  {
    heading: "Shop",
    links: [
      { href: "/inventory", label: "Inventory" },
      { href: "/evolution", label: "Evolution Golf Carts" },
      { href: "/denago", label: "Denago EV" },
      { href: "/rentals", label: "Rentals" },
      { href: "/services", label: "Service & Repairs" },
      { href: "/showroom", label: "Showroom" },
    ],
  },
  {
    heading: "Company",
    links: [
      { href: "/about", label: "About Us" },
      { href: "/eco-impact", label: "Eco-Impact Calculator" },
      { href: "/contact", label: "Contact" },
      { href: "/privacy-policy", label: "Privacy Policy" },
      { href: "/terms-of-service", label: "Terms of Service" },
      { href: "/policies/terms-conditions", label: "Terms & Conditions" },
    ],
  },
  {
    heading: "Policies",
    links: POLICY_DOCUMENTS.filter((d) => d.group === "policy").map((d) => ({ href: d.path, label: d.shortTitle })),
  },
];

/** The HTML sitemap for people, linked from the footer; /sitemap.xml stays for search engines. */
export const SITEMAP_PATH = "/sitemap";

/** One footer link per town page. */
export const townLinks = (towns: readonly Town[]): NavLink[] => towns.map((t) => ({ href: t.url, label: t.name }));

/** The short privacy link in the footer's bottom bar (the same page as /privacy-policy). */
export const SHORT_PRIVACY_LINK: NavLink = { href: "/privacy", label: "Privacy" };
