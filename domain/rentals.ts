/** Rental plans, deposits and fees (spec §9). Prices in US dollars. */

import { formatUsdRate } from "./money";

export interface RentalTier {
  /** "Daily", "3-Day", "Weekly", "Monthly". */
  title: string;
  price: number;
  /** "1 day", "3 days", "7 days", "30 days". */
  duration: string;
  /** Effective price per day. */
  perDay: number;
  /** Savings against the daily rate, as printed; absent for the daily tier. */
  savings?: string;
  badge?: "RECOMMENDED";
}

export interface RentalPlan {
  id: "4-seater" | "6-seater" | "utility";
  title: string;
  description: string;
  deposit: number;
  tiers: readonly RentalTier[];
}

const FOUR_SEAT_TIERS: readonly RentalTier[] = [
  { title: "Daily", price: 245, duration: "1 day", perDay: 245 },
  { title: "3-Day", price: 685, duration: "3 days", perDay: 228.34, savings: "SAVE 6.8%" },
  { title: "Weekly", price: 1050, duration: "7 days", perDay: 150, savings: "SAVE 38.7%", badge: "RECOMMENDED" },
  { title: "Monthly", price: 2800, duration: "30 days", perDay: 94, savings: "SAVE 61.6%" },
];

export const RENTAL_PLANS: readonly RentalPlan[] = [
  {
    id: "4-seater",
    title: "4 Seater",
    description: "Room for the family, street legal with seat belts, ideal for beach days and town errands.",
    deposit: 500,
    tiers: FOUR_SEAT_TIERS,
  },
  {
    id: "6-seater",
    title: "6 Seater",
    description: "Three rows for bigger groups, reunions and rental-house weeks at the shore.",
    deposit: 750,
    tiers: [
      { title: "Daily", price: 295, duration: "1 day", perDay: 295 },
      { title: "3-Day", price: 735, duration: "3 days", perDay: 245, savings: "SAVE 16.9%" },
      { title: "Weekly", price: 1400, duration: "7 days", perDay: 200, savings: "SAVE 32.2%", badge: "RECOMMENDED" },
      { title: "Monthly", price: 3500, duration: "30 days", perDay: 116.67, savings: "SAVE 60.4%" },
    ],
  },
  {
    id: "utility",
    title: "Utility",
    description: "A cargo bed for gear, coolers and tools: built for work sites, marinas and move-in days.",
    deposit: 600,
    tiers: FOUR_SEAT_TIERS,
  },
];

export type RentalPlanId = RentalPlan["id"];
export const isRentalPlanId = (v: unknown): v is RentalPlanId => RENTAL_PLANS.some((p) => p.id === v);

/** Rental rules and fees in US dollars. */
export const RENTAL_TERMS = {
  minimumHours: 24,
  maximumDays: 30,
  maxAdditionalDrivers: 2,
  minimumAge: 18,
  depositRefundDays: "3-5 business days",
  lateFeePerHour: 25,
  additionalDriver: 25,
  cleaningFee: { min: 50, max: 150 },
  rechargeFee: 35,
  smokeOdorFee: 200,
  petHairFee: 75,
  minorDamageAdminFee: 75,
  missingAccessoryFee: 25,
  liability: { perPerson: 100_000, perAccident: 300_000, propertyDamage: 50_000 },
  deliveryFeePerMile: 6,
  freeDeliveryMiles: 10,
  rushFee: 50,
  rushCutoff: "2:00 PM",
} as const;

/** Benefits listed on the rentals page. */
export const RENTAL_BENEFITS = [
  "Street legal with seat belts",
  "Flexible pickup and return",
  "Fully charged",
  "Insurance included",
  "24/7 support",
  "No hidden fees",
] as const;

/** "Renews at $228.34/day": the renewal line under a tier. */
export const renewalText = (tier: RentalTier): string => `Renews at ${formatUsdRate(tier.perDay)}/day`;
