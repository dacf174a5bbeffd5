/** Rental cancellation rules (spec §4 "States and transitions", rental cancellation): free before 24 hours, half back inside 24 hours, nothing for a no-show. */

export const RENTAL_CANCELLATION = {
  /** Cancelling more than this many hours before the start is free. */
  freeNoticeHours: 24,
  /** Percent refunded when cancelling within freeNoticeHours of the start. */
  lateRefundPercent: 50,
  /** Percent refunded when the renter does not show up. */
  noShowRefundPercent: 0,
} as const;

export interface CancellationRefund {
  percent: 100 | 50 | 0;
  /** Dollars: the percent of the quote's total, rounded to the cent. */
  amount: number;
}

/**
 * What cancelling a reservation at `now` gives back (the rental policy's table): everything more than 24 hours before
 * the start, half within 24 hours of it, nothing once it has started (a no-show). The percent applies to the quote's
 * total, the price and its fees (docs/decisions/0044-rental-booking.md); the deposit is never taken before delivery.
 */
export function cancellationRefund(reservation: { startsAt: string; quote: { total: number } }, now: Date): CancellationRefund {
  const hoursBefore = (Date.parse(reservation.startsAt) - now.getTime()) / 3_600_000;
  const percent =
    hoursBefore > RENTAL_CANCELLATION.freeNoticeHours ? 100 : hoursBefore > 0 ? RENTAL_CANCELLATION.lateRefundPercent : RENTAL_CANCELLATION.noShowRefundPercent;
  return { percent, amount: Math.round(reservation.quote.total * percent) / 100 };
}
