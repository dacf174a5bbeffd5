import { CallButton, LinkButton } from "../components/CallButton";
import { formatUsd, formatUsdRate } from "../../domain/money";
import { CANCELLATION_TERMS, localDateTimeWords, refundSentence } from "../../domain/rental-booking-mail";
import { planTitle, STATUS_LABELS, type CancellationRefund, type Reservation } from "../../domain/rental-booking";
import { pageTitle } from "../lib/seo";
import type { SiteFacts } from "../lib/site-facts";
import type { PageDef } from "./page";

/** The path of the renters' cancel page: the link of their mails. */
export const RENTAL_CANCEL_PATH = "/rentals/cancel";

/** What the cancel page shows: the reservation and its refund before the renter confirms, the outcome after, or a bad link. */
export type RentalCancelView =
  | { kind: "confirm"; reservation: Reservation; refund: CancellationRefund; token: string }
  | { kind: "cancelled"; reservation: Reservation; refund: CancellationRefund; now: boolean; mailed: boolean }
  | { kind: "closed"; reservation: Reservation }
  | { kind: "invalid" };

/** The reservation's facts as its renter reads them. */
export function ReservationFacts({ r }: { r: Reservation }) {
  const rows: [string, string][] = [
    ["Reference", r.reference],
    ["Cart", planTitle(r.plan)],
    ["Start", localDateTimeWords(r.start)],
    ["End", localDateTimeWords(r.end)],
    ["Status", STATUS_LABELS[r.status]],
    ["Rental total", formatUsd(r.quote.total)],
  ];
  return (
    <div className="table-wrap">
      <table className="table">
        <caption>Your rental</caption>
        <tbody>
          {rows.map(([k, v]) => (
            <tr key={k}>
              <th scope="row">{k}</th>
              <td>{v}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** What cancelling now would leave due: nothing is paid online, so no money "comes back". */
const refundLine = (refund: CancellationRefund, total: number) =>
  refund.percent === 100
    ? "Nothing was charged: cancel now and you owe nothing, with no fee."
    : refund.percent === 0
      ? `The rental has started: nothing was charged online, and under the policy its price, ${formatUsdRate(total)}, is due.`
      : `The rental starts within 24 hours: nothing was charged online; cancel now and under the policy ${100 - refund.percent}% of the price, ${formatUsdRate(Math.round((total - refund.amount) * 100) / 100)}, is due.`;

/**
 * The renters' cancel page: reached by the signed link of their mail, it shows the reservation and the
 * refund cancelling now would give, and a Confirm button that posts the form (no script needed); then the outcome.
 */
export function rentalCancelPage(site: SiteFacts, view: RentalCancelView): PageDef {
  const heading = {
    confirm: "Cancel your rental?",
    cancelled: "Your rental is cancelled",
    closed: "This rental can no longer be cancelled online",
    invalid: "This cancellation link is not valid",
  }[view.kind];
  return {
    path: RENTAL_CANCEL_PATH,
    meta: { title: pageTitle(site, heading), description: "Cancel a golf cart rental booked online.", keywords: [], path: RENTAL_CANCEL_PATH, noindex: true },
    body: (
      <section className="section" aria-labelledby="page-title">
        <div className="container container--narrow">
          <h1 id="page-title">{heading}</h1>
          {view.kind === "invalid" ? (
            <p className="lead">Check that the whole link from your e-mail was opened, or call us and we will cancel it for you.</p>
          ) : (
            <ReservationFacts r={view.reservation} />
          )}
          {view.kind === "confirm" ? (
            <>
              <p className="notice">{refundLine(view.refund, view.reservation.quote.total)}</p>
              <h2>Our cancellation terms</h2>
              <ul>
                {CANCELLATION_TERMS.map((t) => (
                  <li key={t}>{t}</li>
                ))}
              </ul>
              <form method="post" action={RENTAL_CANCEL_PATH} className="actions">
                <input type="hidden" name="token" value={view.token} />
                <button type="submit" className="btn btn--accent">
                  Confirm the cancellation
                </button>
                <LinkButton href="/rentals" variant="outline">
                  Keep my rental
                </LinkButton>
              </form>
            </>
          ) : null}
          {view.kind === "cancelled" ? (
            <p className="notice">
              {refundSentence(view.refund, view.reservation.quote.total)}{" "}
              {view.now ? (view.mailed ? "We have sent you an e-mail that says so." : "") : "It was cancelled before."}
            </p>
          ) : null}
          {view.kind === "closed" ? <p className="lead">It is {view.reservation.status}. Call us and we will help.</p> : null}
          <div className="actions">
            <CallButton />
          </div>
        </div>
      </section>
    ),
  };
}
