import { composeRentalMail, type RentalMailMessage } from "../../domain/rental-booking-mail";
import type { Reservation } from "../../domain/rental-booking";
import type { Site } from "../../domain/site";
import type { RentalStore } from "../store/rental-store";
import type { SiteStore } from "../store/site-store";
import { DEFAULT_BACKOFF, type Backoff } from "./lead-outbox";
import { MailOutbox } from "./mail-outbox";

/** Sends one renter's mail; rejects when the mail server did not take it. */
export type SendRentalMail = (message: RentalMailMessage, site: Site) => Promise<void>;

/** The renters' mails (rental-store.ts keeps each with the change it tells of, in the same write), sent by a MailOutbox. */
export class RentalOutbox extends MailOutbox {
  constructor(
    store: RentalStore,
    sites: Pick<SiteStore, "get" | "list">,
    send: SendRentalMail,
    /** The cancel link of a reservation (signed: rentals-desk.ts), on the address it was requested through. */
    cancelUrl: (reservation: Reservation) => Promise<string>,
    backoff: Backoff = DEFAULT_BACKOFF,
    /** The link that confirms a renter's e-mail (signed: rentals-desk.ts), for the "request received" mail. */
    confirmEmailUrl?: (reservation: Reservation) => Promise<string>,
  ) {
    super(
      {
        name: "renters' mails",
        pending: () => store.pendingMails(),
        deliver: (id, attempt) =>
          store.deliverMail(id, (mail, reservation) =>
            attempt({
              attempts: mail.attempts,
              describe: `rental mail ${mail.kind} of ${reservation.reference}`,
              send: async () => {
                const site = sites.get(reservation.site) ?? sites.list()[0]!;
                const confirmEmail = confirmEmailUrl && (await confirmEmailUrl(reservation));
                await send(composeRentalMail(mail.kind, reservation, site, await cancelUrl(reservation), new Date(), confirmEmail), site);
              },
            }),
          ),
      },
      backoff,
    );
  }
}
