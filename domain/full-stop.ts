/**
 * A name that ends a sentence: its own final period serves as the full stop ("Cape May Carts, Inc." stays as it is,
 * "Sussex Coast Golf Carts LLC" gets one), so a legal name ending in "Inc." or "Co." never reads "Inc..".
 */
export const withFullStop = (text: string): string => (text.endsWith(".") ? text : `${text}.`);
