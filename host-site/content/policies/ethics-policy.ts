import { EFFECTIVE_DATE_LINE, p, list, type PolicyDocument } from "./document";

export const ETHICS_POLICY: PolicyDocument = {
  slug: "ethics-policy",
  path: "/policies/ethics-policy",
  group: "policy",
  title: "Ethics Policy",
  shortTitle: "Ethics Policy",
  description:
    "The standards {name} holds itself to: honest prices, no-pressure sales, clear financing, respect for your data and truthful environmental claims.",
  keywords: ["business ethics", "honest pricing", "no-pressure sales"],
  hero: "ethics",
  intro: "How we do business, and what you can hold us to.",
  dateLine: EFFECTIVE_DATE_LINE,
  sections: [
    {
      heading: "Honest prices",
      blocks: [
        list([
          "The price on our website is the price in the showroom. Fees for delivery, registration or accessories are listed before you sign.",
          "We do not add unrequested add-ons to a deal.",
          "Trade-in offers are explained line by line.",
        ]),
      ],
    },
    {
      heading: "No-pressure sales",
      blocks: [
        p(
          "Take the time you need. Quotes are given in writing and stay valid for the period stated on them, and our staff are not paid to push one brand over another.",
        ),
      ],
    },
    {
      heading: "Clear financing",
      blocks: [
        p(
          "Financing is provided by an outside lender. We explain the rate, the term and the total cost before you apply, and 0% offers apply only to the models and terms the lender names.",
        ),
      ],
    },
    {
      heading: "Safety and the law",
      blocks: [
        list([
          "We tell you where a cart may and may not be driven in your town, and never sell a cart as street legal unless it is equipped to be registered as one.",
          "Rental carts are inspected before every rental.",
        ]),
      ],
    },
    {
      heading: "Environmental claims",
      blocks: [
        p(
          "Our eco-impact figures come from a published formula with stated assumptions, shown on the calculator page. We do not claim more than the numbers support.",
        ),
      ],
    },
    {
      heading: "Reporting a concern",
      blocks: [
        p("Anyone, customer or employee, can raise an ethics concern with the general manager by phone or e-mail. We look into every report and answer it."),
      ],
    },
  ],
};
