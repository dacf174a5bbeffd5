import { EFFECTIVE_DATE_LINE, p, list, type PolicyDocument } from "./document";

/** New product information goes up within this many hours of the manufacturer confirming it. */
export const NEW_PRODUCT_PUBLISH_HOURS = 48;

export const PUBLISHING_POLICY: PolicyDocument = {
  slug: "publishing-policy",
  path: "/policies/publishing-policy",
  group: "policy",
  title: "Publishing Policy",
  shortTitle: "Publishing Policy",
  description: "How {name} writes and checks the prices, specifications and articles on this website, and who is responsible for them.",
  keywords: ["publishing policy", "editorial standards", "golf cart specifications"],
  hero: "publishing",
  intro: "What we publish, where the facts come from and how we keep them right.",
  dateLine: EFFECTIVE_DATE_LINE,
  sections: [
    {
      heading: "Where our facts come from",
      blocks: [
        list([
          "Prices come from our own catalogue, the same one our sales team quotes from. Every page and every embedded widget reads the same figures.",
          "Specifications such as range, top speed and seating come from the manufacturers' published data. Range depends on terrain, load and weather, and we say so.",
          "Opening hours, phone numbers and addresses are kept in one place and shown identically everywhere on the site.",
        ]),
      ],
    },
    {
      heading: "How quickly we publish",
      blocks: [
        p(
          `New models and product changes are published within ${NEW_PRODUCT_PUBLISH_HOURS} hours of the manufacturer confirming them to us. Price changes appear on the site before they apply in the showroom.`,
        ),
      ],
    },
    {
      heading: "Images and writing",
      blocks: [
        list([
          "Our illustrations are drawn for this site; colours and accessories can differ from the cart you buy.",
          "We write our own descriptions and do not copy other dealers' text.",
          "We never publish invented reviews, ratings or testimonials.",
        ]),
      ],
    },
    {
      heading: "Responsibility",
      blocks: [
        p(
          "The general manager is responsible for everything published here. When something is wrong, our corrections policy sets how fast we fix it, and our feedback policy how fast we answer you.",
        ),
      ],
    },
  ],
};
