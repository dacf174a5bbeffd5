import { formatUsd } from "../../domain/money";
import { DELIVERY_RULES } from "../../domain/delivery";
import type { SiteFacts } from "../lib/site-facts";
/** Copy for the two brand pages (spec §2 Denago, Evolution). Prices are never written here. */

export const denagoFeatures = (biz: SiteFacts) => [
  "Lithium batteries with no watering and no maintenance",
  "Street-legal equipment on EV City models",
  "Lifted, all-terrain Nomad trims",
  "Heavy-duty Rover utility carts",
  `Manufacturer warranty, serviced by us in ${biz.address.city}`,
];

export const EVOLUTION_DIFFERENCE = [
  { title: "Lithium as standard", text: "Maintenance-free lithium packs with onboard chargers on every model." },
  { title: "Automotive build", text: "Steel chassis, hydraulic brakes and independent front suspension." },
  { title: "Comfort that lasts", text: "Two-tone seats, padded armrests and folding windshields." },
  { title: "Safety first", text: "Seat belts, LED lights, mirrors and turn signals, with a horn and reverse alarm." },
  { title: "Modern dash", text: "Touchscreen displays with Bluetooth audio and USB charging on most trims." },
  { title: "Room to choose", text: "Seven series, two to eight seats, street and lifted styles." },
] as const;

export const evolutionWhy = (biz: SiteFacts) => [
  { title: "Authorised dealer", text: "Full manufacturer warranty, registered and honoured by us." },
  { title: "Local service", text: `Factory-trained technicians in ${biz.address.city} and pickup county-wide.` },
  ...(biz.financingOffer ? [{ title: "Financing", text: `${biz.financingRate ?? biz.financingOffer} on select models through our lending partner.` }] : []),
  {
    title: "Delivered ready",
    text: `Free delivery within ${DELIVERY_RULES.freeRadiusMiles} miles on purchases of ${formatUsd(DELIVERY_RULES.freeMinimumPurchase)} or more.`,
  },
];

/** The fixed drive line on Evolution featured models (spec §2 "Evolution page": 'Drive: Rear-Wheel Drive'). */
export const EVOLUTION_DRIVE = "Rear-Wheel Drive";
