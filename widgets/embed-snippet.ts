/**
 * The embed snippet, written once: the script tag and the element(s) a
 * partner pastes. The partner guide's examples (docs/partners.md and docs/partners/) are checked against it
 * (widgets/embed-snippet.test.ts) and the staff console's Embed page writes
 * its snippets with it, so both always say the same thing.
 */
import { telHref, type PhoneNumber } from "../domain/business";
import { escapeHtml } from "../domain/escape";
import { WIDGETS, type WidgetTag } from "./registry";

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

/** The release's own integrity value, for a script pinned to `version` (docs/partners/csp-and-sri.md, "Pin a release with Subresource Integrity"). */
export interface PinnedScript {
  version: string;
  integrity: string;
}

/** The script tag pinned to one release with Subresource Integrity: the browser runs it only if its bytes match. */
export const pinnedScript = (origin: string, script: string, { version, integrity }: PinnedScript): string =>
  `<script src="${escapeHtml(`${origin}/widgets/${version}/${script}.js`)}" integrity="${escapeHtml(integrity)}" crossorigin="anonymous" defer></script>`;

/**
 * The declarations that keep an element's room: its min-height (the registry's reserve), and a block formatting
 * context, so the fallback paragraph's margins stay inside the room rather than collapsing through it (they moved the
 * text below by 11-16 px when the widget took over).
 */
export const reserveStyle = (element: EmbedElement): string =>
  `display:flow-root;min-height:${WIDGETS.find((w) => w.tag === element.tag)!.reserve(element.attributes ?? {})}`;

/**
 * The same room as a rule for the partner's own stylesheet, for a page whose Content-Security-Policy allows no inline
 * styles (which drop the snippet's style attribute): the element is selected by its tag and the attributes it is
 * written with.
 */
export function reserveRule(element: EmbedElement): string {
  const attributes = Object.entries(element.attributes ?? {}).filter((entry): entry is [string, string | true] => entry[1] !== undefined);
  const selector = element.tag + attributes.map(([name, value]) => (value === true ? `[${name}]` : `[${name}="${value.replace(/["\\]/g, "\\$&")}"]`)).join("");
  return `${selector} { ${reserveStyle(element).replace(/:/g, ": ").replace(/;/g, "; ")}; }`;
}

/** The phone a fallback names: the main line of the site at `origin`. */
export type FallbackPhone = Pick<PhoneNumber, "display" | "e164">;

/**
 * One element as a partner's page should hold it (docs/decisions/0020-reserved-space.md): its room kept before the
 * script runs (an inline min-height, about its loaded height at each width), and a fallback inside it, a link to the
 * page of the site at `origin` and that site's phone, which shows until the widget takes over and without JavaScript.
 */
export function reservedElement(origin: string, element: EmbedElement, phone?: FallbackPhone, strictCsp = false): string {
  const widget = WIDGETS.find((w) => w.tag === element.tag)!;
  const attributes = element.attributes ?? {};
  const link = `<a href="${escapeHtml(`${origin}${widget.fallback.path(attributes)}`)}">${escapeHtml(widget.fallback.text)}</a>`;
  const call = phone ? ` or call <a href="${escapeHtml(telHref(phone))}">${escapeHtml(phone.display)}</a>` : "";
  const open = embedElement({ tag: element.tag, attributes: strictCsp ? attributes : { ...attributes, style: reserveStyle(element) } });
  return `${open.slice(0, -`</${element.tag}>`.length)}\n  <p>${link}${call}.</p>\n</${element.tag}>`;
}

/** The whole snippet: the script tag (pinned when given a release), a blank line, then each element with its fallback. */
export const embedSnippet = (
  origin: string,
  script: string,
  elements: readonly EmbedElement[],
  { pinned, phone, strictCsp }: { pinned?: PinnedScript; phone?: FallbackPhone; strictCsp?: boolean } = {},
): string =>
  [pinned ? pinnedScript(origin, script, pinned) : embedScript(origin, script), "", ...elements.map((e) => reservedElement(origin, e, phone, strictCsp))].join(
    "\n",
  );
