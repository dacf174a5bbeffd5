import { formatNumber, type FractionDigits } from "./number-format";

/** A dollar amount: "$1,234", "-$42". */
function dollars(amount: number, digits: FractionDigits): string {
  const text = formatNumber(amount, digits);
  return text.startsWith("-") ? `-$${text.slice(1)}` : `$${text}`;
}

/** Whole US dollars in en-US format: 12995 → "$12,995". */
export const formatUsd = (amount: number): string => dollars(amount, { max: 0 });

/** Dollars and cents, always both: 197.96 → "$197.96", 200 → "$200.00". */
export const formatUsdCents = (amount: number): string => dollars(amount, { min: 2, max: 2 });

/** Dollars and cents, for per-day rates: 228.34 → "$228.34". Whole amounts drop the cents. */
export const formatUsdRate = (amount: number): string => (Number.isInteger(amount) ? formatUsd(amount) : formatUsdCents(amount));
