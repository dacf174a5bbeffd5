/**
 * A site: one local dealership website that this deployment serves, with its
 * own domains, phones, address, hours, towns and legal terms. The
 * one schema of the record, checked by the store, the API and (later) the
 * console's form, so a message shown under a field is the message the API
 * sends. Facts shared by every site (the catalogue, the staff accounts) are
 * not here: docs/decisions/0022-sites-as-data.md.
 */
import { z } from "zod";
import "./plain-messages";
import { DAYS, type Day, type DayHours } from "./opening-hours";
import { VEHICLE_ID_PATTERN } from "./vehicle";
import { APR_MAX_PERCENT } from "./payment";
import { INTERESTS } from "./contact";

export const SITE_MESSAGES = {
  id: "must be a slug: lower-case letters and digits in words joined by single hyphens, e.g. cape-may",
  domain: "must be a host name such as www.dealer.example (letters, digits and hyphens between dots; no scheme, port, path or trailing dot) or an IPv4 address",
  domains: "must list at least one domain; the first is the primary one",
  e164: "must be in E.164 form: + then the country code and the number, digits only, e.g. +13025550142",
  phoneDigits: "shows a different number than its E.164 form",
  clock: "must be a 24-hour time such as 09:00",
  closesAfterOpens: "must be later than the opening time",
  email: "must be an e-mail address such as sales@dealer.example",
  url: "must be an http(s) URL",
  lat: "must be a latitude, between -90 and 90",
  lng: "must be a longitude, between -180 and 180",
  townType: "must be Town or City",
  state: "must be a state's two-letter code, e.g. DE",
  postalCode: "must be a ZIP code such as 19947 or 19947-1234",
  foundedYear: "must be a year between 1800 and 2100",
  apr: `must be a rate in percent from 0 to ${APR_MAX_PERCENT}, e.g. 6.99`,
  timeZone: "must be a time zone such as America/New_York",
  required: (label: string) => `${label} is required`,
  twice: (what: string, value: string) => `${what} ${value} is listed twice`,
} as const;

/** A slug: what site ids and town links are made of (the rule of a vehicle's id). */
export const SLUG_PATTERN = VEHICLE_ID_PATTERN;

/** An IPv4 address in dotted-quad form, each part 0-255 without a leading zero. */
const IPV4 = /^(?:(?:25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)\.){3}(?:25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)$/;
/** A DNS label: 1-63 letters, digits or hyphens, neither first nor last a hyphen. */
const LABEL = /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/;
/** Whether `s` (lower-cased) is a host name (at most 253 characters of labels between dots) or an IPv4 address. */
const isHostName = (s: string): boolean => IPV4.test(s) || (s.length <= 253 && !/^[\d.]+$/.test(s) && s.split(".").every((l) => LABEL.test(l)));

const text = (label: string, max = 200) =>
  z
    .string({ error: SITE_MESSAGES.required(label) })
    .trim()
    .min(1, SITE_MESSAGES.required(label))
    .max(max, `must be at most ${max} characters`);

/** A host name as a site claims it: trimmed and lower-cased, then checked (no port: a request's port is ignored). */
export const DomainSchema = z.string().trim().toLowerCase().refine(isHostName, SITE_MESSAGES.domain);

/** A check across fields runs only once each field is valid, so a field gets one message: its own. */
const onlyIfValid = (payload: { issues: readonly unknown[] }) => payload.issues.length === 0;

const E164 = /^\+[1-9]\d{1,14}$/;
/** A phone number as shown to people ("(302) 555-0142") and as dialled (E.164, for `tel:` links and JSON-LD): the same number. */
export const SitePhoneSchema = z
  .object({ display: text("The number as shown", 40), e164: z.string().trim().regex(E164, SITE_MESSAGES.e164) })
  .refine(({ display, e164 }) => e164.endsWith(display.replace(/\D/g, "")) && /\d{4}/.test(display.replace(/\D/g, "")), {
    path: ["display"],
    message: SITE_MESSAGES.phoneDigits,
    when: onlyIfValid,
  });

