import { formatUsd } from "../../../domain/money";
import { STORAGE_PRICES, STORAGE_RELEASE_RULE } from "../../../domain/storage";
import { STORAGE_DELINQUENCY_STEPS } from "../../../domain/storage-accounts";
import { EFFECTIVE_DATE_LINE, p, list, table, type PolicyDocument } from "./document";

const s = STORAGE_PRICES;

export const STORAGE_POLICY: PolicyDocument = {
  slug: "storage-policy",
  path: "/policies/storage-policy",
  group: "policy",
  title: "Storage Policy",
  shortTitle: "Storage Policy",
  description: `Golf cart storage in {region}: indoor climate-controlled from ${formatUsd(s.indoorMonthly)} a month, covered outdoor from ${formatUsd(s.outdoorMonthly)}, seasonal packages and account terms.`,
  keywords: ["golf cart storage", "winter cart storage", "climate-controlled storage {state}"],
  hero: "storage",
  intro: "Off-season or between visits, your cart stays dry, charged and ready for spring.",
  dateLine: EFFECTIVE_DATE_LINE,
  sections: [
    {
      heading: "Storage options and prices",
      blocks: [
        table(
          "Storage prices",
          ["Option", "Indoor, climate-controlled", "Covered outdoor"],
          [
            ["Monthly", `${formatUsd(s.indoorMonthly)} per month`, `${formatUsd(s.outdoorMonthly)} per month`],
            [`Winter package (${s.winter.season})`, formatUsd(s.winter.indoor), formatUsd(s.winter.outdoor)],
            [`Summer package (${s.summer.season})`, formatUsd(s.summer.indoor), formatUsd(s.summer.outdoor)],
          ],
        ),
        list([
          `Maintenance add-on (battery tending, tyre pressure and a monthly check): ${formatUsd(s.maintenanceMonthly)} per month.`,
          `Pre-season preparation (inspection, wash and a full charge before pick-up): ${formatUsd(s.preSeasonPrep)}.`,
        ]),
      ],
    },
    {
      heading: "Payments and notice",
      blocks: [
        list([
          "Storage is billed in advance, monthly or per package.",
          `A ${formatUsd(s.lateFee)} late fee applies to payments more than ${s.lateAfterDays} days overdue.`,
          `Either side may end a monthly agreement with ${s.terminationNoticeDays} days' written notice.`,
          STORAGE_RELEASE_RULE,
        ]),
      ],
    },
    {
      heading: "Delinquent accounts",
      blocks: [
        table(
          "Steps on an overdue account",
          ["Days overdue", "What happens"],
          STORAGE_DELINQUENCY_STEPS.flatMap((step) => ("notice" in step ? [[`${step.days} days`, step.notice]] : [])),
        ),
        p("Call us at any stage: we would much rather agree a payment plan than take any of these steps."),
      ],
    },
    {
      heading: "Carts left after service",
      blocks: [
        p(
          `A cart left at our service department more than ${s.abandonedServiceDays} days after we tell you the work is finished and the invoice is due is treated as abandoned and becomes subject to lien and disposal under {state} law.`,
        ),
      ],
    },
  ],
};
