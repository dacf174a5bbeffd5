/**
 * The site form's values (what the inputs hold: text, ticks, one address a
 * line) and the two ways between them and the core's site. The form validates
 * with the core's own SiteSchema, so its messages are the API's.
 */
import { z } from "zod";
import { DAYS, type Day } from "../../../domain/opening-hours";
import { INTERESTS, type Interest } from "../../../domain/contact";
import { SiteSchema, type AssignmentRule, type SiteInput, type SitePhone } from "../../../domain/site";
import { lines, numberField, optionalText, text } from "../form-input";

/** A phone as its two inputs hold it; both empty: an optional line left out. */
export interface PhoneValues {
  display: string;
  e164: string;
}

/** A weekday's row: open or closed all day, and its times ("HH:MM", as a time input gives them). */
export interface DayValues {
  open: boolean;
  opens: string;
  closes: string;
}

export interface TownValues {
  name: string;
  type: "Town" | "City";
  slug: string;
  lat: string;
  lng: string;
}

export interface SiteFormValues {
  id: string;
  name: string;
  legalName: string;
  tagline: string;
  domains: string[];
  phones: { main: PhoneValues; tollFree: PhoneValues; service: PhoneValues };
  email: string;
  address: { street: string; city: string; region: string; postalCode: string; county: string };
  geo: { lat: string; lng: string };
  hours: Record<Day, DayValues>;
  region: string;
  towns: TownValues[];
  legal: { state: string; county: string };
  foundedYear: string;
  social: { facebook: string; instagram: string; youtube: string };
  /** `defaultApr`: the estimate's starting rate in percent; `zeroApr`: the vehicle ids at 0%, one a line. */
  financing: { url: string; offer: string; defaultApr: string; zeroApr: string };
  /** One address a line; none: LEAD_TO. */
  leadRecipients: string;
  /** The IANA time zone; empty: the default. */
  timeZone: string;
  /** How new leads are assigned: the rule, and with `interest` an account's e-mail per interest. */
  leadAssignment: { rule: AssignmentRule; byInterest: Record<Interest, string> };
  /** The site's own figures and phrases (site.story): each empty when the site has none. */
  story: StoryValues;
  /** The stored site as it was loaded: the fields this form does not edit (its service hours, say) go back unchanged. */
  kept: Partial<SiteInput>;
}

/** The phrases of site.story the form edits as text, in the form's order. */
export const STORY_TEXTS = ["customers", "reach", "serviceReach", "customerKinds", "beginnings", "rentalDeliveries", "founding"] as const;
export type StoryValues = Record<(typeof STORY_TEXTS)[number], string> & { familyRun: boolean };
const blankStory = (): StoryValues => ({
  ...(Object.fromEntries(STORY_TEXTS.map((k) => [k, ""])) as Record<(typeof STORY_TEXTS)[number], string>),
  familyRun: false,
});

const noInterests = (): Record<Interest, string> => Object.fromEntries(INTERESTS.map((i) => [i, ""])) as Record<Interest, string>;

/** The social links the form names, with their labels. */
export const SOCIAL_FIELDS = [
  ["facebook", "Facebook"],
  ["instagram", "Instagram"],
  ["youtube", "YouTube"],
] as const;

/** A new town's row. */
export const BLANK_TOWN: TownValues = { name: "", type: "Town", slug: "", lat: "", lng: "" };

const phone = (p: SitePhone | undefined): PhoneValues => ({ display: text(p?.display), e164: text(p?.e164) });
const trimmed = (value: string) => value.trim();
const optionalPhone = (p: PhoneValues) => (p.display.trim() === "" && p.e164.trim() === "" ? undefined : { display: p.display.trim(), e164: p.e164.trim() });
const withoutAbsent = <T extends object>(o: T) => Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined)) as Partial<T>;

/** What the form shows for a site (a stored one, or a new one's starting point). */
export function toFormValues(site: SiteInput): SiteFormValues {
  return {
    id: site.id,
    name: site.name,
    legalName: text(site.legalName),
    tagline: text(site.tagline),
    domains: [...site.domains],
    phones: { main: phone(site.phones.main), tollFree: phone(site.phones.tollFree), service: phone(site.phones.service) },
    email: site.email,
    address: { ...site.address },
    geo: { lat: text(site.geo.lat), lng: text(site.geo.lng) },
    hours: Object.fromEntries(
      DAYS.map((day) => {
        const h = site.hours[day];
        return [day, { open: h !== null, opens: h?.opens ?? "", closes: h?.closes ?? "" }];
      }),
    ) as Record<Day, DayValues>,
    region: site.region,
    towns: site.towns.map((t) => ({ name: t.name, type: t.type, slug: t.slug, lat: text(t.lat), lng: text(t.lng) })),
    legal: { ...site.legal },
    foundedYear: text(site.foundedYear),
    social: { facebook: text(site.social?.facebook), instagram: text(site.social?.instagram), youtube: text(site.social?.youtube) },
    financing: {
      url: text(site.financing?.url),
      offer: text(site.financing?.offer),
      defaultApr: text(site.financing?.defaultApr),
      zeroApr: (site.financing?.zeroApr ?? []).join("\n"),
    },
    leadRecipients: (site.leadRecipients ?? []).join("\n"),
    timeZone: text(site.timeZone),
    leadAssignment: {
      rule: site.leadAssignment?.rule ?? "none",
      byInterest: { ...noInterests(), ...Object.fromEntries(Object.entries(site.leadAssignment?.byInterest ?? {}).map(([k, v]) => [k, v ?? ""])) },
    },
    story: { ...blankStory(), ...Object.fromEntries(STORY_TEXTS.map((k) => [k, text(site.story?.[k])])), familyRun: site.story?.familyRun === true },
    kept: site,
  };
}