const Clock = z.string().regex(/^(?:[01]\d|2[0-3]):[0-5]\d$/, SITE_MESSAGES.clock);
/** A day's hours (domain/opening-hours.ts's DayHours): opening and closing times, or null when closed all day. */
const DayHoursSchema = z
  .object({ opens: Clock, closes: Clock })
  .refine((h) => h.closes > h.opens, { path: ["closes"], message: SITE_MESSAGES.closesAfterOpens, when: onlyIfValid })
  .nullable() satisfies z.ZodType<DayHours>;
/** One value per weekday, from which every hours text and the JSON-LD are derived (hoursSummary, openingHoursSpecification). */
export const WeekHoursSchema = z.object(Object.fromEntries(DAYS.map((d) => [d, DayHoursSchema])) as Record<Day, typeof DayHoursSchema>);

const GeoSchema = z.object({
  lat: z.number({ error: SITE_MESSAGES.lat }).min(-90, SITE_MESSAGES.lat).max(90, SITE_MESSAGES.lat),
  lng: z.number({ error: SITE_MESSAGES.lng }).min(-180, SITE_MESSAGES.lng).max(180, SITE_MESSAGES.lng),
});

/** A town the site serves: each gets its page at /{slug}-golf-carts. */
export const SiteTownSchema = z.object({
  name: text("The town's name", 100),
  type: z.enum(["Town", "City"], { error: SITE_MESSAGES.townType }),
  slug: z.string().regex(SLUG_PATTERN, SITE_MESSAGES.id),
  ...GeoSchema.shape,
});

const Email = z.email({ error: SITE_MESSAGES.email });
const Link = z.url({ protocol: /^https?$/, error: SITE_MESSAGES.url });

/** The time zone a site's staff read times in when none is set: the first site's, Sussex County, Delaware. */
export const DEFAULT_TIME_ZONE = "America/New_York";
/** Whether the runtime knows `zone` as an IANA time zone. */
const isTimeZone = (zone: string): boolean => {
  try {
    new Intl.DateTimeFormat("en-US", { timeZone: zone });
    return /^[A-Za-z_]+(?:\/[A-Za-z0-9_+-]+)*$/.test(zone);
  } catch {
    return false;
  }
};
/** The site's time zone (its own, else DEFAULT_TIME_ZONE). */
export const siteTimeZone = (site: { timeZone?: string }): string => site.timeZone ?? DEFAULT_TIME_ZONE;

/** How a new lead of a site is assigned to a salesperson (docs/decisions/0043). */
export const ASSIGNMENT_RULES = ["none", "round-robin", "interest"] as const;
export type AssignmentRule = (typeof ASSIGNMENT_RULES)[number];
export const ASSIGNMENT_RULE_LABELS: Record<AssignmentRule, string> = {
  none: "None: leads wait unassigned",
  "round-robin": "Round robin among the site's sales accounts",
  interest: "By interest",
};
export const LeadAssignmentSchema = z.object({
  rule: z.enum(ASSIGNMENT_RULES, { error: `must be one of: ${ASSIGNMENT_RULES.join(", ")}` }),
  /** With `interest`: the account each interest's leads go to; an interest left out waits unassigned. */
  byInterest: z
    .object(Object.fromEntries(INTERESTS.map((i) => [i, Email.optional()])) as Record<(typeof INTERESTS)[number], z.ZodOptional<typeof Email>>)
    .default({}),
});
export type LeadAssignment = z.infer<typeof LeadAssignmentSchema>;

/** The values of `list` that `key` gives more than once, with each one's index (for the message's path). */
function repeats<T>(list: readonly T[], key: (x: T) => string): { index: number; value: string }[] {
  const seen = new Set<string>();
  return list.flatMap((x, index) => {
    const value = key(x);
    if (!seen.has(value)) return (seen.add(value), []);
    return [{ index, value }];
  });
}

