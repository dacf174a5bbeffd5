import { DELIVERY_RULES } from "../../../domain/delivery";
import { formatUsd } from "../../../domain/money";
import { EFFECTIVE_DATE_LINE, p, list, table, type PolicyDocument } from "./document";

/** The delivery policy page, worded from the rules in domain/delivery.ts. */
const d = DELIVERY_RULES;

export const DELIVERY_POLICY: PolicyDocument = {
  slug: "delivery-policy",
  path: "/policies/delivery-policy",
  group: "policy",
  title: "Delivery Policy",
  shortTitle: "Delivery Policy",
  description: `Free cart delivery within ${d.freeRadiusMiles} miles of our {city} showroom on purchases of ${formatUsd(d.freeMinimumPurchase)} or more: lead times, fees and what we need on delivery day.`,
  keywords: ["golf cart delivery", "free delivery {region}", "white glove delivery"],
  hero: "delivery",
  intro: "We bring your cart to your driveway, garage or rental house, charged and ready to drive.",
  dateLine: EFFECTIVE_DATE_LINE,
  sections: [
    {
      heading: "Where we deliver and what it costs",
      blocks: [
        p(
          `Delivery is free within ${d.freeRadiusMiles} miles of our {city} showroom for purchases of ${formatUsd(d.freeMinimumPurchase)} or more. That covers most of {region}.`,
        ),
        p(
          `Beyond ${d.freeRadiusMiles} miles, or for smaller orders, delivery costs ${formatUsd(d.perMileBeyond)} per mile for the distance past the free zone. We quote the exact amount before you confirm.`,
        ),
      ],
    },
    {
      heading: "Lead times and scheduling",
      blocks: [
        table(
          "Delivery lead times",
          ["Order", "Typical lead time"],
          [
            ["In-stock cart", d.inStockLeadTime],
            ["Custom or special order", d.customOrderLeadTime],
          ],
        ),
        p(
          `We give you a ${d.windowHours}-hour delivery window the day before and call when the driver is on the way. Rescheduling is free with ${d.rescheduleNoticeHours} hours' notice.`,
        ),
      ],
    },
    {
      heading: "Fees",
      blocks: [
        list([
          `White-glove delivery (placement in your garage, a walk-through of every control and charger set-up): ${formatUsd(d.whiteGlove)}.`,
          `Same-day cancellation of a scheduled delivery: ${formatUsd(d.sameDayCancellation)}.`,
          `Missed appointment, when nobody is there to receive the cart: ${formatUsd(d.missedAppointment)}.`,
        ]),
      ],
    },
    {
      heading: "On delivery day",
      blocks: [
        list([
          "An adult aged 18 or over must be present to receive the cart and sign for it, with a valid photo ID.",
          `The path to the drop-off point must be at least ${d.accessPathFeet} feet wide with ${d.clearanceFeet} feet of overhead clearance for our trailer.`,
          "Please check the cart with the driver and note any damage on the delivery receipt before signing.",
        ]),
      ],
    },
  ],
};
