/**
 * A site's facts as pages read them (decision 0022): every page,
 * component, JSON-LD block and sitemap gets them explicitly, as the renderer's
 * parameter and the page tree's React context, from the request's site record.
 * No page reads a module-level constant of business facts.
 */
import { createContext, use } from "react";
import type { PhoneNumber } from "../../domain/business";
import type { PolicyFacts } from "../content/policies/document";
import type { Day, DayHours } from "../../domain/opening-hours";
import { primaryDomain, type Site, type SitePhone } from "../../domain/site";
import type { Town } from "../../domain/towns";

const PHONE_LABELS = { main: "Main line", tollFree: "Toll-free", service: "Service desk" } as const;
type PhoneKey = keyof typeof PHONE_LABELS;

/** A site's facts in the words and forms pages use. */
export interface SiteFacts {
  /** The record they are derived from. */
  site: Site;
  id: string;
  name: string;
  legalName: string;
  tagline: string;
  /** https:// and the primary domain: canonical URLs, og:url, the sitemap. */
  siteUrl: string;
  email: string;
  phones: { main: PhoneNumber } & Partial<Record<Exclude<PhoneKey, "main">, PhoneNumber>>;
  address: Site["address"] & { country: "US" };
  geo: Site["geo"];
  hours: Record<Day, DayHours>;
  /** The area's name as pages word it, e.g. "Sussex County". */
  region: string;
  /** The governing state's name (the terms', and the area's), e.g. "Delaware". */
  state: string;
  legal: Site["legal"];
  towns: readonly Town[];
  foundedYear: number;
  /** Whole years since the founding, rounded down to fives: "15+". */
  yearsExperience: string;
  /** The towns it serves. */
  municipalitiesServed: number;
  /** The site's own figures and phrases, each absent unless the site has it (decision 0057). */
  story: NonNullable<Site["story"]>;
  social: Site["social"];
  financingUrl?: string;
  financingOffer?: string;
  /** The rate the offer leads with ("0%" of "0% financing on select models"), when it names one. */
  financingRate?: string;
}

const derived = new WeakMap<Site, SiteFacts>();

/** The facts of `site`, derived once per version of its record (records are never changed in place). */
export function siteFacts(site: Site, now: Date = new Date()): SiteFacts {
  const cached = derived.get(site);
  if (cached) return cached;
  const phone = (key: PhoneKey, p: SitePhone | undefined) => (p ? { [key]: { label: PHONE_LABELS[key], display: p.display, e164: p.e164 } } : {});
  const offer = site.financing?.offer;
  const rate = offer ? /^\S*\d\S*%/.exec(offer)?.[0] : undefined;
  const years = Math.floor((now.getFullYear() - site.foundedYear) / 5) * 5;
  const facts: SiteFacts = {
    site,
    id: site.id,
    name: site.name,
    legalName: site.legalName ?? site.name,
    tagline: site.tagline ?? `Electric golf carts and low-speed vehicles for ${site.region}, ${site.legal.state}`,
    siteUrl: `https://${primaryDomain(site)}`,
    email: site.email,
    phones: { ...phone("main", site.phones.main), ...phone("tollFree", site.phones.tollFree), ...phone("service", site.phones.service) } as SiteFacts["phones"],
    address: { ...site.address, country: "US" },
    geo: site.geo,
    hours: site.hours,
    region: site.region,
    state: site.legal.state,
    legal: site.legal,
    towns: site.towns.map(({ name, type, slug, lat, lng }) => ({ name, type, slug, url: `/${slug}-golf-carts`, coordinates: { lat, lng } })),
    foundedYear: site.foundedYear,
    yearsExperience: `${Math.max(years, 1)}+`,
    municipalitiesServed: site.towns.length,
    story: site.story ?? {},
    social: site.social,
    ...(site.financing ? { financingUrl: site.financing.url } : {}),
    ...(offer ? { financingOffer: offer } : {}),
    ...(rate ? { financingRate: rate } : {}),
  };
  derived.set(site, facts);
  return facts;
}

/** The facts a policy's placeholders name (content/policies/document.ts). */
export const policyFacts = (b: SiteFacts): PolicyFacts => ({
  name: b.name,
  legalName: b.legalName,
  city: b.address.city,
  region: b.region,
  state: b.state,
  legalCounty: b.legal.county,
  addressCounty: b.address.county,
  address: formatSiteAddress(b.address),
  email: b.email,
  phone: b.phones.main.display,
  servicePhone: (b.phones.service ?? b.phones.main).display,
});

/** The one-line postal address. */
export const formatSiteAddress = (a: SiteFacts["address"]): string => `${a.street}, ${a.city}, ${a.region} ${a.postalCode}`;

/** An absolute URL on the site's public origin. */
export const siteUrl = (b: Pick<SiteFacts, "siteUrl">, path: string): string => new URL(path, b.siteUrl).href;

const SiteContext = createContext<SiteFacts | null>(null);
/** Gives the page tree its site. */
export const SiteProvider = SiteContext;

/** The site a component is rendered for; a component rendered outside a SiteProvider is a bug, and says so. */
export function useSite(): SiteFacts {
  const facts = use(SiteContext);
  if (!facts) throw new Error("A site component was rendered without its site: wrap the tree in <SiteProvider value={siteFacts(site)}>");
  return facts;
}
