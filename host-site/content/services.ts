import { formatUsd } from "../../domain/money";
import { DELIVERY_RULES } from "../../domain/delivery";
import { SERVICE_PRICE_TEXT } from "../../domain/service-fields";
import type { SiteFacts } from "../lib/site-facts";
/** The services page's offerings (spec §2 "Services": four service cards; §9: the labour rate). */
export interface ServiceOffering {
  id: string;
  title: string;
  description: string;
  features: readonly string[];
  priceText: string;
}

export const serviceOfferings = (biz: SiteFacts): readonly ServiceOffering[] => [
  {
    id: "repairs",
    title: "Repairs & Maintenance",
    description: "Diagnostics, brakes, steering, suspension and electrical work for every make, with most repairs finished within 24 to 48 hours.",
    features: ["Annual safety inspections", "Brake and tyre service", "Controller and motor diagnostics", `Pickup and return across ${biz.region}`],
    priceText: SERVICE_PRICE_TEXT.repairs,
  },
  {
    id: "batteries",
    title: "Batteries & Charging",
    description: "Lead-acid to lithium conversions, battery testing and charger replacement so your cart goes further on every charge.",
    features: ["Lithium conversion kits", "Battery load testing", "Charger repair and replacement", "Off-season battery care"],
    priceText: SERVICE_PRICE_TEXT.batteries,
  },
  {
    id: "custom",
    title: "Custom Modifications",
    description:
      "Lift kits, wheels, lighting, seating, enclosures and sound: we build the cart you have in mind and make it street legal where the law allows.",
    features: ["Lift kits and wheels", "LED light kits and turn signals", "Rear seats and cargo boxes", "Weather enclosures"],
    priceText: SERVICE_PRICE_TEXT.custom,
  },
  {
    id: "warranty",
    title: "Warranty Service",
    description: "As an authorised Denago and Evolution dealer we handle warranty claims from start to finish, with the manufacturer's parts.",
    features: ["Claims filed for you", "Genuine manufacturer parts", "Recall campaigns", "Loaner carts when available"],
    priceText: SERVICE_PRICE_TEXT.warranty,
  },
];

/** Other services the dealership offers (spec §1: batteries, modifications, delivery and pickup, trade-in, storage), listed under the cards. */
export const moreServices = (biz: SiteFacts) => [
  {
    title: "Delivery & pickup",
    text: `Free delivery within ${DELIVERY_RULES.freeRadiusMiles} miles of ${biz.address.city} on purchases of ${formatUsd(DELIVERY_RULES.freeMinimumPurchase)} or more.`,
    href: "/policies/delivery-policy",
  },
  { title: "Trade-ins", text: "Bring your old cart: we value it on the spot and take it off your hands.", href: "/contact" },
  { title: "Storage", text: "Indoor climate-controlled and covered outdoor storage, monthly or by the season.", href: "/policies/storage-policy" },
  { title: "Rentals", text: "4-seat, 6-seat and utility carts by the day, week or month.", href: "/rentals" },
];

/** Why customers choose our service department. */
export const serviceReasons = (biz: SiteFacts) => [
  { title: "Factory-trained technicians", text: "Trained by the manufacturers on lithium systems and modern controllers." },
  { title: "Fast turnaround", text: "Most repairs are done within 24 to 48 hours, so you are back on the road for the weekend." },
  { title: "We come to you", text: `Pickup and return anywhere in ${biz.region}${biz.story.serviceReach ? `, ${biz.story.serviceReach}` : ""}.` },
  { title: "Clear quotes", text: "You approve the price before we start; no surprises on the invoice." },
];
