import { formatUsd } from "../../../domain/money";
import { EFFECTIVE_DATE_LINE, p, list, table, type PolicyDocument } from "./document";

/** Returns (spec §4: no return without an authorization number; §9 "Returns": windows and restocking fees): windows, fees and refund timing. */
export const RETURN_RULES = {
  newCart: { window: "7 days from delivery", maxMiles: 10, restockingPercent: 15, refund: "within 10 business days" },
  usedCart: { window: "3 days from delivery", restockingPercent: 20 },
  parts: { window: "30 days from purchase", restockingPercent: 10 },
  defects: { reportWithinHours: 48 },
  cardRefund: "3-5 business days",
  checkRefund: "up to 10 business days",
} as const;

const r = RETURN_RULES;

export const RETURN_POLICY: PolicyDocument = {
  slug: "return-policy",
  path: "/policies/return-policy",
  group: "policy",
  title: "Return Policy",
  shortTitle: "Return Policy",
  description: `How to return a cart, part or accessory to {name}: return windows, restocking fees, the RMA process and refund times.`,
  keywords: ["golf cart return policy", "restocking fee", "RMA", "refunds"],
  hero: "return",
  intro: "Changed your mind or found a problem? Here is exactly what can come back, for how long, and how the refund reaches you.",
  dateLine: EFFECTIVE_DATE_LINE,
  sections: [
    {
      heading: "What you can return",
      blocks: [
        table(
          "Return windows and fees",
          ["Item", "Return window", "Restocking fee", "Notes"],
          [
            [
              "New carts",
              `${r.newCart.window}, with fewer than ${r.newCart.maxMiles} miles driven`,
              `${r.newCart.restockingPercent}%`,
              `Refund issued ${r.newCart.refund} of our inspection`,
            ],
            ["Used carts", r.usedCart.window, `${r.usedCart.restockingPercent}%`, "Carts sold as-is cannot be returned"],
            ["Parts and accessories", r.parts.window, `${r.parts.restockingPercent}% on items that are not defective`, "Unused, with all pieces included"],
            ["Defective items", `Report within ${r.defects.reportWithinHours} hours of delivery`, "None", "We repair, replace or refund"],
          ],
        ),
        p(
          "Carts must come back in the condition they left us, with keys, chargers, manuals and any accessories that came with them. Custom-built and special-order carts can be returned only when they are defective.",
        ),
      ],
    },
    {
      heading: "How a return works",
      blocks: [
        p(
          "Every return needs a Return Merchandise Authorization (RMA) number. We refuse returns that arrive without one, because we cannot match them to an order.",
        ),
        list(
          [
            "Request an authorization: call us or e-mail us with your order number, the item and the reason for the return.",
            "Receive your RMA number, usually the same business day, with instructions for bringing or shipping the item back.",
            "Return the item with the RMA number clearly marked on the package or the paperwork. We can collect carts; the delivery policy's rates apply.",
            "We inspect the item and process your refund, less any restocking fee that applies.",
          ],
          true,
        ),
      ],
    },
    {
      heading: "Refunds",
      blocks: [
        list([
          `Card payments are refunded to the same card within ${r.cardRefund} of approval.`,
          `Payments by check are refunded by check within ${r.checkRefund}.`,
          "Financed purchases are settled with the finance company; we tell you what changes on your account.",
          `Delivery charges are not refunded unless the item was defective or we made a mistake. A white-glove delivery fee of ${formatUsd(150)} is a service already provided.`,
        ]),
      ],
    },
    {
      heading: "Defects and warranty",
      blocks: [
        p(
          `Tell us about a defect within ${r.defects.reportWithinHours} hours of delivery and we waive every fee. After that window, manufacturer warranty terms apply and our service department handles the claim for you.`,
        ),
      ],
    },
  ],
};
