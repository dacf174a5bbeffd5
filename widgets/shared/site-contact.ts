/**
 * The contact facts a widget shows (issue 26): the phones and the financing
 * link of the site it is served for. A widget in a partner's page shows the
 * ones compiled into its script (the first site's, until the scripts follow
 * the site they are served from); the host site renders each widget inside
 * its page with the page's site (host-site/components/ServedWidget.tsx), and
 * where those differ from the compiled ones writes them in a JSON data block
 * (`<script type="application/json" data-gc-site>`, never run) that the
 * widgets read when they load, so their own render shows the same.
 */
import { createContext, useContext } from "react";
import { BUSINESS, type PhoneNumber } from "../../domain/business";

export interface WidgetContact {
  main: PhoneNumber;
  /** The toll-free line, when the site has one. */
  tollFree?: PhoneNumber;
  /** The outside financing application; absent, no financing link is shown. */
  financingUrl?: string;
}

/** The facts compiled into the widget scripts. */
export const COMPILED_CONTACT: WidgetContact = { main: BUSINESS.phones.main, tollFree: BUSINESS.phones.tollFree, financingUrl: BUSINESS.financingUrl };

/** The attribute of the page's data block of contact facts. */
export const CONTACT_BLOCK_ATTRIBUTE = "data-gc-site";

/** The contact facts the page wrote for its widgets, or the compiled ones (no block, or one that does not parse). */
function pageContact(): WidgetContact {
  const text = globalThis.document?.querySelector<HTMLScriptElement>(`script[${CONTACT_BLOCK_ATTRIBUTE}]`)?.text;
  try {
    return text ? (JSON.parse(text) as WidgetContact) : COMPILED_CONTACT;
  } catch {
    return COMPILED_CONTACT;
  }
}

/** The contact facts widgets below it show: by default the page's, else the compiled ones. */
export const WidgetContactContext = createContext<WidgetContact>(pageContact());

/** The contact facts of the site this widget is shown for. */
export const useWidgetContact = (): WidgetContact => useContext(WidgetContactContext);
