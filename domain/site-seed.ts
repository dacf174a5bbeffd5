/**
 * The first site, built from today's facts (domain/business.ts, towns.ts and
 * opening-hours.ts): what a deployment with no site stored seeds on its first
 * start, so it serves exactly today's site. And the reader of the example
 * sites (tests/fixtures/example-sites.json) that demos and tests add beside it.
 */
import { z } from "zod";
import { BUSINESS } from "./business";
import { DAYS, OPENING_HOURS, type Day, type DayHours } from "./opening-hours";
import { hostName, SiteSchema, type Site, type SiteInput } from "./site";
import { TOWNS } from "./towns";

/** The first site's id. */
export const FIRST_SITE_ID = "sussex-coast";

/** The loopback names a development or test server is reached by: the first site claims them, so `npm start` serves it there. */
export const LOOPBACK_HOSTS = ["localhost", "127.0.0.1"] as const;

/** The first site's own figures and phrases (site.story), as its pages have always said them. */
const FIRST_SITE_STORY = {
  customers: BUSINESS.happyCustomers,
  familyRun: true,
  reach: "From the beaches to the farm towns",
  serviceReach: "from the beach towns to the western farms",
  customerKinds: "from beach-house owners and retirement communities to marinas, farms and resorts",
  beginnings: "with a handful of carts and a workshop",
  rentalDeliveries: "Hundreds of summer deliveries to rental houses every season",
  founding:
    "with a few used carts and one service bay. Summer visitors wanted carts for the beach towns, year-round residents wanted something quieter " +
    "and cheaper than a second car, and farms and marinas needed a hard-working utility vehicle.",
} as const;

/**
 * The first site. Its primary domain is today's canonical one (BUSINESS.siteUrl, so canonical URLs are unchanged);
 * it also claims the host of `publicOrigin` (PUBLIC_ORIGIN, by default http://localhost:PORT) and the loopback names.
 */
export function firstSite({ publicOrigin }: { publicOrigin?: string } = {}): Site {
  const { phones, address, social } = BUSINESS;
  const domains = [new URL(BUSINESS.siteUrl).hostname, ...(publicOrigin ? [hostName(new URL(publicOrigin).host)] : []), ...LOOPBACK_HOSTS];
  const phone = ({ display, e164 }: { display: string; e164: string }) => ({ display, e164 });
  return SiteSchema.parse({
    id: FIRST_SITE_ID,
    name: BUSINESS.name,
    legalName: BUSINESS.legalName,
    tagline: BUSINESS.tagline,
    domains: [...new Set(domains)],
    phones: { main: phone(phones.main), tollFree: phone(phones.tollFree), service: phone(phones.service) },
    email: BUSINESS.email,
    address: { street: address.street, city: address.city, region: address.region, postalCode: address.postalCode, county: address.county },
    geo: BUSINESS.geo,
    hours: OPENING_HOURS,
    region: address.county,
    towns: TOWNS.map((t) => ({ name: t.name, type: t.type, slug: t.slug, ...t.coordinates })),
    legal: { state: "Delaware", county: address.county },
    foundedYear: BUSINESS.foundedYear,
    social,
    story: { ...FIRST_SITE_STORY },
    financing: { url: BUSINESS.financingUrl, offer: BUSINESS.financingOffer, defaultApr: BUSINESS.defaultApr, zeroApr: [...BUSINESS.zeroAprModels] },
  } satisfies SiteInput);
}

/**
 * The sites as stored, the first site given its story (FIRST_SITE_STORY) when its record is older than the field:
 * it keeps the copy its pages always had, and the console shows it. A record that has a story, even an
 * empty one (`{}`: every phrase cleared), is kept as it is.
 */
export function withFirstSiteStory<T extends readonly Site[]>(sites: T): T {
  if (!sites.some((s) => s.id === FIRST_SITE_ID && s.story === undefined)) return sites;
  return sites.map((s) => (s.id === FIRST_SITE_ID && s.story === undefined ? { ...s, story: { ...FIRST_SITE_STORY } } : s)) as unknown as T;
}

const SHORT_DAYS = DAYS.map((d) => d.slice(0, 3).toLowerCase());

/** The days a key such as "mon-fri" or "sat" names. */
function daysOf(key: string): Day[] {
  const [from, to = from] = key.toLowerCase().split("-");
  const a = SHORT_DAYS.indexOf(from!);
  const b = SHORT_DAYS.indexOf(to!);
  if (a < 0 || b < a) throw new Error(`"${key}" is not a day or a range of days such as mon-fri`);
  return DAYS.slice(a, b + 1);
}

/** Hours written as { "mon-fri": "09:00-17:00", "sat": "10:00-16:00", "sun": null }: one value per weekday, unnamed days closed. */
export function weekHours(spec: Record<string, string | null>): Record<Day, DayHours> {
  const hours = Object.fromEntries(DAYS.map((d) => [d, null])) as Record<Day, DayHours>;
  for (const [key, value] of Object.entries(spec)) {
    const [opens = "", closes = ""] = value?.split("-") ?? [];
    for (const day of daysOf(key)) hours[day] = value === null ? null : { opens, closes };
  }
  return hours;
}

const ExampleSitesSchema = z.object({
  sites: z.array(z.looseObject({ hours: z.record(z.string(), z.string().nullable()) })),
});

/** The sites of an example file (parsed JSON in the shape of tests/fixtures/example-sites.json), each checked by SiteSchema. */
export function sitesFromExample(data: unknown): Site[] {
  return ExampleSitesSchema.parse(data).sites.map(({ hours, ...rest }) => SiteSchema.parse({ ...rest, hours: weekHours(hours) }));
}
