/**
 * The contact facts a widget shows: the phones and the financing
 * link of the site its script is served from (./script-contact.ts). The host
 * site renders each widget inside its page with the page's site through the
 * same context (host-site/components/ServedWidget.tsx).
 */
import { createContext, useContext } from "react";
import type { WidgetContact } from "../../domain/widget-contact";
import { SCRIPT_CONTACT } from "./script-contact";

/** The contact facts widgets below it show: by default the script's own. */
export const WidgetContactContext = createContext<WidgetContact>(SCRIPT_CONTACT!);

/** The contact facts of the site this widget is shown for. */
export const useWidgetContact = (): WidgetContact => useContext(WidgetContactContext);
