/**
 * en-US number formatting in plain code. A page's first `Intl.NumberFormat`
 * starts ICU: 15-30 ms of main thread on this machine and 60-120 ms under
 * Lighthouse's mobile CPU, which every widget script paid at load for a
 * format that never varies (docs/benchmarks.md §4). Results equal Intl's
 * en-US output, rounding half away from zero, except that a value rounding
 * to zero never reads "-0"; number-format.test.ts checks them against Intl.
 */

export interface FractionDigits {
  /** Decimals always shown (default 0). */
  min?: number;
  /** Decimals at most, the rest rounded (default 0). */
  max?: number;
}

/** "1234567" → "1,234,567". */
const groupThousands = (digits: string): string => digits.replace(/\B(?=(\d{3})+$)/g, ",");

/** |value| × 10^decimals rounded half away from zero, on the decimal digits people read (1.005 → 101, not 100). */
function scaledMagnitude(value: number, decimals: number): number {
  const magnitude = Math.abs(value);
  const text = String(magnitude);
  // Moving the decimal point in the text avoids binary error: 1.005 * 100 is 100.49999….
  return Math.round(text.includes("e") ? magnitude * 10 ** decimals : Number(`${text}e${decimals}`));
}

/** A number as en-US text: grouped thousands and `min` to `max` decimals. 1234.5 → "1,235"; with { min: 2, max: 2 } → "1,234.50". */
export function formatNumber(value: number, { min = 0, max = 0 }: FractionDigits = {}): string {
  if (!Number.isFinite(value)) return String(value);
  const scaled = scaledMagnitude(value, max);
  // Past 1e21 String() switches to exponent form; BigInt spells every digit.
  const digits = (scaled < 1e21 ? String(scaled) : BigInt(scaled).toString()).padStart(max + 1, "0");
  const whole = groupThousands(digits.slice(0, digits.length - max));
  const fraction = digits.slice(digits.length - max).replace(new RegExp(`0{0,${max - min}}$`), "");
  const magnitude = fraction ? `${whole}.${fraction}` : whole;
  return value < 0 && scaled !== 0 ? `-${magnitude}` : magnitude;
}
