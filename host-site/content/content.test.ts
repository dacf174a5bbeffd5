import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { firstSite, sitesFromExample } from "../../domain/site-seed";
import { TOWNS } from "../../domain/towns";
import { policyFacts, siteFacts } from "../lib/site-facts";
import { regionsOf } from "./about";
import { FOOTER_COLUMNS, SHORT_PRIVACY_LINK, townLinks } from "./nav";
import { fillPolicy, LEGAL_ALIASES, POLICY_DOCUMENTS } from "./policies";

const FIRST = siteFacts(firstSite());
const [CAPE_MAY] = sitesFromExample(JSON.parse(readFileSync(new URL("../../tests/fixtures/example-sites.json", import.meta.url), "utf8"))).map((s) =>
  siteFacts(s),
);
/** The policies as a site shows them. */
const policiesOf = (site: typeof FIRST) => POLICY_DOCUMENTS.map((d) => fillPolicy(d, policyFacts(site)));

const PUBLIC = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../public");

describe("regions", () => {
  it("hold every town exactly once", () => {
    const names = regionsOf(FIRST).flatMap((r) => r.towns.map((t) => t.name));
    expect([...names].sort()).toEqual(TOWNS.map((t) => t.name).sort());
  });
});

describe("policy documents", () => {
  it("are the ten policies plus privacy and the two sets of terms", () => {
    expect(POLICY_DOCUMENTS.filter((d) => d.group === "policy").map((d) => d.path)).toEqual([
      "/policies/return-policy",
      "/policies/delivery-policy",
      "/policies/rental-policy",
      "/policies/storage-policy",
      "/policies/ethics-policy",
      "/policies/publishing-policy",
      "/policies/feedback-policy",
      "/policies/corrections-policy",
      "/policies/diversity-policy",
      "/policies/staffing-report",
    ]);
    expect(POLICY_DOCUMENTS.filter((d) => d.group === "legal").map((d) => d.path)).toEqual([
      "/policies/terms-conditions",
      "/privacy-policy",
      "/terms-of-service",
    ]);
  });

  it.each(POLICY_DOCUMENTS.map((d) => [d.path, d] as const))("%s has its date line and a hero banner that exists", (_path, d) => {
    expect(d.dateLine).toBe(d.slug === "staffing-report" ? "Reporting period: Jan 1 2024 to Dec 31 2024" : "Effective date: January 23, 2025");
    expect(existsSync(path.join(PUBLIC, `images/hero/policy-${d.hero}.svg`))).toBe(true);
    expect(d.sections.length).toBeGreaterThan(0);
  });

  it("carry none of the reference site's leftover places", () => {
    const text = JSON.stringify(policiesOf(FIRST));
    expect(text).not.toMatch(/Pennsylvania|Lackawanna|Kent County|New Castle|Maryland|Dover/);
  });

  it("govern both sets of terms by Delaware law and Sussex County courts", () => {
    for (const slug of ["terms-of-service", "terms-conditions"]) {
      const text = JSON.stringify(policiesOf(FIRST).find((d) => d.slug === slug));
      expect(text).toContain("laws of the State of Delaware");
      expect(text).toContain("Sussex County, Delaware");
    }
  });

  it("alias /privacy and /terms to canonical pages", () => {
    expect(LEGAL_ALIASES).toEqual({ "/privacy": "/privacy-policy", "/terms": "/terms-of-service" });
  });
});

describe("policy documents of another site", () => {
  it("name its own governing state and county, and none of the first site's facts", () => {
    const text = JSON.stringify(policiesOf(CAPE_MAY!));
    for (const slug of ["terms-of-service", "terms-conditions"]) {
      const terms = JSON.stringify(policiesOf(CAPE_MAY!).find((d) => d.slug === slug));
      expect(terms).toContain(`laws of the State of ${CAPE_MAY!.legal.state}`);
      expect(terms).toContain(`${CAPE_MAY!.legal.county}, ${CAPE_MAY!.legal.state}`);
    }
    expect(text).not.toMatch(/Sussex|Delaware|Georgetown|\(302\)|sussexcoast/);
    expect(text).not.toMatch(/\{\w+\}/);
  });
});

describe("footer links", () => {
  it("include every footer link of spec §2 and one per town", () => {
    const hrefs = new Set([...FOOTER_COLUMNS.flatMap((c) => c.links.map((l) => l.href)), SHORT_PRIVACY_LINK.href, ...townLinks(TOWNS).map((l) => l.href)]);
    const spec = [
      "/evolution",
      "/denago",
      "/policies/terms-conditions",
      "/policies/return-policy",
      "/privacy",
      "/privacy-policy",
      "/terms-of-service",
      "/policies/delivery-policy",
      "/policies/rental-policy",
      "/policies/ethics-policy",
      "/policies/storage-policy",
      "/policies/publishing-policy",
      "/policies/feedback-policy",
      "/policies/corrections-policy",
      "/policies/diversity-policy",
      "/policies/staffing-report",
      ...TOWNS.map((t) => t.url),
    ];
    for (const href of spec) expect(hrefs).toContain(href);
  });
});
