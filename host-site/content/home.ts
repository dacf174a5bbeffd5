import type { SiteFacts } from "../lib/site-facts";

/** The home page's value blocks (spec §2 Home): four, or three for a site without a financing offer. */
export const valueBlocks = (biz: SiteFacts) => [
  {
    icon: "shield",
    title: "Premium Quality",
    text: "Denago and Evolution carts with lithium power, seat belts and lights, inspected by our technicians before they leave the lot.",
  },
  {
    icon: "wrench",
    title: "Expert Service",
    text: `Factory-trained technicians in ${biz.address.city} for repairs, batteries, upgrades and warranty work, with pickup across the county.`,
  },
  ...(biz.financingOffer
    ? [
        {
          icon: "percent",
          title: `${biz.financingRate ?? "Easy"} Financing`,
          text: `${biz.financingOffer.charAt(0).toUpperCase()}${biz.financingOffer.slice(1)}, through an outside lender with a quick online application.`,
        },
      ]
    : []),
  {
    icon: "leaf",
    title: "Eco-Friendly",
    text: "Zero tailpipe emissions, almost no noise and pennies per mile: better for the beaches and the bay.",
  },
];

/** Brand tiles of the home page's brand grid: the two featured brands link to their pages. */
export const BRANDS = [
  { id: "denago", name: "Denago", href: "/denago" },
  { id: "evolution", name: "Evolution", href: "/evolution" },
  { id: "club-car", name: "Club Car", href: undefined },
  { id: "ez-go", name: "EZ-GO", href: undefined },
  { id: "tomberlin", name: "Tomberlin", href: undefined },
  { id: "swift-ev", name: "Swift EV", href: undefined },
] as const;

/** The first site's county map, chosen by hand: the centre of Sussex County and a span that shows all of it. */
const HAND_DRAWN_MAPS: Record<string, { center: { lat: number; lng: number }; span: number }> = {
  "sussex-coast": { center: { lat: 38.68, lng: -75.33 }, span: 0.42 },
};

/** The map of the area a site serves: its own when drawn by hand, else the box around its towns (its showroom when it lists none). */
export function areaMap(biz: SiteFacts): { center: { lat: number; lng: number }; span: number } {
  const drawn = HAND_DRAWN_MAPS[biz.id];
  if (drawn) return drawn;
  const points = biz.towns.length ? biz.towns.map((t) => t.coordinates) : [biz.geo];
  const lats = points.map((p) => p.lat);
  const lngs = points.map((p) => p.lng);
  const mid = (xs: number[]) => (Math.min(...xs) + Math.max(...xs)) / 2;
  const span = Math.max(0.04, (Math.max(...lngs) - Math.min(...lngs)) / 2 + 0.05, Math.max(...lats) - Math.min(...lats) + 0.05);
  return { center: { lat: +mid(lats).toFixed(2), lng: +mid(lngs).toFixed(2) }, span: +span.toFixed(2) };
}
