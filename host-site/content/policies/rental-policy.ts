import { formatUsd } from "../../../domain/money";
import { RENTAL_PLANS, RENTAL_TERMS as t } from "../../../domain/rentals";
import { RENTAL_CANCELLATION as c } from "../../../domain/rental-cancellation";
import { EFFECTIVE_DATE_LINE, p, list, table, type PolicyDocument } from "./document";

export const RENTAL_POLICY: PolicyDocument = {
  slug: "rental-policy",
  path: "/policies/rental-policy",
  group: "policy",
  title: "Rental Policy",
  shortTitle: "Rental Policy",
  description: `Golf cart rental rules in {region}: drivers ${t.minimumAge}+, deposits, cancellation refunds, fees, insurance and delivery for 4-seat, 6-seat and utility carts.`,
  keywords: ["golf cart rental policy", "rental deposit", "rental cancellation", "beach cart rental rules"],
  hero: "rental",
  intro: "Everything you agree to when you rent a cart from us, written plainly so there are no surprises at drop-off.",
  dateLine: EFFECTIVE_DATE_LINE,
  sections: [
    {
      heading: "Who can rent and drive",
      blocks: [
        list([
          `Renters and drivers must be ${t.minimumAge} or older and hold a valid driver's license.`,
          "International visitors show a passport and an International Driving Permit along with their home license.",
          `Up to ${t.maxAdditionalDrivers} additional drivers may be named on the agreement, at ${formatUsd(t.additionalDriver)} each. Only named drivers may drive.`,
          "Every rental needs a credit card in the renter's name for the deposit and a signed rental agreement.",
        ]),
      ],
    },
    {
      heading: "Rental periods",
      blocks: [
        list([
          `The minimum rental is ${t.minimumHours} hours and the longest is ${t.maximumDays} days.`,
          "Rental time is counted in 24-hour increments from the time the cart is handed over.",
          "Early returns are not refunded. Prices are subject to availability and these terms.",
        ]),
      ],
    },
    {
      heading: "Security deposits",
      blocks: [
        table(
          "Security deposit by cart",
          ["Cart", "Deposit"],
          RENTAL_PLANS.map((plan) => [plan.title, formatUsd(plan.deposit)]),
        ),
        p(`Deposits are refunded to your card within ${t.depositRefundDays} of the cart's return, less any fees below.`),
      ],
    },
    {
      heading: "Cancellations",
      blocks: [
        table(
          "Cancellation refunds",
          ["When you cancel", "Refund"],
          [
            [`More than ${c.freeNoticeHours} hours before the start`, "Full refund, no fee"],
            [`Within ${c.freeNoticeHours} hours of the start`, `${c.lateRefundPercent}% of the rental price`],
            ["No-show", "No refund"],
          ],
        ),
      ],
    },
    {
      heading: "Fees",
      blocks: [
        table(
          "Rental fees",
          ["Item", "Fee"],
          [
            ["Late return", `${formatUsd(t.lateFeePerHour)} per hour`],
            ["Additional driver", `${formatUsd(t.additionalDriver)} each`],
            ["Cleaning, when the cart comes back dirty", `${formatUsd(t.cleaningFee.min)}-${formatUsd(t.cleaningFee.max)}`],
            ["Recharge, when the battery comes back flat", formatUsd(t.rechargeFee)],
            ["Smoke odor", formatUsd(t.smokeOdorFee)],
            ["Pet hair", formatUsd(t.petHairFee)],
            ["Minor damage, administration", `${formatUsd(t.minorDamageAdminFee)} plus the repair`],
            ["Missing accessory", `${formatUsd(t.missingAccessoryFee)} plus replacement`],
          ],
        ),
      ],
    },
    {
      heading: "Insurance",
      blocks: [
        p(
          `Liability coverage is included with every rental: ${formatUsd(t.liability.perPerson)} per person, ` +
            `${formatUsd(t.liability.perAccident)} per accident and ${formatUsd(t.liability.propertyDamage)} for property damage.`,
        ),
      ],
    },
    {
      heading: "Delivery and pickup",
      blocks: [
        list([
          `Delivery and pickup are free within ${t.freeDeliveryMiles} miles; beyond that we charge ${formatUsd(t.deliveryFeePerMile)} per mile.`,
          `Same-day delivery is available for bookings made before ${t.rushCutoff}, with a ${formatUsd(t.rushFee)} rush fee.`,
          "An adult aged 18 or over must be present at delivery and show a valid ID.",
        ]),
      ],
    },
  ],
};
