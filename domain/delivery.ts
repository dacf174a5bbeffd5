/**
 * Delivery of purchased carts (spec §9 "Delivery policy": free within 20 miles of the showroom on purchases of $5,000 or
 * more, $6 a mile beyond; lead times, the delivery window and the fees). Distances are measured from the Georgetown
 * showroom as the crow flies.
 */

import { distanceMiles } from "./distance";
import { formatUsd } from "./money";
import type { Town } from "./towns";

export const DELIVERY_RULES = {
  freeRadiusMiles: 20,
  freeMinimumPurchase: 5000,
  perMileBeyond: 6,
  inStockLeadTime: "2-5 business days",
  customOrderLeadTime: "2-4 weeks",
  windowHours: 2,
  whiteGlove: 150,
  rescheduleNoticeHours: 24,
  sameDayCancellation: 75,
  missedAppointment: 100,
  accessPathFeet: 8,
  clearanceFeet: 10,
} as const;

/** Where a site's showroom is: the point deliveries are measured from, and its town as sentences name it. */
export interface Showroom {
  geo: { lat: number; lng: number };
  city: string;
}

/** Miles from the showroom to a town's centre, rounded to the mile as the town pages print them. */
export const milesFromShowroom = (town: Town, showroom: Showroom): number => Math.round(distanceMiles(showroom.geo, town.coordinates));

/**
 * The delivery sentence for a town page: the showroom's own town delivers free; a town within the free radius is inside
 * the free zone; a town beyond it pays the per-mile fee past the free miles.
 */
export function townDeliveryText(town: Town, showroom: Showroom): string {
  const miles = milesFromShowroom(town, showroom);
  const { freeRadiusMiles, freeMinimumPurchase, perMileBeyond } = DELIVERY_RULES;
  if (miles === 0) return `${town.name} is home to our showroom: delivery is free on purchases of ${formatUsd(freeMinimumPurchase)} or more.`;
  return miles <= freeRadiusMiles
    ? `${town.name} is about ${miles} miles from our ${showroom.city} showroom, inside our free delivery zone for purchases of ${formatUsd(freeMinimumPurchase)} or more.`
    : `${town.name} is about ${miles} miles from our ${showroom.city} showroom: delivery is free for the first ${freeRadiusMiles} miles on purchases of ${formatUsd(freeMinimumPurchase)} or more, then ${formatUsd(perMileBeyond)} per mile.`;
}
