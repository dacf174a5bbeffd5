/**
 * The `code` of a lead post's 403 for a page whose origin may not post (the contact form, the rental booking, the test
 * drive, the trade-in): the widget then says so plainly. A module of its own, so a widget reading it takes in no schema.
 */
export const ORIGIN_NOT_ALLOWED = "origin-not-allowed";
