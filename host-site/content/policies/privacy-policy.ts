import { EFFECTIVE_DATE_LINE, p, list, type PolicyDocument } from "./document";

/** We offer no services to children under this age (spec §9, legal: the minimum age the privacy policy states). */
export const PRIVACY_MINIMUM_AGE = 13;

export const PRIVACY_POLICY: PolicyDocument = {
  slug: "privacy-policy",
  path: "/privacy-policy",
  group: "legal",
  title: "Privacy Policy",
  shortTitle: "Privacy Policy",
  description: "What personal information {name} collects through this website and in the showroom, why, who sees it and the choices you have.",
  keywords: ["privacy policy", "personal information", "data protection"],
  hero: "legal",
  intro: "We collect only what we need to answer you and serve you, and we never sell it.",
  dateLine: EFFECTIVE_DATE_LINE,
  sections: [
    {
      heading: "What we collect",
      blocks: [
        list([
          "What you send through the contact form: your name, e-mail address, phone number, the subject you chose and your message, with the page you sent it from.",
          "What you give us in person or by phone when you buy, rent, store or service a cart, such as your address, driver's license details and payment information.",
          "Basic server logs (address, browser type, page requested) kept for security and deleted after a short period.",
        ]),
        p("This site uses no advertising or analytics cookies and no tracking scripts."),
      ],
    },
    {
      heading: "How we use it",
      blocks: [
        list([
          "To answer your enquiry and prepare quotes.",
          "To complete sales, rentals, storage and service work, and the paperwork the law requires for them.",
          "To contact you about your cart, such as recalls and service reminders. Marketing e-mail is sent only if you ask for it, and every message lets you stop.",
        ]),
      ],
    },
    {
      heading: "Who we share it with",
      blocks: [
        list([
          "The finance company, only when you apply for financing.",
          "Manufacturers, for warranty registration and recalls.",
          "Service providers that host our systems and send our e-mail, under contracts that limit them to that work.",
          "Authorities, when the law requires it.",
        ]),
        p("We do not sell or rent personal information."),
      ],
    },
    {
      heading: "Maps and outside links",
      blocks: [
        p(
          "Our maps are shown in frames from OpenStreetMap, which receives your address and browser details when the map loads. Links to the financing application and to manufacturers' sites take you to services with their own privacy policies.",
        ),
      ],
    },
    {
      heading: "Children",
      blocks: [
        p(
          `Our services are not offered to children under ${PRIVACY_MINIMUM_AGE}, and we do not knowingly collect information from them. If you believe a child has sent us information, contact us and we will delete it.`,
        ),
      ],
    },
    {
      heading: "Your choices",
      blocks: [
        p(
          "You may ask to see, correct or delete the information we hold about you, except records we must keep by law. Contact us by e-mail or phone and we will answer within 30 days.",
        ),
      ],
    },
    {
      heading: "Contact",
      blocks: [p(`{legalName}, {address}. E-mail {email} or call {phone}.`)],
    },
  ],
};
