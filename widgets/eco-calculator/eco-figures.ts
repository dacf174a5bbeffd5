import type { EcoResult } from "../../domain/eco-calculator";
import { formatUsd } from "../../domain/money";
import { formatNumber } from "../../domain/number-format";

/** Whole number, en-US grouping: 1698.67 → "1,699". */
export const formatWhole = (n: number): string => formatNumber(n);
/** A whole count and its noun, singular for one as written: 0.56 trees → "1 tree", 14.2 → "14 trees". */
export const formatCount = (n: number, one: string, many: string): string => {
  const whole = formatWhole(n);
  return `${whole} ${whole === "1" ? one : many}`;
};
/** Two decimals, en-US grouping: 0.849 → "0.85". */
export const formatHundredths = (n: number): string => formatNumber(n, { min: 2, max: 2 });

/** One result card: the figure it shows, how it is written, and its label. */
export interface EcoFigure {
  key: keyof EcoResult;
  label: string;
  format: (value: number) => string;
  /** A second, smaller line under the figure (CO2 in tons). */
  sub?: { key: keyof EcoResult; format: (value: number) => string };
  /** Net savings is the headline. */
  highlight?: boolean;
}

/** The result cards in display order. Currency is whole US dollars (spec §9: USD with no decimals, en-US format). */
export const ECO_FIGURES: readonly EcoFigure[] = [
  { key: "co2Saved", label: "CO2 saved", format: (n) => formatCount(n, "lb", "lbs"), sub: { key: "co2Tons", format: (n) => `${formatHundredths(n)} tons` } },
  { key: "fuelSaved", label: "Fuel saved", format: (n) => formatCount(n, "gallon", "gallons") },
  { key: "costSaved", label: "Fuel cost saved", format: formatUsd },
  { key: "electricCost", label: "Electricity cost", format: formatUsd },
  { key: "netSavings", label: "Net savings", format: formatUsd, highlight: true },
  { key: "treesEquivalent", label: "Trees equivalent", format: (n) => formatCount(n, "tree", "trees") },
];
