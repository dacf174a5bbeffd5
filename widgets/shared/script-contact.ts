import { readContactLiteral, type WidgetContact } from "../../domain/widget-contact";

/**
 * The contact facts this script carries (issue 26): the serving site's, as the server fills in its one literal per
 * site (api/widget-scripts.ts), or the first site's in a copy no site served (the npm package). Undefined in the
 * server's own code (no widget build), where the page's site is always given (ServedWidget). A module of its own, so a
 * widget that only shows a phone on failure does not take in React's context.
 */
export const SCRIPT_CONTACT: WidgetContact | undefined = typeof __GC_SITE__ === "string" ? readContactLiteral(__GC_SITE__) : undefined;