/** A site as stored and as the staff API takes it. */
export const SiteSchema = z
  .object({
    id: z.string().regex(SLUG_PATTERN, SITE_MESSAGES.id),
    name: text("The site's name", 100),
    /** The legal entity named in the terms and the footer; the name when absent. */
    legalName: text("The legal name", 150).optional(),
    tagline: text("The tagline", 200).optional(),
    /** Host names this site answers on; the first is the primary (canonical URLs, and where the others will redirect). */
    domains: z.array(DomainSchema).min(1, SITE_MESSAGES.domains),
    phones: z.object({ main: SitePhoneSchema, tollFree: SitePhoneSchema.optional(), service: SitePhoneSchema.optional() }),
    email: Email,
    address: z.object({
      street: text("The street", 150),
      city: text("The city", 100),
      /** The state's postal code, e.g. DE. */
      region: z.string().regex(/^[A-Z]{2}$/, SITE_MESSAGES.state),
      postalCode: z.string().regex(/^\d{5}(?:-\d{4})?$/, SITE_MESSAGES.postalCode),
      county: text("The county", 100),
    }),
    /** The showroom's position, for the map and structured data. */
    geo: GeoSchema,
    hours: WeekHoursSchema,
    /** The service department's hours; absent: SERVICE_HOURS (domain/service-slots.ts). A day without them takes emergencies by phone. */
    serviceHours: WeekHoursSchema.optional(),
    /** The area's name as pages word it, e.g. "Sussex County". */
    region: text("The region", 100),
    towns: z.array(SiteTownSchema),
    /** Governing law and venue of the site's terms. */
    legal: z.object({ state: text("The governing state", 100), county: text("The county of venue", 100) }),
    foundedYear: z
      .number({ error: SITE_MESSAGES.foundedYear })
      .int(SITE_MESSAGES.foundedYear)
      .min(1800, SITE_MESSAGES.foundedYear)
      .max(2100, SITE_MESSAGES.foundedYear),
    social: z.object({ facebook: Link.optional(), instagram: Link.optional(), youtube: Link.optional() }).default({}),
    /**
     * Figures and phrases that describe this business alone (decision 0057): each is shown only when set, and
     * a page words the site without it otherwise, so no site shows another's story. The first site's are seeded.
     */
    story: z
      .object({
        /** The customers served, as the pages' figures show it, e.g. "1000+". */
        customers: text("The customers figure", 20).optional(),
        /** Whether the business is family-run (the about page says so). */
        familyRun: z.boolean().optional(),
        /** The area's span as the home page's lead words it: "From the beaches to the farm towns", we have served… */
        reach: text("The reach", 120).optional(),
        /** The same span as the service page's pickup words it: anywhere in the region, "from the beach towns to the western farms". */
        serviceReach: text("The service reach", 120).optional(),
        /** Who the customers are, as the home page lists them: "from beach-house owners and retirement communities to marinas, farms and resorts". */
        customerKinds: text("The kinds of customers", 200).optional(),
        /** How it started, as the home page says "We started … in" its city: "with a handful of carts and a workshop". */
        beginnings: text("The beginnings", 150).optional(),
        /** The rental team's record, as the about page's card says it: "Hundreds of summer deliveries to rental houses every season". */
        rentalDeliveries: text("The rental deliveries", 150).optional(),
        /** The about page's story after "<name> opened in <city> in <year>": its own words, from "with a few used carts…" to the full stop. */
        founding: text("The founding story", 1000).optional(),
      })
      .optional(),
    /** External financing application, opened in a new tab; the offer as pages word it. */
    financing: z
      .object({
        url: Link,
        offer: text("The financing offer", 200).optional(),
        /** The APR a payment estimate starts at, in percent, for models without an offer; absent: FALLBACK_APR_PERCENT. */
        defaultApr: z.number({ error: SITE_MESSAGES.apr }).min(0, { error: SITE_MESSAGES.apr }).max(APR_MAX_PERCENT, { error: SITE_MESSAGES.apr }).optional(),
        /** The vehicles advertised at 0% financing: their payment estimate starts at 0% APR. */
        zeroApr: z.array(z.string().regex(VEHICLE_ID_PATTERN, "must be a vehicle id")).optional(),
      })
      .optional(),
    /** Where this site's lead mail goes; absent: LEAD_TO. */
    leadRecipients: z.array(Email).min(1, "must list at least one address, or be left out to use LEAD_TO").optional(),
    /** The IANA time zone staff read the site's times in (the lead CSV); absent: DEFAULT_TIME_ZONE. */
    timeZone: z.string({ error: SITE_MESSAGES.timeZone }).trim().refine(isTimeZone, SITE_MESSAGES.timeZone).optional(),
    /** How a new lead is assigned (absent: none; leads wait unassigned). */
    leadAssignment: LeadAssignmentSchema.optional(),
  })
  .superRefine((site, ctx) => {
    for (const { index, value } of repeats(site.domains, (d) => d))
      ctx.addIssue({ code: "custom", path: ["domains", index], message: SITE_MESSAGES.twice("The domain", value) });
    for (const { index, value } of repeats(site.towns, (t) => t.slug))
      ctx.addIssue({ code: "custom", path: ["towns", index, "slug"], message: SITE_MESSAGES.twice("The town link", value) });
  });
