/**
 * The shape of a policy or legal page: plain data the PolicyPage component
 * renders. The text names no site: it says {name}, {legalName}, {city},
 * {region}, {state} (the governing state), {legalCounty}, {addressCounty},
 * {address}, {email}, {phone} and {servicePhone}, which fillSiteText fills
 * with the facts of the site a page is rendered for.
 */
import { withFullStop } from "../../../domain/full-stop";

export type Block =
  | { kind: "p"; text: string }
  | { kind: "list"; items: readonly string[]; ordered?: boolean }
  | { kind: "table"; caption: string; head: readonly string[]; rows: readonly (readonly string[])[] };

export interface DocSection {
  heading: string;
  blocks: readonly Block[];
}

/** Hero banner keys: /images/hero/policy-<key>.svg. */
export type PolicyHero =
  "return" | "delivery" | "rental" | "storage" | "publishing" | "feedback" | "corrections" | "diversity" | "ethics" | "staffing" | "legal";

export interface PolicyDocument {
  /** Path segment, e.g. "return-policy". */
  slug: string;
  /** Canonical path, e.g. "/policies/return-policy". */
  path: string;
  /** "policy": the ten policy pages; "legal": privacy and the two sets of terms. */
  group: "policy" | "legal";
  title: string;
  /** Label for footer links. */
  shortTitle: string;
  description: string;
  keywords: readonly string[];
  hero: PolicyHero;
  /** One or two sentences under the title in the hero. */
  intro: string;
  /** The line at the top of the content card. */
  dateLine: string;
  sections: readonly DocSection[];
}

/** The date every policy took effect. */
export const EFFECTIVE_DATE = "January 23, 2025";
export const EFFECTIVE_DATE_LINE = `Effective date: ${EFFECTIVE_DATE}`;

export const p = (text: string): Block => ({ kind: "p", text });
export const list = (items: readonly string[], ordered = false): Block => ({ kind: "list", items, ordered });
export const table = (caption: string, head: readonly string[], rows: readonly (readonly string[])[]): Block => ({
  kind: "table",
  caption,
  head,
  rows,
});

/** The two pieces of law every set of terms shares: the site's governing state and its county of venue (site.legal). */
export const GOVERNING_LAW: DocSection = {
  heading: "Governing law and venue",
  blocks: [
    p(
      "These terms are governed by the laws of the State of {state}, without regard to its conflict-of-law rules. " +
        "Any dispute arising from them, from this website or from a purchase, rental, service or storage agreement with us " +
        "will be heard in the state courts located in {legalCounty}, {state}, and you agree to the jurisdiction of those courts.",
    ),
  ],
};

/** The facts a policy's text may name, by placeholder. */
export interface PolicyFacts {
  name: string;
  legalName: string;
  city: string;
  region: string;
  state: string;
  legalCounty: string;
  addressCounty: string;
  address: string;
  email: string;
  phone: string;
  servicePhone: string;
}

/**
 * `text` with each {placeholder} replaced by its fact; an unknown one is a content bug, and says so. A fact that ends
 * with a period ends a sentence its placeholder is followed by a period in ("{legalName}." of "Carts, Inc."): one period.
 */
export function fillSiteText(text: string, facts: PolicyFacts): string {
  return text.replace(/\{(\w+)\}(\.?)/g, (whole, key: string, stop: string) => {
    if (!Object.hasOwn(facts, key)) throw new Error(`Unknown placeholder ${whole} in policy text: "${text}"`);
    const fact = facts[key as keyof PolicyFacts];
    return stop ? withFullStop(fact) : fact;
  });
}

/** A policy document with every text filled with the site's facts. */
export function fillPolicy(doc: PolicyDocument, facts: PolicyFacts): PolicyDocument {
  const f = (text: string) => fillSiteText(text, facts);
  const block = (b: Block): Block =>
    b.kind === "p"
      ? { ...b, text: f(b.text) }
      : b.kind === "list"
        ? { ...b, items: b.items.map(f) }
        : { ...b, caption: f(b.caption), head: b.head.map(f), rows: b.rows.map((r) => r.map(f)) };
  return {
    ...doc,
    title: f(doc.title),
    shortTitle: f(doc.shortTitle),
    description: f(doc.description),
    keywords: doc.keywords.map(f),
    intro: f(doc.intro),
    sections: doc.sections.map((s) => ({ heading: f(s.heading), blocks: s.blocks.map(block) })),
  };
}
