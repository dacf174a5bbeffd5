import { readContactLiteral, type WidgetContact } from "../../domain/widget-contact";

/**
 * The contact facts this script carries: the serving site's, as the server fills in its one literal per
 * site (api/widget-scripts.ts), or the first site's in a copy no site served (the npm package). Undefined in the
 * server's own code (no widget build), where the page's site is always given (ServedWidget). A module of its own, so a
 * widget that only shows a phone on failure does not take in React's context.
 */
export const SCRIPT_CONTACT: WidgetContact | undefined = ((literal) => (literal ? readContactLiteral(literal) : undefined))(
  typeof __GC_CHUNKED__ !== "undefined" && __GC_CHUNKED__ ? loaderLiteral() : typeof __GC_SITE__ === "string" ? __GC_SITE__ : undefined,
);

/**
 * In a chunk (decision 0060): the literal the loader that imported it carries, which the server swaps per site as it
 * does in any script, so the chunks themselves are the same bytes on every site and keep the hashes the loader checks.
 */
function loaderLiteral(): string | undefined {
  const state = (globalThis as { __gcWidgets?: { sites: Record<string, string> } }).__gcWidgets;
  return state?.sites[new URL(/* @vite-ignore */ ".", import.meta.url).href];
}
