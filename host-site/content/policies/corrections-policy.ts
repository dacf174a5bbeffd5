import { EFFECTIVE_DATE_LINE, p, list, table, type PolicyDocument } from "./document";

/** How fast a reported error on the site is fixed, in hours, by severity (spec §9 "Service, response and other limits": fix times for critical, important, minor and complex errors). */
export const CORRECTION_HOURS = { critical: 2, important: 24, minor: 48, complex: 72 } as const;

export const CORRECTIONS_POLICY: PolicyDocument = {
  slug: "corrections-policy",
  path: "/policies/corrections-policy",
  group: "policy",
  title: "Corrections Policy",
  shortTitle: "Corrections Policy",
  description: `How we fix mistakes on our website: critical errors within ${CORRECTION_HOURS.critical} hours, important ones within ${CORRECTION_HOURS.important} hours, and how to report one.`,
  keywords: ["corrections policy", "report an error", "accuracy"],
  hero: "corrections",
  intro: "If something on this site is wrong, we want to know, and we fix it in the open.",
  dateLine: EFFECTIVE_DATE_LINE,
  sections: [
    {
      heading: "How fast we correct",
      blocks: [
        table(
          "Correction times",
          ["Severity", "Examples", "Fixed within"],
          [
            ["Critical", "A wrong price, phone number or safety information", `${CORRECTION_HOURS.critical} hours`],
            ["Important", "A wrong specification, feature or policy detail", `${CORRECTION_HOURS.important} hours`],
            ["Minor", "Typos, broken formatting, an outdated photo", `${CORRECTION_HOURS.minor} hours`],
            ["Complex", "Errors that need the manufacturer or several pages to change", `${CORRECTION_HOURS.complex} hours`],
          ],
        ),
      ],
    },
    {
      heading: "How to report an error",
      blocks: [p("Call or e-mail us with the page address and what looks wrong. You do not need to be a customer.")],
    },
    {
      heading: "How we correct",
      blocks: [
        list([
          "We fix the page itself rather than adding a note somewhere else.",
          "If a wrong price affected a quote or sale, we honour whichever price is lower for you.",
          "We tell the person who reported the error when it has been fixed.",
        ]),
      ],
    },
  ],
};
