import { composeLeadMail } from "../../domain/lead-mail";
import type { Lead } from "../../domain/lead";
import type { Site } from "../../domain/site";
import type { Config } from "../config";
import type { SiteStore } from "../store/site-store";
import type { SendLead } from "./lead-outbox";
import { smtpTransport } from "./smtp-transport";

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
  const send = smtpTransport(mail);
  return async (lead) => {
    const site = leadMailSite(sites, lead);
    const m = composeLeadMail(lead, site);
    await send({
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
