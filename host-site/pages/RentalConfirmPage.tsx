import { CallButton } from "../components/CallButton";
import type { Reservation } from "../../domain/rental-booking";
import { RENTAL_CONFIRM_PATH } from "../../domain/rental-booking";
import { pageTitle } from "../lib/seo";
import type { SiteFacts } from "../lib/site-facts";
import type { PageDef } from "./page";
import { ReservationFacts } from "./RentalCancelPage";

/** What the e-mail confirmation page shows: the request and a button before, the outcome after, or why it cannot. */
export type RentalConfirmView =
  | { kind: "ask"; reservation: Reservation; token: string }
  | { kind: "confirmed"; reservation: Reservation }
  | { kind: "refused"; reservation: Reservation; message: string }
  | { kind: "invalid" };

/**
 * The renters' e-mail confirmation page: reached by the signed link of the "request received" mail, it shows the
 * request and a button that posts the form (a mail scanner that opens the link confirms nothing); then the outcome.
 */
export function rentalConfirmPage(site: SiteFacts, view: RentalConfirmView): PageDef {
  const heading = {
    ask: "Confirm your e-mail address",
    confirmed: "Thank you: your e-mail is confirmed",
    refused: "This request cannot be confirmed",
    invalid: "This confirmation link is not valid",
  }[view.kind];
  return {
    path: RENTAL_CONFIRM_PATH,
    meta: {
      title: pageTitle(site, heading),
      description: "Confirm the e-mail of a golf cart rental request.",
      keywords: [],
      path: RENTAL_CONFIRM_PATH,
      noindex: true,
    },
    body: (
      <section className="section" aria-labelledby="page-title">
        <div className="container container--narrow">
          <h1 id="page-title">{heading}</h1>
          {view.kind === "invalid" ? (
            <p className="lead">Check that the whole link from your e-mail was opened, or call us.</p>
          ) : (
            <ReservationFacts r={view.reservation} />
          )}
          {view.kind === "ask" ? (
            <form method="post" action={RENTAL_CONFIRM_PATH} className="actions">
              <input type="hidden" name="token" value={view.token} />
              <button type="submit" className="btn btn--accent">
                Confirm my e-mail address
              </button>
            </form>
          ) : null}
          {view.kind === "confirmed" ? (
            <p className="notice" role="status">
              We hold the cart for your request {view.reservation.reference} until we have checked it and confirmed it to you.
            </p>
          ) : null}
          {view.kind === "refused" ? <p className="notice">{view.message}</p> : null}
          <div className="actions">
            <CallButton />
          </div>
        </div>
      </section>
    ),
  };
}
