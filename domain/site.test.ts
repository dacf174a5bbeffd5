import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { BUSINESS } from "./business";
import { hoursSummary, openingHoursSpecification } from "./opening-hours";
import { primaryDomain, SITE_MESSAGES, SiteListSchema, SiteSchema, siteForHost, type SiteInput } from "./site";
import { firstSite, sitesFromExample, weekHours } from "./site-seed";
import { TOWNS } from "./towns";

const examples = sitesFromExample(JSON.parse(readFileSync(new URL("../tests/fixtures/example-sites.json", import.meta.url), "utf8")));
const [capeMay, worcester] = examples;
const first = firstSite();

/** The messages a site with `change` applied gets, by dotted path. */
function messages(change: (s: SiteInput) => void): Record<string, string> {
  const site = structuredClone(first) as SiteInput;
  change(site);
  const result = SiteSchema.safeParse(site);
  return result.success ? {} : Object.fromEntries(result.error.issues.map((i) => [i.path.join("."), i.message]));
}

describe("the first site", () => {
  it("holds today's facts: name, phones, address, hours and the 25 towns", () => {
    expect(first).toMatchObject({ id: "sussex-coast", name: BUSINESS.name, email: BUSINESS.email, region: "Sussex County", foundedYear: 2010 });
    expect(first.phones.main).toEqual({ display: BUSINESS.phones.main.display, e164: BUSINESS.phones.main.e164 });
    expect(first.phones.service?.e164).toBe(BUSINESS.phones.service.e164);
    expect(first.address).toMatchObject({ city: "Georgetown", region: "DE", county: "Sussex County" });
    expect(first.legal).toEqual({ state: "Delaware", county: "Sussex County" });
    expect(first.towns.map((t) => t.slug)).toEqual(TOWNS.map((t) => t.slug));
    expect(first.towns.find((t) => t.slug === "lewes")).toEqual({ name: "Lewes", type: "City", slug: "lewes", lat: 38.7746, lng: -75.1393 });
    // Every hours text and the JSON-LD derive from the site's hours as they do from today's.
    expect(hoursSummary(first.hours)).toEqual(hoursSummary());
    expect(openingHoursSpecification(first.hours)).toEqual(openingHoursSpecification());
  });

  it("answers on today's canonical domain (its primary), on localhost and 127.0.0.1, and on PUBLIC_ORIGIN's host", () => {
    expect(primaryDomain(first)).toBe("www.sussexcoastgolfcarts.example");
    expect(first.domains).toEqual(["www.sussexcoastgolfcarts.example", "localhost", "127.0.0.1"]);
    expect(firstSite({ publicOrigin: "http://localhost:3000" }).domains).toEqual(first.domains);
    expect(firstSite({ publicOrigin: "https://Staging.Dealer.example:8443" }).domains).toEqual([
      "www.sussexcoastgolfcarts.example",
      "staging.dealer.example",
      "localhost",
      "127.0.0.1",
    ]);
  });
});

describe("the example sites", () => {
  it("read from the fixture into site records, hours one value per weekday", () => {
    expect(examples.map((s) => s.id)).toEqual(["cape-may", "ocean-city-md"]);
    expect(capeMay!.hours).toMatchObject({ Monday: { opens: "09:00", closes: "17:00" }, Saturday: { opens: "10:00", closes: "16:00" }, Sunday: null });
    expect(hoursSummary(worcester!.hours)).toEqual([
      { days: "Mon-Fri", hours: "8:30 AM-5:30 PM" },
      { days: "Sat", hours: "9 AM-3 PM" },
      { days: "Sun", hours: "Closed" },
    ]);
    expect(worcester!.phones.tollFree).toBeUndefined();
    expect(() => SiteListSchema.parse([first, ...examples])).not.toThrow();
  });

  it("leave a day no key names closed, and refuse a key that is no day", () => {
    expect(weekHours({ sat: "10:00-12:00" })).toMatchObject({ Monday: null, Saturday: { opens: "10:00", closes: "12:00" } });
    expect(() => weekHours({ "fri-mon": "09:00-17:00" })).toThrow('"fri-mon" is not a day or a range of days such as mon-fri');
  });
});

