import nodemailer from "nodemailer";
import { composeLeadMail } from "../../domain/lead-mail";
import type { Lead } from "../../domain/lead";
import type { Site } from "../../domain/site";
import type { Config } from "../config";
import type { SiteStore } from "../store/site-store";
import type { SendLead } from "./lead-outbox";

/** Give up on an unresponsive mail server after this long; the outbox retries later. */
const SMTP_TIMEOUT_MS = 15_000;

/**
 * The site a lead's mail speaks for: the one it came through, or, when that
 * site has since been removed (with ?force=1), the first site, so the lead is
 * still mailed (to LEAD_TO or that site's recipients) rather than lost.
 */
export const leadMailSite = (sites: Pick<SiteStore, "get" | "list">, lead: Pick<Lead, "site">): Site => sites.get(lead.site) ?? sites.list()[0]!;

/**
 * Sends lead notifications through SMTP_URL with nodemailer: text, HTML and
 * the ADF/XML copy, to the lead's site's `leadRecipients`, else LEAD_TO.
 */
export function smtpSender(mail: NonNullable<Config["mail"]>, sites: Pick<SiteStore, "get" | "list">): SendLead {
  const transport = nodemailer.createTransport({
    url: mail.smtpUrl,
    connectionTimeout: SMTP_TIMEOUT_MS,
    greetingTimeout: SMTP_TIMEOUT_MS,
    socketTimeout: SMTP_TIMEOUT_MS,
  });
  return async (lead) => {
    const site = leadMailSite(sites, lead);
    const m = composeLeadMail(lead, site);
    await transport.sendMail({
      from: mail.from,
      to: site.leadRecipients ?? mail.to,
      replyTo: m.replyTo,
      subject: m.subject,
      text: m.text,
      html: m.html,
      messageId: m.messageId,
      attachments: [{ filename: m.adf.filename, content: m.adf.content, contentType: "application/xml; charset=utf-8" }],
    });
  };
}
