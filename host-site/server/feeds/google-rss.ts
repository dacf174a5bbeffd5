import { escapeXml } from "../../../domain/escape";

/** The namespace of Google Merchant Center's attributes in an RSS 2.0 feed. */
export const GOOGLE_NS = "http://base.google.com/ns/1.0";

/** One XML element with its text escaped. */
export const xmlElement = (name: string, value: string | number): string => `<${name}>${escapeXml(String(value))}</${name}>`;

/** An RSS 2.0 document declaring Google's g: namespace, with its channel's title, link and description, then `items` (each an <item> element). */
export function googleRss(channel: { title: string; link: string; description: string }, items: readonly string[]): string {
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<rss version="2.0" xmlns:g="${GOOGLE_NS}">`,
    "<channel>",
    xmlElement("title", channel.title),
    xmlElement("link", channel.link),
    xmlElement("description", channel.description),
    ...items,
    "</channel>",
    "</rss>",
    "",
  ].join("\n");
}
