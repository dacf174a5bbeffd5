/** Rental cancellation rules (spec §4 "States and transitions", rental cancellation): free before 24 hours, half back inside 24 hours, nothing for a no-show. */

export const RENTAL_CANCELLATION = {
  /** Cancelling more than this many hours before the start is free. */
  freeNoticeHours: 24,
  /** Percent refunded when cancelling within freeNoticeHours of the start. */
  lateRefundPercent: 50,
  /** Percent refunded when the renter does not show up. */
  noShowRefundPercent: 0,
} as const;
