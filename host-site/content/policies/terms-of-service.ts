import { EFFECTIVE_DATE_LINE, GOVERNING_LAW, p, list, type PolicyDocument } from "./document";

export const TERMS_OF_SERVICE: PolicyDocument = {
  slug: "terms-of-service",
  path: "/terms-of-service",
  group: "legal",
  title: "Terms of Service",
  shortTitle: "Terms of Service",
  description: "The terms for using the {name} website and its embeddable widgets: information, prices, outside links, liability and {state} law.",
  keywords: ["terms of service", "website terms", "{state} law"],
  hero: "legal",
  intro: "The rules for using this website. Buying, renting and storing carts have their own terms and conditions.",
  dateLine: EFFECTIVE_DATE_LINE,
  sections: [
    {
      heading: "Using this site",
      blocks: [
        p(`This website is run by {legalName}. By using it you accept these terms. If you do not accept them, please do not use the site.`),
        list([
          "Use the site for lawful purposes only, and do not try to disrupt it or reach parts of it not meant for the public.",
          "Send only true information through the contact form.",
          "Partners may embed our widgets on their own sites as published; the content and prices they show remain ours.",
        ]),
      ],
    },
    {
      heading: "Information and prices",
      blocks: [
        p(
          "We work to keep every price and specification correct, and our corrections policy says how fast we fix mistakes. Prices, availability and specifications can change without notice and are confirmed in writing when you buy or rent. A price shown on the site is not an offer that binds us until a sales or rental agreement is signed.",
        ),
      ],
    },
    {
      heading: "Outside links",
      blocks: [
        p(
          "The financing application, manufacturers' sites, maps and social networks are run by others. We are not responsible for their content or their handling of your information.",
        ),
      ],
    },
    {
      heading: "Our content",
      blocks: [
        p(
          "The text, illustrations, logos and code of this site belong to us or our licensors. You may share links to any page; please ask before copying our content.",
        ),
      ],
    },
    {
      heading: "Liability",
      blocks: [
        p(
          "The site is provided as it is. To the extent the law allows, we are not liable for losses arising from its use or from being unable to use it. Nothing in these terms limits rights you have under {state} consumer protection law.",
        ),
      ],
    },
    GOVERNING_LAW,
    {
      heading: "Changes",
      blocks: [p("We may update these terms; the effective date above shows the latest version.")],
    },
  ],
};