describe("SiteSchema", () => {
  it("lower-cases domains, and refuses a URL, a port, a wildcard or a bad label, saying what a domain is", () => {
    expect(SiteSchema.parse({ ...first, domains: [" WWW.Dealer.Example "] }).domains).toEqual(["www.dealer.example"]);
    for (const bad of [
      "https://www.dealer.example",
      "www.dealer.example:443",
      "*.dealer.example",
      "-dealer.example",
      "dealer..example",
      "999.1.1.1",
      "dealer.example/path",
      "",
    ])
      expect(messages((s) => (s.domains = [bad]))).toEqual({ "domains.0": SITE_MESSAGES.domain });
    expect(messages((s) => (s.domains = []))).toEqual({ domains: SITE_MESSAGES.domains });
    expect(messages((s) => (s.domains = ["a.example", "A.example"]))).toEqual({ "domains.1": "The domain a.example is listed twice" });
  });

  it("checks phones: E.164, and the number as shown must be the number dialled", () => {
    expect(messages((s) => (s.phones.main = { display: "(302) 555-0142", e164: "302-555-0142" }))).toEqual({ "phones.main.e164": SITE_MESSAGES.e164 });
    expect(messages((s) => (s.phones.main = { display: "(302) 555-0143", e164: "+13025550142" }))).toEqual({
      "phones.main.display": SITE_MESSAGES.phoneDigits,
    });
    expect(messages((s) => (s.phones.tollFree = { display: "", e164: "+18885550199" }))).toMatchObject({
      "phones.tollFree.display": "The number as shown is required",
    });
  });

  it("checks hours, towns, the id and the rest in words", () => {
    expect(messages((s) => (s.hours.Monday = { opens: "17:00", closes: "09:00" }))).toEqual({ "hours.Monday.closes": SITE_MESSAGES.closesAfterOpens });
    expect(messages((s) => (s.hours.Tuesday = { opens: "9am", closes: "17:00" }))).toEqual({ "hours.Tuesday.opens": SITE_MESSAGES.clock });
    expect(messages((s) => (s.towns = [...s.towns, { ...s.towns[0]!, name: "Again" }]))).toEqual({
      "towns.25.slug": "The town link bethany-beach is listed twice",
    });
    expect(messages((s) => (s.towns[0]!.lat = 91))).toEqual({ "towns.0.lat": SITE_MESSAGES.lat });
    expect(messages((s) => (s.id = "Sussex Coast"))).toEqual({ id: SITE_MESSAGES.id });
    expect(messages((s) => (s.address.region = "Delaware"))).toEqual({ "address.region": SITE_MESSAGES.state });
    expect(messages((s) => (s.email = "sales"))).toEqual({ email: SITE_MESSAGES.email });
    expect(messages((s) => (s.social = { facebook: "javascript:alert(1)" }))).toEqual({ "social.facebook": SITE_MESSAGES.url });
    expect(messages((s) => (s.leadRecipients = ["owner@dealer.example", "nope"]))).toEqual({ "leadRecipients.1": SITE_MESSAGES.email });
    expect(messages((s) => (s.name = "  "))).toEqual({ name: "The site's name is required" });
  });

  it("refuses, in a list of sites, an id or a domain two sites claim", () => {
    const clash = { ...capeMay!, id: "clash", domains: ["capemaycoastgolfcarts.example"] };
    const result = SiteListSchema.safeParse([first, capeMay, clash, { ...worcester!, id: "sussex-coast" }]);
    expect(result.error?.issues.map((i) => [i.path.join("."), i.message])).toEqual([
      ["3.id", "The site id sussex-coast is listed twice"],
      ["2.domains.0", "The domain capemaycoastgolfcarts.example is claimed by two sites"],
    ]);
  });
});

describe("siteForHost", () => {
  const sites = [first, ...examples];
  it("finds the site claiming a Host header, ignoring its port, case and a trailing dot, and says whether it is the primary", () => {
    expect(siteForHost(sites, "www.sussexcoastgolfcarts.example")).toEqual({ site: first, primary: true });
    expect(siteForHost(sites, "LOCALHOST:4490")).toEqual({ site: first, primary: false });
    expect(siteForHost(sites, "127.0.0.1:3000")).toEqual({ site: first, primary: false });
    expect(siteForHost(sites, "capemaycoastgolfcarts.example.")).toEqual({ site: capeMay, primary: false });
    expect(siteForHost(sites, "www.worcestershoregolfcarts.example:443")).toEqual({ site: worcester, primary: true });
  });

  it("finds no site for a host none claims, a look-alike, an IPv6 literal or no host", () => {
    for (const host of ["evil.example", "www.sussexcoastgolfcarts.example.evil.example", "sussexcoastgolfcarts.example", "[::1]:3000", "", undefined])
      expect(siteForHost(sites, host)).toBeUndefined();
  });
});
