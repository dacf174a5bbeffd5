import { composeRentalMail, type RentalMailMessage } from "../../domain/rental-booking-mail";
import type { Reservation } from "../../domain/rental-booking";
import type { Site } from "../../domain/site";
import { ICS_CONTENT_TYPE } from "../../domain/ics";
import type { Config } from "../config";
import type { RentalStore } from "../store/rental-store";
import type { SiteStore } from "../store/site-store";
import { DEFAULT_BACKOFF, type Backoff } from "./lead-outbox";
import { MailOutbox } from "./mail-outbox";
import { smtpTransport } from "./smtp-transport";

/** Sends one renter's mail; rejects when the mail server did not take it. */
export type SendRentalMail = (message: RentalMailMessage, site: Site) => Promise<void>;

/** Renters' mail through SMTP_URL, from LEAD_FROM, replies to the site's address. */
export function smtpRentalSender(mail: NonNullable<Config["mail"]>): SendRentalMail {
  const send = smtpTransport(mail);
  return async (m, site) => {
    await send({
      from: { name: site.name, address: mail.from },
      to: m.to,
      replyTo: site.email,
      subject: m.subject,
      text: m.text,
      html: m.html,
      messageId: m.messageId,
      ...(m.ics && { attachments: [{ filename: m.ics.filename, content: m.ics.content, contentType: ICS_CONTENT_TYPE }] }),
    });
  };
}

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
