const usd = new Intl.NumberFormat("en-US", {
  style: "currency",
  currency: "USD",
  minimumFractionDigits: 0,
  maximumFractionDigits: 0,
});

/** Whole US dollars in en-US format: 12995 → "$12,995". */
export const formatUsd = (amount: number): string => usd.format(amount);

const usdCents = new Intl.NumberFormat("en-US", { style: "currency", currency: "USD" });

/** Dollars and cents, for per-day rates: 228.34 → "$228.34". Whole amounts drop the cents. */
export const formatUsdRate = (amount: number): string =>
  Number.isInteger(amount) ? formatUsd(amount) : usdCents.format(amount);
