/**
 * The mail a salesperson's reply to a visitor is sent as: from the
 * site's mail address, with the salesperson as Reply-To, so the visitor's
 * answer reaches that person; the visitor's own message quoted below.
 */
import { escapeHtml as h, multiLine, noEncodedWords, oneLine } from "./escape";
import type { Lead } from "./lead";
import { primaryDomain, siteTimeZone, type Site } from "./site";

export interface ReplyMail {
  to: { name?: string; address: string };
  /** The site's name as the From's display name (the address is the server's LEAD_FROM). */
  fromName: string;
  replyTo: string;
  subject: string;
  text: string;
  html: string;
  /** Stable per reply, so a mail server drops a second copy of one reply. */
  messageId: string;
}

/** The time a visitor's message came, in the site's time zone, as people write it. */
const sentOn = (iso: string, site: Site) =>
  new Intl.DateTimeFormat("en-US", { dateStyle: "long", timeStyle: "short", timeZone: siteTimeZone(site) }).format(new Date(iso));

export function composeReplyMail(lead: Lead, reply: { id: string; text: string }, author: string, site: Site): ReplyMail {
  const siteName = oneLine(site.name);
  const text = multiLine(reply.text);
  const quoted = multiLine(lead.message)
    .split("\n")
    .map((l) => `> ${l}`)
    .join("\n");
  const when = sentOn(lead.createdAt, site);
  const phone = site.phones.main.display;
  return {
    to: { ...(/[<>@",;:\\()[\]]/.test(lead.firstName) ? {} : { name: oneLine(`${lead.firstName} ${lead.lastName}`) }), address: oneLine(lead.email) },
    fromName: noEncodedWords(siteName),
    replyTo: oneLine(author),
    subject: noEncodedWords(`Re: your message to ${siteName}`),
    text: `${text}\n\n${oneLine(author)}\n${siteName} · ${phone}\n\nOn ${when} you wrote:\n${quoted}\n`,
    html: `<p>${h(text).replace(/\n/g, "<br>")}</p><p>${h(oneLine(author))}<br>${h(siteName)} · ${h(phone)}</p><p>On ${h(when)} you wrote:</p><blockquote>${h(
      multiLine(lead.message),
    ).replace(/\n/g, "<br>")}</blockquote>`,
    messageId: `<reply-${oneLine(reply.id)}@${primaryDomain(site)}>`,
  };
}
