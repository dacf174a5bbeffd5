import nodemailer from "nodemailer";
import { composeLeadMail } from "../../domain/lead-mail";
import type { Config } from "../config";
import type { SendLead } from "./lead-outbox";

/** Give up on an unresponsive mail server after this long; the outbox retries later. */
const SMTP_TIMEOUT_MS = 15_000;

/** Sends lead notifications through SMTP_URL with nodemailer: text, HTML and the ADF/XML copy. */
export function smtpSender(mail: NonNullable<Config["mail"]>): SendLead {
  const transport = nodemailer.createTransport({
    url: mail.smtpUrl,
    connectionTimeout: SMTP_TIMEOUT_MS,
    greetingTimeout: SMTP_TIMEOUT_MS,
    socketTimeout: SMTP_TIMEOUT_MS,
  });
  return async (lead) => {
    const m = composeLeadMail(lead);
    await transport.sendMail({
      from: mail.from,
      to: mail.to,
      replyTo: m.replyTo,
      subject: m.subject,
      text: m.text,
      html: m.html,
      messageId: m.messageId,
      attachments: [{ filename: m.adf.filename, content: m.adf.content, contentType: "application/xml; charset=utf-8" }],
    });
  };
}
