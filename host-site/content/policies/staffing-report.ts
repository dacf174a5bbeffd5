import { formatUsd } from "../../../domain/money";
import { p, list, table, type PolicyDocument } from "./document";

/** The staffing report's figures for its reporting period (spec §9 "Service, response and other limits": staff counts, retention and training budget). */
export const STAFFING_FIGURES = {
  period: "Jan 1 2024 to Dec 31 2024",
  fullTime: 24,
  partTime: 8,
  seasonal: 6,
  peak: 38,
  retentionPercent: 87,
  developmentBudgetPerEmployee: 1200,
} as const;

const f = STAFFING_FIGURES;

export const STAFFING_REPORT: PolicyDocument = {
  slug: "staffing-report",
  path: "/policies/staffing-report",
  group: "policy",
  title: "Staffing Report",
  shortTitle: "Staffing Report",
  description: `Who works at {name}: ${f.fullTime} full-time, ${f.partTime} part-time and ${f.seasonal} seasonal staff, ${f.retentionPercent}% retention and a ${formatUsd(f.developmentBudgetPerEmployee)} training budget each.`,
  keywords: ["staffing report", "employees", "staff retention"],
  hero: "staffing",
  intro: "The people behind the carts, in figures.",
  dateLine: `Reporting period: ${f.period}`,
  sections: [
    {
      heading: "Our team in numbers",
      blocks: [
        table(
          "Staff during the reporting period",
          ["Measure", "Figure"],
          [
            ["Full-time employees", String(f.fullTime)],
            ["Part-time employees", String(f.partTime)],
            ["Seasonal employees", String(f.seasonal)],
            ["Team at the summer peak", String(f.peak)],
            ["Staff retention", `${f.retentionPercent}%`],
            ["Training and development budget per employee", formatUsd(f.developmentBudgetPerEmployee)],
          ],
        ),
      ],
    },
    {
      heading: "How we staff the year",
      blocks: [
        p(
          `Our full-time team runs sales, service, rentals and delivery all year. Part-time colleagues cover weekends and busy weekdays, and seasonal staff join for the summer rental season, taking the team to ${f.peak} at its peak.`,
        ),
      ],
    },
    {
      heading: "Training",
      blocks: [
        list([
          `Every employee, full-time, part-time or seasonal, has a ${formatUsd(f.developmentBudgetPerEmployee)} yearly budget for training and certification.`,
          "Technicians train with the manufacturers on lithium battery systems and electrical diagnostics.",
          "Rental staff are trained in safe hand-overs and in the cart rules of each town we deliver to.",
        ]),
      ],
    },
  ],
};
