/**
 * Delivery, by the site's two rules (docs/decisions/0056): a cart bought (spec §9 "Delivery policy": free within 20
 * miles of the showroom on purchases of $5,000 or more, $6 a mile beyond; lead times, the delivery window and the fees)
 * and a rental cart (spec §9 "Rental prices": $6 a mile beyond 10 miles, RENTAL_TERMS). Distances are measured from the
 * showroom as the crow flies, in whole miles.
 */

import { distanceMiles } from "./distance";
import { formatUsd } from "./money";
import { RENTAL_TERMS } from "./rentals";
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
export const milesFromShowroom = (town: Pick<Town, "coordinates">, showroom: Pick<Showroom, "geo">): number =>
  Math.round(distanceMiles(showroom.geo, town.coordinates));

/** What delivering and collecting a rental cart costs to a town `miles` from the showroom: the per-mile fee past the free miles. */
export const rentalDeliveryFee = (miles: number): number => Math.max(0, miles - RENTAL_TERMS.freeDeliveryMiles) * RENTAL_TERMS.deliveryFeePerMile;

/** The rental delivery rule in words, wherever rental delivery is offered: "free within 10 miles of our showroom, then $6 a mile". */
export const rentalDeliveryRule = (): string =>
  `free within ${RENTAL_TERMS.freeDeliveryMiles} miles of our showroom, then ${formatUsd(RENTAL_TERMS.deliveryFeePerMile)} a mile`;

/**
 * The delivery sentences of a town page, with the town's own figures under both rules: a cart bought (free in the
 * showroom's town and within the free radius, the per-mile fee past it) and a rental cart (free within its free
 * miles, otherwise its fee to this town), so a renter never reads the purchase rule's "free" as theirs.
 */
export function townDeliveryText(town: Town, showroom: Showroom): string {
  const miles = milesFromShowroom(town, showroom);
  const { freeRadiusMiles, freeMinimumPurchase, perMileBeyond } = DELIVERY_RULES;
  const bought = `a cart you buy for ${formatUsd(freeMinimumPurchase)} or more`;
  const purchase =
    miles === 0
      ? `${town.name} is home to our showroom: ${bought} is delivered free.`
      : miles <= freeRadiusMiles
        ? `${town.name} is about ${miles} miles from our ${showroom.city} showroom, so ${bought} is delivered free (within ${freeRadiusMiles} miles).`
        : `${town.name} is about ${miles} miles from our ${showroom.city} showroom: ${bought} is delivered free for the first ${freeRadiusMiles} miles, then ${formatUsd(perMileBeyond)} per mile.`;
  const fee = rentalDeliveryFee(miles);
  const rental =
    fee === 0
      ? `A rental cart is delivered and collected free (within ${RENTAL_TERMS.freeDeliveryMiles} miles).`
      : `A rental cart is delivered and collected for ${formatUsd(fee)} (${formatUsd(RENTAL_TERMS.deliveryFeePerMile)} a mile past the first ${RENTAL_TERMS.freeDeliveryMiles}).`;
  return `${purchase} ${rental}`;
}
