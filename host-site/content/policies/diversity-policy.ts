import { EFFECTIVE_DATE_LINE, p, list, type PolicyDocument } from "./document";

export const DIVERSITY_POLICY: PolicyDocument = {
  slug: "diversity-policy",
  path: "/policies/diversity-policy",
  group: "policy",
  title: "Diversity Policy",
  shortTitle: "Diversity Policy",
  description: "{name} is an equal-opportunity employer and a dealership for everyone: how we hire, serve customers and keep our website accessible.",
  keywords: ["diversity policy", "equal opportunity employer", "accessibility"],
  hero: "diversity",
  intro: "{region} is many communities. Our team and our service should reflect all of them.",
  dateLine: EFFECTIVE_DATE_LINE,
  sections: [
    {
      heading: "Hiring and our team",
      blocks: [
        p(
          "We hire, train, pay and promote on skill and effort alone. We do not discriminate on race, colour, religion, sex, sexual orientation, gender identity, national origin, age, disability, veteran status or any other characteristic protected by law.",
        ),
        list([
          "Job openings are advertised publicly, including through local schools and veterans' programmes.",
          "Every employee has the same training budget, full-time, part-time or seasonal.",
          "Concerns can be raised with the general manager or anonymously, without retaliation.",
        ]),
      ],
    },
    {
      heading: "Serving every customer",
      blocks: [
        list([
          "Every customer gets the same prices, financing options and attention.",
          "We help customers with mobility needs choose carts with easy step-in heights, grab handles and hand controls.",
          "The showroom is step-free and has an accessible restroom.",
        ]),
      ],
    },
    {
      heading: "An accessible website",
      blocks: [
        p(
          "This website is built to meet the Web Content Accessibility Guidelines (WCAG) 2.1 at level AA and is tested against them. If something is hard to use, call us and we will help and fix it.",
        ),
      ],
    },
  ],
};
