import { BUSINESS, formatAddress } from "../../domain/business";

/** The showroom page's two location cards (spec §2 Showroom): our physical showroom and the online one. */
export const LOCATIONS = [
  {
    id: "georgetown",
    type: "physical" as const,
    name: `${BUSINESS.address.city} Showroom`,
    address: formatAddress(),
    text: "Every model on the floor, a test-drive loop out back and the service workshop next door.",
    directionsUrl: `https://www.openstreetmap.org/directions?to=${BUSINESS.geo.lat}%2C${BUSINESS.geo.lng}`,
  },
  {
    id: "online",
    type: "online" as const,
    name: "Online Showroom",
    address: "Serving all of Sussex County, Delaware",
    text: "Browse the full catalogue with live prices, ask for a quote and have your cart delivered to your door.",
    directionsUrl: undefined,
  },
] as const;

/**
 * Where visitors read and leave reviews: our Facebook page's reviews. (The
 * cards carry no "Website" link: the visitor is on our website already.)
 */
export const REVIEWS_URL = `${BUSINESS.social.facebook}/reviews`;

/** What the showroom offers. */
export const SHOWROOM_SERVICES = [
  { title: "Test drives", text: "Drive any model on our loop, or book a test drive at your home." },
  { title: "Expert consultation", text: "Tell us where you will drive and who rides along; we will match the cart." },
  { title: "Financing options", text: `${BUSINESS.financingRate} on select models, with an online application that takes minutes.` },
] as const;
