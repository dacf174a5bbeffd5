import { formatSiteAddress, type SiteFacts } from "../lib/site-facts";

/** The showroom page's two location cards (spec §2 Showroom): our physical showroom and the online one. */
export const locations = (biz: SiteFacts) => [
  {
    id: "showroom",
    type: "physical" as const,
    name: `${biz.address.city} Showroom`,
    address: formatSiteAddress(biz.address),
    text: "Every model on the floor, a test-drive loop out back and the service workshop next door.",
    directionsUrl: `https://www.openstreetmap.org/directions?to=${biz.geo.lat}%2C${biz.geo.lng}`,
  },
  {
    id: "online",
    type: "online" as const,
    name: "Online Showroom",
    address: `Serving all of ${biz.region}, ${biz.state}`,
    text: "Browse the full catalogue with live prices, ask for a quote and have your cart delivered to your door.",
    directionsUrl: undefined,
  },
];

/**
 * Where visitors read and leave reviews: our Facebook page's reviews. (The
 * cards carry no "Website" link: the visitor is on our website already.)
 */
export const reviewsUrl = (facebook: string): string => `${facebook}/reviews`;

/** What the showroom offers. */
export const showroomServices = (biz: SiteFacts) => [
  { title: "Test drives", text: "Drive any model on our loop, or book a test drive at your home." },
  { title: "Expert consultation", text: "Tell us where you will drive and who rides along; we will match the cart." },
  ...(biz.financingOffer
    ? [{ title: "Financing options", text: `${biz.financingRate ?? biz.financingOffer} on select models, with an online application that takes minutes.` }]
    : []),
];
