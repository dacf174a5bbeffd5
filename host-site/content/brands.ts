import { BUSINESS } from "../../domain/business";
import { formatUsd } from "../../domain/money";
import { DELIVERY_RULES } from "../../domain/delivery";
/** Copy for the two brand pages (spec §2 Denago, Evolution). Prices are never written here. */

export const DENAGO_FEATURES = [
  "Lithium batteries with no watering and no maintenance",
  "Street-legal equipment on EV City models",
  "Lifted, all-terrain Nomad trims",
  "Heavy-duty Rover utility carts",
  "Manufacturer warranty, serviced by us in Georgetown",
] as const;

export const EVOLUTION_DIFFERENCE = [
  { title: "Lithium as standard", text: "Maintenance-free lithium packs with onboard chargers on every model." },
  { title: "Automotive build", text: "Steel chassis, hydraulic brakes and independent front suspension." },
  { title: "Comfort that lasts", text: "Two-tone seats, padded armrests and folding windshields." },
  { title: "Safety first", text: "Seat belts, LED lights, mirrors and turn signals, with a horn and reverse alarm." },
  { title: "Modern dash", text: "Touchscreen displays with Bluetooth audio and USB charging on most trims." },
  { title: "Room to choose", text: "Seven series, two to eight seats, street and lifted styles." },
] as const;

export const EVOLUTION_WHY = [
  { title: "Authorised dealer", text: "Full manufacturer warranty, registered and honoured by us." },
  { title: "Local service", text: "Factory-trained technicians in Georgetown and pickup county-wide." },
  { title: "Financing", text: `${BUSINESS.financingRate} on select models through our lending partner.` },
  {
    title: "Delivered ready",
    text: `Free delivery within ${DELIVERY_RULES.freeRadiusMiles} miles on purchases of ${formatUsd(DELIVERY_RULES.freeMinimumPurchase)} or more.`,
  },
] as const;

/** The fixed drive line on Evolution featured models (spec §2 "Evolution page": 'Drive: Rear-Wheel Drive'). */
export const EVOLUTION_DRIVE = "Rear-Wheel Drive";
