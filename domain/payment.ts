import { formatUsd, formatUsdCents } from "./money";

/** Loan terms a visitor can pick, in months (24 to 72). */
export const TERMS_MONTHS = [24, 36, 48, 60, 72] as const;
/** The term an estimate starts at. */
export const DEFAULT_TERM_MONTHS = 60;
/** The highest APR an estimate takes, in percent: well above any consumer vehicle loan, below a typing slip. */
export const APR_MAX_PERCENT = 36;
/** The down payment an estimate starts at: a tenth of the price, in whole hundreds of dollars. */
const DEFAULT_DOWN_SHARE = 0.1;
const DOWN_ROUNDING_USD = 100;
const MONTHS_PER_YEAR = 12;
const CENTS_PER_DOLLAR = 100;

/** The highest price an estimate takes, in whole dollars: past any cart's price, so a typing slip is told. */
export const ESTIMATE_PRICE_MAX_USD = 1_000_000;

/** The figures a visitor sets: price and down payment in whole dollars, the term in months and the APR in percent. */
export interface PaymentInput {
  price: number;
  down: number;
  termMonths: number;
  apr: number;
}

/**
 * The first problem with `i`, in words, or undefined when it can be estimated. Plain checks, not a zod schema: the
 * estimate ships in the vehicle-detail widget, whose size budget has no room for zod.
 */
export function paymentProblem({ price, down, termMonths, apr }: PaymentInput): string | undefined {
  if (Number.isNaN(price)) return "Price must be a number of dollars";
  if (!Number.isInteger(price)) return "Price must be a whole number of dollars";
  if (price < 1 || price > ESTIMATE_PRICE_MAX_USD) return `Price must be from $1 to ${formatUsd(ESTIMATE_PRICE_MAX_USD)}`;
  if (Number.isNaN(down)) return "Down payment must be a number of dollars";
  if (!Number.isInteger(down)) return "Down payment must be a whole number of dollars";
  if (down < 0) return "Down payment cannot be negative";
  if (down >= price) return "Down payment must be less than the price";
  if (!(TERMS_MONTHS as readonly number[]).includes(termMonths)) return `Term must be one of ${TERMS_MONTHS.join(", ")} months`;
  if (Number.isNaN(apr)) return "APR must be a number";
  if (apr < 0) return "APR cannot be negative";
  if (apr > APR_MAX_PERCENT) return `APR must be at most ${APR_MAX_PERCENT}%`;
  return undefined;
}

/** An estimate, in cents so that nothing is lost to binary fractions. */
export interface PaymentEstimate {
  /** What is borrowed: price less down payment. */
  financedCents: number;
  /** Each monthly payment but the last. */
  monthlyCents: number;
  /** The last payment: what is left to pay after the others, which takes up their rounding. */
  lastCents: number;
  /** Down payment plus every monthly payment. */
  totalCents: number;
  /** What the loan costs over its term: the total less the price. */
  interestCents: number;
}

/**
 * A loan's monthly payment by standard amortisation, P·r / (1 − (1 + r)^−n) with r the APR over 12, and P / n at 0%,
 * rounded to the nearest cent. The last payment is what the schedule leaves owing (each month's interest rounded to
 * the cent), so the total is exactly the payments shown: at 0% it is the amount financed, never a cent more.
 */
export function estimatePayment({ price, down, termMonths, apr }: PaymentInput): PaymentEstimate {
  const financedCents = (price - down) * CENTS_PER_DOLLAR;
  const rate = apr / 100 / MONTHS_PER_YEAR;
  const exact = rate === 0 ? financedCents / termMonths : (financedCents * rate) / (1 - (1 + rate) ** -termMonths);
  const monthlyCents = Math.round(exact);
  let owed = financedCents;
  for (let month = 1; month < termMonths; month++) owed += Math.round(owed * rate) - monthlyCents;
  const lastCents = owed + Math.round(owed * rate);
  const totalCents = monthlyCents * (termMonths - 1) + lastCents + down * CENTS_PER_DOLLAR;
  return { financedCents, monthlyCents, lastCents, totalCents, interestCents: totalCents - price * CENTS_PER_DOLLAR };
}

