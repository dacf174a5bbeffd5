/**
 * The contact facts a widget shows (issue 26): the phones and the financing
 * link of the site it is served for. A widget in a partner's page shows the
 * ones compiled into its script (the first site's, until the scripts follow
 * the site they are served from); the host site renders each widget inside
 * its page with the page's site (host-site/components/ServedWidget.tsx).
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

/** The contact facts widgets below it show. */
export const WidgetContactContext = createContext<WidgetContact>(COMPILED_CONTACT);

/** The contact facts of the site this widget is shown for. */
export const useWidgetContact = (): WidgetContact => useContext(WidgetContactContext);
