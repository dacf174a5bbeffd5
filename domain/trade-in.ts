/**
 * A visitor's cart offered in trade: the schema of what they send and of what a lead keeps,
 * with its photos as the server stored them (never served publicly). See docs/decisions/0048-trade-in-photos.md.
 */
import * as z from "zod/mini";
import { CONTROL_CHARACTER } from "./escape";
import {
  MAKE_MAX_LENGTH,
  MODEL_MAX_LENGTH,
  TRADE_IN_CONDITION_LABELS,
  TRADE_IN_CONDITIONS,
  TRADE_IN_MESSAGES,
  TRADE_IN_PHOTOS_MAX,
  TRADE_IN_YEAR_MIN,
  tradeInYearMax,
  USAGE_MAX,
  USAGE_UNITS,
} from "./trade-in-fields";

export * from "./trade-in-fields";

const ONE_LINE = new RegExp(`^[^${CONTROL_CHARACTER.source.slice(1, -1)}]*$`);

/** A number typed in a form (a string of digits) or sent as JSON; anything else becomes NaN, which the checks refuse in words. */
const toNumber = (v: unknown): number => (typeof v === "number" ? v : typeof v === "string" && /^\s*\d+\s*$/.test(v) ? Number(v) : Number.NaN);
const typedNumber = z.transform(toNumber);
const wholeNumber = (min: number, max: () => number, message: () => string) =>
  z.pipe(typedNumber, z.number({ error: () => message() }).check(z.refine((n) => Number.isInteger(n) && n >= min && n <= max(), { error: () => message() })));
const oneLineText = (max: number, message: string) =>
  z.string({ error: message }).check(z.trim(), z.minLength(1, message), z.maxLength(max, message), z.regex(ONE_LINE, message));

/** The trade-in's facts as the visitor sends them. Years are from 1950 to next year; hours or miles, when given, 0 or more. */
export const TradeInRequestSchema = z.object({
  year: wholeNumber(
    TRADE_IN_YEAR_MIN,
    () => tradeInYearMax(),
    () => TRADE_IN_MESSAGES.year(tradeInYearMax()),
  ),
  make: oneLineText(MAKE_MAX_LENGTH, TRADE_IN_MESSAGES.make),
  model: oneLineText(MODEL_MAX_LENGTH, TRADE_IN_MESSAGES.model),
  condition: z.enum(TRADE_IN_CONDITIONS, { error: TRADE_IN_MESSAGES.condition }),
  /** Hours on the meter or miles on the odometer; absent (or empty in the form) when the visitor does not know. */
  usage: z.optional(
    z.pipe(
      z.transform((v: unknown): number | undefined => (v === "" || v === null || v === undefined ? undefined : toNumber(v))),
      z.optional(z.number({ error: TRADE_IN_MESSAGES.usage }).check(z.refine((n) => Number.isInteger(n) && n >= 0 && n <= USAGE_MAX, TRADE_IN_MESSAGES.usage))),
    ),
  ),
  usageUnit: z._default(z.enum(USAGE_UNITS, { error: TRADE_IN_MESSAGES.usageUnit }), "hours"),
});
export type TradeInRequest = z.output<typeof TradeInRequestSchema>;

/** One photo as stored: its private file's key (random, never derived from the upload) and its size, upright. */
export const TradeInPhotoSchema = z.object({
  key: z.string().check(z.regex(/^[a-f0-9]{24}$/)),
  width: z.number().check(z.int(), z.positive()),
  height: z.number().check(z.int(), z.positive()),
});
export type TradeInPhoto = z.infer<typeof TradeInPhotoSchema>;

/** What a lead keeps of a trade-in: the facts, and its photos in the order sent. */
export const LeadTradeInSchema = z.object({
  year: z.number().check(z.int()),
  make: z.string(),
  model: z.string(),
  condition: z.enum(TRADE_IN_CONDITIONS),
  usage: z.optional(z.number().check(z.int(), z.nonnegative())),
  usageUnit: z.enum(USAGE_UNITS),
  photos: z.array(TradeInPhotoSchema).check(z.maxLength(TRADE_IN_PHOTOS_MAX)),
});
export type LeadTradeIn = z.infer<typeof LeadTradeInSchema>;

/** The hours or miles in words: "120 hours", "1 mile", "hours not given". */
export const usageLabel = (t: Pick<LeadTradeIn, "usage" | "usageUnit">): string =>
  t.usage === undefined ? `${t.usageUnit} not given` : `${t.usage.toLocaleString("en-US")} ${t.usage === 1 ? t.usageUnit.slice(0, -1) : t.usageUnit}`;

/** The trade-in in one line: "2019 Club Car Onward, good condition, 1,200 hours". */
export const tradeInLabel = (t: Pick<LeadTradeIn, "year" | "make" | "model" | "condition" | "usage" | "usageUnit">): string =>
  `${t.year} ${t.make} ${t.model}, ${t.condition} condition, ${usageLabel(t)}`;

/** The condition as the form and the inbox word it. */
export const conditionLabel = (c: LeadTradeIn["condition"]): string => TRADE_IN_CONDITION_LABELS[c];

/** The lead's message when the visitor wrote none: what they offer (at least the 10 characters a message needs). */
export const tradeInMessage = (t: TradeInRequest): string => `I would like to trade in my ${tradeInLabel(t)}.`;
