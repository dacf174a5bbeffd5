import type { Town } from "../../domain/towns";
import type { SiteFacts } from "../lib/site-facts";

/** The three benefit cards of a town page. */
export const townBenefits = (town: Town) =>
  [
    { title: "Delivered to your door", text: `We deliver new carts to homes in ${town.name}, charged and ready, with a walk-through of every control.` },
    {
      title: "Service that comes to you",
      text: `Our technicians pick up carts from ${town.name} for repairs and bring them back, usually within 24 to 48 hours.`,
    },
    { title: "Made for local streets", text: `Street-legal carts with lights, mirrors and seat belts, and advice on where carts may drive in ${town.name}.` },
  ] as const;

/** The services listed on every town page (eight with a financing offer). */
export const townServices = (biz: SiteFacts): string[] => [
  "New golf cart and LSV sales",
  "Daily, weekly and monthly rentals",
  "Repairs and maintenance",
  "Lithium battery upgrades",
  "Custom modifications and lift kits",
  ...(biz.financingRate ? [`Financing, with ${biz.financingRate} on select models`] : biz.financingOffer ? ["Financing"] : []),
  "Trade-ins",
  "Seasonal storage",
];