const blankPhone = (): PhoneValues => ({ display: "", e164: "" });

/** A new site's values: nothing filled in but the hours of `template` (the first site), to start from. */
export const blankFormValues = (template: SiteInput): SiteFormValues => ({
  id: "",
  name: "",
  legalName: "",
  tagline: "",
  domains: [""],
  phones: { main: blankPhone(), tollFree: blankPhone(), service: blankPhone() },
  email: "",
  address: { street: "", city: "", region: "", postalCode: "", county: "" },
  geo: { lat: "", lng: "" },
  hours: toFormValues(template).hours,
  region: "",
  towns: [],
  legal: { state: "", county: "" },
  foundedYear: "",
  social: { facebook: "", instagram: "", youtube: "" },
  financing: { url: "", offer: "", defaultApr: "", zeroApr: "" },
  leadRecipients: "",
  timeZone: "",
  story: blankStory(),
  leadAssignment: { rule: "none", byInterest: noInterests() },
  kept: {},
});

/** What the API is sent for the form's values (before validation: the schema judges it). Blank optional fields are left out. */
export function toSiteInput(v: SiteFormValues): SiteInput {
  const financingUrl = optionalText(v.financing.url);
  const offer = optionalText(v.financing.offer);
  const defaultApr = optionalText(v.financing.defaultApr);
  const zeroApr = lines(v.financing.zeroApr);
  const recipients = lines(v.leadRecipients);
  const edited = {
    id: v.id.trim(),
    name: v.name.trim(),
    legalName: optionalText(v.legalName),
    tagline: optionalText(v.tagline),
    domains: v.domains.map(trimmed),
    phones: withoutAbsent({
      main: { display: v.phones.main.display.trim(), e164: v.phones.main.e164.trim() },
      tollFree: optionalPhone(v.phones.tollFree),
      service: optionalPhone(v.phones.service),
    }) as SiteInput["phones"],
    email: v.email.trim(),
    address: {
      street: v.address.street.trim(),
      city: v.address.city.trim(),
      region: v.address.region.trim(),
      postalCode: v.address.postalCode.trim(),
      county: v.address.county.trim(),
    },
    geo: { lat: numberField(v.geo.lat), lng: numberField(v.geo.lng) },
    hours: Object.fromEntries(DAYS.map((day) => [day, v.hours[day].open ? { opens: v.hours[day].opens, closes: v.hours[day].closes } : null])),
    region: v.region.trim(),
    towns: v.towns.map((t) => ({ name: t.name.trim(), type: t.type, slug: t.slug.trim(), lat: numberField(t.lat), lng: numberField(t.lng) })),
    legal: { state: v.legal.state.trim(), county: v.legal.county.trim() },
    foundedYear: numberField(v.foundedYear),
    social: withoutAbsent({ facebook: optionalText(v.social.facebook), instagram: optionalText(v.social.instagram), youtube: optionalText(v.social.youtube) }),
    financing:
      financingUrl === undefined && offer === undefined && defaultApr === undefined && zeroApr.length === 0
        ? undefined
        : withoutAbsent({
            url: financingUrl ?? "",
            offer,
            defaultApr: defaultApr === undefined ? undefined : numberField(defaultApr),
            zeroApr: zeroApr.length > 0 ? zeroApr : undefined,
          }),
    leadRecipients: recipients.length > 0 ? recipients : undefined,
    timeZone: optionalText(v.timeZone),
    leadAssignment:
      v.leadAssignment.rule === "none" && INTERESTS.every((i) => !v.leadAssignment.byInterest[i].trim())
        ? undefined
        : {
            rule: v.leadAssignment.rule,
            byInterest: withoutAbsent(Object.fromEntries(INTERESTS.map((i) => [i, optionalText(v.leadAssignment.byInterest[i])]))),
          },
    story: storyInput(v.story),
  };
  const kept = Object.fromEntries(Object.entries(v.kept).filter(([key]) => !(key in edited)));
  return withoutAbsent({ ...kept, ...edited }) as SiteInput;
}

/**
 * site.story for the form's story values: the phrases filled in, "family-run" when ticked. None at all is sent as `{}`,
 * so that the first site's story, once cleared, stays cleared (withFirstSiteStory fills only a record without one).
 */
const storyInput = (v: StoryValues): SiteInput["story"] =>
  withoutAbsent({ ...Object.fromEntries(STORY_TEXTS.map((k) => [k, optionalText(v[k])])), familyRun: v.familyRun ? true : undefined }) as SiteInput["story"];

/** Where an error's path (the schema's or the server's) lands in the form: a list kept one item a line is one field. */
export function formPath(path: string): string {
  if (path.startsWith("financing.zeroApr.")) return "financing.zeroApr";
  return path.startsWith("leadRecipients.") ? "leadRecipients" : path;
}

/** The form's schema: the core's SiteSchema (the API's) applied to what the form holds. */
export const SiteFormSchema = z.custom<SiteFormValues>().transform(toSiteInput).pipe(SiteSchema);
