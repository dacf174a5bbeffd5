/** The shape of a policy or legal page: plain data the PolicyPage component renders. */

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

/** The two pieces of law every set of terms shares: Delaware law, Sussex County courts. */
export const GOVERNING_LAW: DocSection = {
  heading: "Governing law and venue",
  blocks: [
    p(
      "These terms are governed by the laws of the State of Delaware, without regard to its conflict-of-law rules. " +
        "Any dispute arising from them, from this website or from a purchase, rental, service or storage agreement with us " +
        "will be heard in the state courts located in Sussex County, Delaware, and you agree to the jurisdiction of those courts.",
    ),
  ],
};
