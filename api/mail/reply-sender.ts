import { composeReplyMail } from "../../domain/lead-reply-mail";
import type { Lead } from "../../domain/lead";
import type { Config } from "../config";
import type { SiteStore } from "../store/site-store";
import { leadMailSite } from "./smtp-sender";
import { smtpTransport } from "./smtp-transport";

/** Sends one reply to a visitor; rejects when the mail server did not take it. */
export type SendReply = (lead: Lead, reply: { id: string; text: string }, author: string) => Promise<void>;

/**
 * Replies to visitors through SMTP_URL, from LEAD_FROM with the
 * lead's site's name, to the visitor, with the salesperson as Reply-To.
 * One attempt: a failure is the reply's to record (failed, with Resend), not
 * the outbox's to retry, since a person is waiting on the answer.
 */
export function smtpReplySender(mail: NonNullable<Config["mail"]>, sites: Pick<SiteStore, "get" | "list">): SendReply {
  const send = smtpTransport(mail);
  return async (lead, reply, author) => {
    const m = composeReplyMail(lead, reply, author, leadMailSite(sites, lead));
    await send({
      from: { name: m.fromName, address: mail.from },
      to: m.to,
      replyTo: m.replyTo,
      subject: m.subject,
      text: m.text,
      html: m.html,
      messageId: m.messageId,
    });
  };
}
