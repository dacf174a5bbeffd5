import { ICS_CONTENT_TYPE } from "../../domain/ics";
import type { Site } from "../../domain/site";
import type { VisitorMail } from "../../domain/visitor-mail";
import type { Config } from "../config";
import { smtpTransport } from "./smtp-transport";

/** Sends one mail to a visitor on behalf of a site; rejects when the mail server did not take it. */
export type SendVisitorMail = (message: VisitorMail, site: Site) => Promise<void>;

/**
 * Visitors' mails (renters', test-drive confirmations) through SMTP_URL: from LEAD_FROM with the site's name,
 * replies to the site's address, with the calendar file attached when the mail has one.
 */
export function smtpVisitorSender(mail: NonNullable<Config["mail"]>): SendVisitorMail {
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
