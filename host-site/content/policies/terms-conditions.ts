import { EFFECTIVE_DATE_LINE, GOVERNING_LAW, p, list, type PolicyDocument } from "./document";

export const TERMS_CONDITIONS: PolicyDocument = {
  slug: "terms-conditions",
  path: "/policies/terms-conditions",
  group: "legal",
  title: "Terms & Conditions",
  shortTitle: "Terms & Conditions",
  description:
    "The terms and conditions of sale, rental, service and storage at {name} in {city}, {state}: quotes, deposits, payment, warranties and governing law.",
  keywords: ["terms and conditions", "terms of sale", "golf cart purchase terms"],
  hero: "legal",
  intro: "The conditions that apply when you buy, rent, store or service a cart with us.",
  dateLine: EFFECTIVE_DATE_LINE,
  sections: [
    {
      heading: "Who we are",
      blocks: [p(`These conditions are between you and {legalName}, a dealership in {city}, {addressCounty}, {state}.`)],
    },
    {
      heading: "Quotes and orders",
      blocks: [
        list([
          "Quotes are given in writing and are valid for the period stated on them.",
          "An order is confirmed when you sign the purchase agreement and pay any deposit it names.",
          "Custom and special orders need a deposit, which is refundable only if we cannot deliver the cart as ordered.",
        ]),
      ],
    },
    {
      heading: "Payment and ownership",
      blocks: [
        p(
          "The balance is due before delivery unless financing has been approved. The cart remains ours until it is paid in full; the title or certificate of origin is handed over on full payment.",
        ),
      ],
    },
    {
      heading: "Delivery, returns, rentals and storage",
      blocks: [
        p(
          "Delivery follows our Delivery Policy, returns our Return Policy, rentals our Rental Policy and storage our Storage Policy. Each is published on this site and forms part of these conditions.",
        ),
      ],
    },
    {
      heading: "Warranties and service",
      blocks: [
        list([
          "New carts carry the manufacturer's warranty, which we register and honour as an authorised dealer.",
          "Used carts carry the warranty written on the sales agreement; carts sold as-is carry none.",
          "Service work is quoted before it starts; work beyond the quote needs your approval.",
        ]),
      ],
    },
    {
      heading: "Use of carts",
      blocks: [
        p(
          "You are responsible for driving only where {state} law and your town allow, for registration and insurance of street-legal carts after purchase, and for following the manufacturer's safety instructions.",
        ),
      ],
    },
    GOVERNING_LAW,
  ],
};
