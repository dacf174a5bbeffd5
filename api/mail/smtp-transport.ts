import type { SendMailOptions, Transporter } from "nodemailer";
import type { Config } from "../config";

/** Give up on an unresponsive mail server after this long: the outbox retries, or the reply is marked failed. */
const SMTP_TIMEOUT_MS = 15_000;

/** Hands one message to the mail server; rejects when the server did not take it. */
export type SendMail = (message: SendMailOptions) => Promise<void>;

/**
 * The connection to SMTP_URL that every kind of mail (leads, replies, renters', test drives) is sent through.
 * nodemailer is loaded with the first message rather than at start-up, where it was a tenth of a restart's time
 * (docs/decisions/0014-operations.md) even with mail off.
 */
export function smtpTransport(mail: NonNullable<Config["mail"]>): SendMail {
  let transport: Promise<Transporter> | undefined;
  return async (message) => {
    transport ??= import("nodemailer").then(({ default: nodemailer }) =>
      nodemailer.createTransport({
        url: mail.smtpUrl,
        connectionTimeout: SMTP_TIMEOUT_MS,
        greetingTimeout: SMTP_TIMEOUT_MS,
        socketTimeout: SMTP_TIMEOUT_MS,
      }),
    );
    await (await transport).sendMail(message);
  };
}
