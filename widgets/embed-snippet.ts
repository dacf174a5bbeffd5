/**
 * The embed snippet, written once: the script tag and the element(s) a
 * partner pastes. The README's examples are checked against it
 * (widgets/embed-snippet.test.ts) and the staff console's Embed page writes
 * its snippets with it, so both always say the same thing.
 */
import { escapeHtml } from "../domain/escape";
import type { WidgetTag } from "./registry";

/** An element's attributes: a string (possibly empty: `redirect=""`), true for a valueless one; absent ones are left out. */
export type EmbedAttributes = Readonly<Record<string, string | true | undefined>>;

export interface EmbedElement {
  tag: WidgetTag;
  attributes?: EmbedAttributes;
}

/** `<script src="…/widgets/NAME.js" defer></script>`, loading from the dealership's origin. */
export const embedScript = (origin: string, script: string): string => `<script src="${escapeHtml(`${origin}/widgets/${script}.js`)}" defer></script>`;

/** One element, its attributes in the order given, every value escaped. */
export function embedElement({ tag, attributes = {} }: EmbedElement): string {
  const attrs = Object.entries(attributes)
    .filter((entry): entry is [string, string | true] => entry[1] !== undefined)
    .map(([name, value]) => (value === true ? ` ${name}` : ` ${name}="${escapeHtml(value)}"`))
    .join("");
  return `<${tag}${attrs}></${tag}>`;
}

/** The whole snippet: the script tag, a blank line, then each element on its own line. */
export const embedSnippet = (origin: string, script: string, elements: readonly EmbedElement[]): string =>
  [embedScript(origin, script), "", ...elements.map(embedElement)].join("\n");