export type Site = z.infer<typeof SiteSchema>;
/** A site as written in a seed, a fixture or a request, before defaults apply. */
export type SiteInput = z.input<typeof SiteSchema>;
export type SitePhone = z.infer<typeof SitePhoneSchema>;

/** The sites as stored (data file, database): each valid, no id and no domain claimed twice. */
export const SiteListSchema = z.array(SiteSchema).superRefine((sites, ctx) => {
  for (const { index, value } of repeats(sites, (s) => s.id))
    ctx.addIssue({ code: "custom", path: [index, "id"], message: SITE_MESSAGES.twice("The site id", value) });
  const claims = sites.flatMap((s, i) => s.domains.map((domain, j) => ({ domain, at: [i, "domains", j] })));
  for (const { index, value } of repeats(claims, (c) => c.domain))
    ctx.addIssue({ code: "custom", path: claims[index]!.at, message: `The domain ${value} is claimed by two sites` });
});

/** The host name of a Host header or URL host: lower-cased, without its port or a trailing dot. IPv6 literals keep their brackets. */
export function hostName(host: string): string {
  const h = host.trim().toLowerCase();
  const name = h.startsWith("[") ? h.slice(0, h.indexOf("]") + 1) : h.replace(/:\d*$/, "");
  return name.replace(/\.$/, "");
}

export interface SiteMatch {
  site: Site;
  /** Whether the host is the site's primary domain (a request to another of its domains will be redirected there). */
  primary: boolean;
}

/** Each list of sites' domains, keyed once per list (lists are replaced, never changed in place, on a write). */
const byDomain = new WeakMap<readonly Site[], Map<string, SiteMatch>>();

/**
 * The site that claims `host` (a Host header: the port is ignored, case too), or undefined when no site does. One map
 * lookup: every request asks it, and a scan of 45 sites' domains took 4% of the server's time on `GET /`.
 */
export function siteForHost(sites: readonly Site[], host: string | undefined): SiteMatch | undefined {
  if (!host) return undefined;
  let domains = byDomain.get(sites);
  if (!domains) {
    domains = new Map();
    // In order, the first claim kept: a list that failed its schema still answers as a scan would.
    for (const site of sites) site.domains.forEach((d, i) => domains!.has(d) || domains!.set(d, { site, primary: i === 0 }));
    byDomain.set(sites, domains);
  }
  return domains.get(hostName(host));
}

/** The site's primary domain: its canonical host. */
export const primaryDomain = (site: Pick<Site, "domains">): string => site.domains[0]!;

const LOOPBACK_NAME = /^(localhost|127\.0\.0\.1|[^.]+(\.[^.]+)*\.localhost)$/;

/**
 * The address a link the server mails for `site` opens (a rental's cancel link), made of stored facts only, never
 * of a request's headers: `https://` and its primary domain. In development, where the deployment's own origin
 * (PUBLIC_ORIGIN, http://localhost:PORT by default) is a loopback name the site claims, that origin, so the link
 * works on the developer's machine (decision 0052).
 */
export function siteOrigin(site: Pick<Site, "domains">, publicOrigin?: string): string {
  if (publicOrigin) {
    const own = new URL(publicOrigin);
    if (LOOPBACK_NAME.test(own.hostname) && site.domains.includes(own.hostname)) return own.origin;
  }
  return `https://${primaryDomain(site)}`;
}