/** Cents as dollars and cents: 19796 → "$197.96". */
export const formatCents = (cents: number): string => formatUsdCents(cents / CENTS_PER_DOLLAR);

/** A site's financing terms as an estimate reads them (the site record's `financing`). */
export interface FinancingTerms {
  /** The rate the owner sets for models without an offer, in percent. */
  defaultApr?: number;
  /** Vehicles advertised at 0% financing. */
  zeroApr?: readonly string[];
}

/** The rate an estimate starts at when the owner has set none, in percent. */
export const FALLBACK_APR_PERCENT = 6.99;

/** The APR an estimate of vehicle `id` starts at: the advertised 0% on the models so marked, else the owner's rate. */
export const startingApr = (terms: FinancingTerms | undefined, id: string): number =>
  terms?.zeroApr?.includes(id) ? 0 : (terms?.defaultApr ?? FALLBACK_APR_PERCENT);

/** An estimate's starting figures for a vehicle of `price` dollars. */
export const startingInput = (price: number, apr: number): PaymentInput => ({
  price,
  down: Math.min(Math.round((price * DEFAULT_DOWN_SHARE) / DOWN_ROUNDING_USD) * DOWN_ROUNDING_USD, Math.max(price - 1, 0)),
  termMonths: DEFAULT_TERM_MONTHS,
  apr,
});

/** The query parameters of an estimate's GET form, by field. */
export const PAYMENT_PARAMS = { price: "price", down: "down", termMonths: "term", apr: "apr" } as const satisfies Record<keyof PaymentInput, string>;

/** The longest figure read from a field; the rest is ignored. */
const FIELD_TEXT_MAX = 20;

/** Field values as typed (text), so a bad one is shown back as it was written. */
export type PaymentFields = Record<keyof PaymentInput, string>;

/** What a visitor's figures give: the estimate, or the first problem in words (and the figures as typed, kept). */
export type PaymentResult = { fields: PaymentFields } & ({ estimate: PaymentEstimate; input: PaymentInput } | { error: string });

/** Numbers as people type them: "$12,995", " 6.99 % ". */
const typedNumber = (text: string): number => {
  const cleaned = text.replace(/[\s$,%]/g, "");
  return cleaned === "" ? NaN : Number(cleaned);
};

/** Read an estimate's fields (typed text, any missing one taken from `start`) and compute it, or say what is wrong. */
export function paymentFromFields(given: Partial<PaymentFields>, start: PaymentInput): PaymentResult {
  const fields = Object.fromEntries(
    (Object.keys(PAYMENT_PARAMS) as (keyof PaymentInput)[]).map((k) => [k, given[k]?.slice(0, FIELD_TEXT_MAX) ?? String(start[k])]),
  ) as PaymentFields;
  const input: PaymentInput = {
    price: typedNumber(fields.price),
    down: typedNumber(fields.down),
    termMonths: typedNumber(fields.termMonths),
    apr: typedNumber(fields.apr),
  };
  const error = paymentProblem(input);
  return error ? { fields, error } : { fields, input, estimate: estimatePayment(input) };
}

/** The estimate's fields a query string carries (`?price=…&down=…&term=…&apr=…`), or undefined when it carries none. */
export function paymentQuery(params: URLSearchParams): Partial<PaymentFields> | undefined {
  const entries = (Object.entries(PAYMENT_PARAMS) as [keyof PaymentInput, string][])
    .map(([k, name]) => [k, params.get(name)?.slice(0, FIELD_TEXT_MAX) ?? null] as const)
    .filter(([, v]) => v !== null);
  return entries.length ? (Object.fromEntries(entries) as Partial<PaymentFields>) : undefined;
}
