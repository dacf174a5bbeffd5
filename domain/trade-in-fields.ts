/**
 * A trade-in's fields as a visitor fills them in: their names, labels, limits and the words of
 * their messages, without the schema (domain/trade-in.ts), so the vehicle page's form carries no zod.
 * See docs/decisions/0048-trade-in-photos.md.
 */

/** How the visitor rates their cart: ADF's own <condition> values, so a CRM reads them as they are. */
export const TRADE_IN_CONDITIONS = ["excellent", "good", "fair", "poor"] as const;
export type TradeInCondition = (typeof TRADE_IN_CONDITIONS)[number];

export const TRADE_IN_CONDITION_LABELS: Record<TradeInCondition, string> = {
  excellent: "Excellent: like new",
  good: "Good: normal wear",
  fair: "Fair: works, shows its age",
  poor: "Poor: needs work",
};

/** What the usage figure counts: a golf cart's hour meter, or a street-legal vehicle's odometer. */
export const USAGE_UNITS = ["hours", "miles"] as const;

/** The oldest model year taken: the first electric golf carts were sold in the 1950s. */
export const TRADE_IN_YEAR_MIN = 1950;
/** The newest model year taken at `now`: next year's models are on sale from the summer. */
export const tradeInYearMax = (now: Date = new Date()): number => now.getFullYear() + 1;
/** The highest hours or miles taken: no cart has a million. */
export const USAGE_MAX = 999_999;
export const MAKE_MAX_LENGTH = 60;
export const MODEL_MAX_LENGTH = 80;

/** Photos a trade-in may carry, each at most this many bytes (a phone's JPEG is 2 to 6 MB). */
export const TRADE_IN_PHOTOS_MAX = 4;
export const TRADE_IN_PHOTO_MAX_BYTES = 10 * 1024 * 1024;

export const TRADE_IN_MESSAGES = {
  year: (max: number) => `Enter the model year as four digits, from ${TRADE_IN_YEAR_MIN} to ${max}`,
  make: "Enter the make, like Club Car or EZGO",
  model: "Enter the model, like Onward or RXV",
  condition: "Choose the condition: excellent, good, fair or poor",
  usage: `Enter the hours or miles as a whole number from 0 to ${USAGE_MAX.toLocaleString("en-US")}, or leave it empty`,
  usageUnit: "Choose hours or miles",
  photos: `Send at most ${TRADE_IN_PHOTOS_MAX} photos`,
  photoSize: `Each photo must be at most ${TRADE_IN_PHOTO_MAX_BYTES / 1024 / 1024} MB: export a smaller one and try again`,
} as const;

/** The multipart field names of POST /api/contact/trade-in beside the contact fields (the photos are `photo`, once per file). */
export const TRADE_IN_FIELD_NAMES = ["year", "make", "model", "condition", "usage", "usageUnit"] as const;
export const TRADE_IN_PHOTO_FIELD = "photo";
