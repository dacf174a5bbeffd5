/**
 * The frame of every mail a site sends a visitor about a booking (a test drive, a rental): a greeting, a heading, the
 * message's own blocks, and the site's signature, in text and in HTML. The callers escape what they put in the blocks.
 */
import { escapeHtml as h } from "./escape";
import type { Site } from "./site";

/** A visitor's mail, ready for the mail server. */
export interface VisitorMail {
  to: { name: string; address: string };
  subject: string;
  text: string;
  html: string;
  /** Stable per message, so a mail server can drop a duplicate of a retried send. */
  messageId: string;
  /** A calendar file (`.ics`), when the mail holds an appointment. */
  ics?: { filename: string; content: string };
}

/** Labels and values, one a line in the text and one a row in the HTML. */
export type MailFacts = readonly (readonly [string, string])[];

const signature = (site: Site) => `${site.name} · ${site.phones.main.display} · ${site.email}`;

/** The text of a visitor's mail: `lines` between the heading and the signature. */
export const visitorMailText = (site: Site, name: string, heading: string, lines: readonly string[]): string =>
  [`Hello ${name},`, "", heading, ...lines, "", signature(site)].join("\n");

/** The text lines of `facts`, indented by `indent`. */
export const factLines = (facts: MailFacts, indent = ""): string[] => facts.map(([k, v]) => `${indent}${k}: ${v}`);

/** The HTML table of `facts`, escaped. */
export const factsTable = (facts: MailFacts): string =>
  `<table cellpadding="0" style="border-collapse:collapse">${facts
    .map(([k, v]) => `<tr><th align="left" style="color:#475569;padding:4px 12px 4px 0">${h(k)}</th><td>${h(v)}</td></tr>`)
    .join("")}</table>`;

/** The HTML of a visitor's mail: `blocks` (HTML, one a line) between the heading and the signature. */
export const visitorMailHtml = (site: Site, name: string, heading: string, blocks: readonly string[]): string => `<!doctype html>
<html lang="en"><body style="font-family:system-ui,sans-serif;color:#0f172a;max-width:640px">
<p>Hello ${h(name)},</p>
<h1 style="font-size:20px">${h(heading)}</h1>
${blocks.join("\n")}
<p style="color:#475569;font-size:13px">${h(signature(site))}</p>
</body></html>`;
