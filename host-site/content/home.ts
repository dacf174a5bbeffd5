import { BUSINESS } from "../../domain/business";

/** The home page's four value blocks (spec §2 Home). */
export const VALUE_BLOCKS = [
  {
    icon: "shield",
    title: "Premium Quality",
    text: "Denago and Evolution carts with lithium power, seat belts and lights, inspected by our technicians before they leave the lot.",
  },
  {
    icon: "wrench",
    title: "Expert Service",
    text: "Factory-trained technicians in Georgetown for repairs, batteries, upgrades and warranty work, with pickup across the county.",
  },
  {
    icon: "percent",
    title: `${BUSINESS.financingRate} Financing`,
    text: `${BUSINESS.financingOffer.charAt(0).toUpperCase()}${BUSINESS.financingOffer.slice(1)}, through an outside lender with a quick online application.`,
  },
  {
    icon: "leaf",
    title: "Eco-Friendly",
    text: "Zero tailpipe emissions, almost no noise and pennies per mile: better for the beaches and the bay.",
  },
] as const;

/** Brand tiles of the home page's brand grid: the two featured brands link to their pages. */
export const BRANDS = [
  { id: "denago", name: "Denago", href: "/denago" },
  { id: "evolution", name: "Evolution", href: "/evolution" },
  { id: "club-car", name: "Club Car", href: undefined },
  { id: "ez-go", name: "EZ-GO", href: undefined },
  { id: "tomberlin", name: "Tomberlin", href: undefined },
  { id: "swift-ev", name: "Swift EV", href: undefined },
] as const;

/** The centre of Sussex County and a span that shows all of it, for the county maps. */
export const COUNTY_MAP = { center: { lat: 38.68, lng: -75.33 }, span: 0.42 } as const;
