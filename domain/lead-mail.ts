import { INTEREST_LABELS, LEAD_KIND_LABELS, leadKind } from "./contact";
import { otherAnswers } from "./contact-fields";
import { escapeHtml as h, multiLine, noEncodedWords, oneLine } from "./escape";
import { vehicleLabel, type Lead } from "./lead";
import { formatSlot } from "./test-drive";
import { leadToAdf, siteProvider } from "./lead-adf";
import { primaryDomain, type Site } from "./site";

export interface LeadMail {
  subject: string;
  text: string;
  html: string;
  adf: { filename: string; content: string };
  /** Stable per lead, so a mail server or CRM can drop a duplicate. */
  messageId: string;
  /** The visitor's address, with their name as its display name unless that name could read as an address. */
  replyTo: { name?: string; address: string };
}

/**
 * What makes a display name read as (or hide) an address, e.g. `Eve <attacker@evil.test>`: RFC 5322's specials but
 * "."; or what a mail client would decode into other text, an RFC 2047 encoded word (`=?utf-8?b?Qm9zcw==?=`, "Boss").
 */
const ADDRESS_LIKE = /[<>@",;:\\()[\]]|=\?/;

/**
 * The notification sales staff of `site` (the site the lead came through)
 * receive for a lead: the site named, its ADF's vendor. Every visitor value is
 * escaped in the HTML, and kept to one line where it is one (control
 * characters from leads stored before the schema refused them become U+FFFD),
 * so no value can add a line or a header; the Subject decodes no encoded word.
 */
export function composeLeadMail(lead: Lead, site: Site): LeadMail {
  const interest = INTEREST_LABELS[lead.interest];
  const source = oneLine(lead.source ?? siteProvider(site));
  const name = oneLine(`${lead.firstName} ${lead.lastName}`);
  const message = multiLine(lead.message);
  const about = lead.vehicle ? oneLine(vehicleLabel(lead.vehicle)) : undefined;
  const kind = leadKind(lead);
  const rows: [string, string][] = [
    ...(kind !== "message" ? ([["Request", LEAD_KIND_LABELS[kind]]] as [string, string][]) : []),
    ...(about ? ([["About", about]] as [string, string][]) : []),
    ...(lead.slot ? ([["Test drive", formatSlot(lead.slot)]] as [string, string][]) : []),
    ["Name", name],
    ["E-mail", oneLine(lead.email)],
    ["Phone", oneLine(lead.phone)],
    ["Interest", interest],
    ...otherAnswers(lead).map((a): [string, string] => [a.label, oneLine(a.text)]),
    ["Site", oneLine(site.name)],
    ["Source", source],
    ["Page origin", oneLine(lead.origin ?? "(not sent)")],
    ["Received", oneLine(lead.createdAt)],
    ["Lead id", oneLine(lead.id)],
  ];
  const text = [
    `New ${interest.toLowerCase()} lead from ${source}`,
    "",
    ...rows.map(([k, v]) => `${k}: ${v}`),
    "",
    "Message:",
    message,
    "",
    "An ADF/XML copy for the CRM is attached.",
  ].join("\n");
  const html = `<!doctype html>
<html lang="en"><body style="font-family:system-ui,sans-serif;color:#0f172a">
<h1 style="font-size:18px">New ${h(interest.toLowerCase())} lead from ${h(source)}</h1>
<table cellpadding="4" style="border-collapse:collapse">
${rows.map(([k, v]) => `<tr><th align="left" style="color:#475569">${h(k)}</th><td>${h(v)}</td></tr>`).join("\n")}
</table>
<h2 style="font-size:16px">Message</h2>
<p style="white-space:pre-wrap">${h(message)}</p>
<p style="color:#475569;font-size:12px">Reply to this e-mail to answer ${h(name)} directly. An ADF/XML copy for the CRM is attached.</p>
</body></html>`;
  return {
    // "[Sales lead] Sussex Golf Carts website: Dana Reyes", or for a cart "[Quote request] …: Dana Reyes about Denago EV Rover XL6, stock #D-1042".
    subject: noEncodedWords(`[${kind === "message" ? `${interest} lead` : LEAD_KIND_LABELS[kind]}] ${source}: ${name}${about ? ` about ${about}` : ""}`),
    text,
    html,
    adf: { filename: `lead-${lead.id}.adf.xml`, content: leadToAdf(lead, site) },
    messageId: `<lead-${oneLine(lead.id)}@${primaryDomain(site)}>`,
    replyTo: ADDRESS_LIKE.test(name) ? { address: lead.email } : { name, address: lead.email },
  };
}
