/**
 * What a lead or a form is about, in one line: "Denago EV Rover XL6, stock #D-1042" (the name alone without a stock
 * number). Its own module, free of schemas, so the contact-form widget names a cart as the inbox does without
 * carrying the lead schema.
 */
export const vehicleLabel = (v: { name: string; stockNumber?: string }): string => (v.stockNumber ? `${v.name}, stock #${v.stockNumber}` : v.name);
