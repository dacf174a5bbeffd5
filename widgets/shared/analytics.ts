import { useEffect, useRef } from "react";
import { emit, type GcAction } from "./events";
import { afterThisTask } from "./report";

/** Elements that have said gc-ready: once per element, whatever re-renders or reloads follow. */
const ready = new WeakSet<Element>();

/** Spread on a link to the manufacturer's own page: its gc-action says `manufacturer`, which no href tells apart. */
export const MANUFACTURER_LINK = { "data-gc-action": "manufacturer" } as const;
/** Spread on a link to the site's financing application (each site has its own): its gc-action says `quote`. */
export const QUOTE_LINK = { "data-gc-action": "quote" } as const;
/** Spread on a link to the dealership's compare page: its gc-action says `compare`. */
export const COMPARE_LINK = { "data-gc-action": "compare" } as const;

/** What a link does, for gc-action: dial, write, ask for a quote, open the manufacturer's page, or the dealership's page about it. */
export function linkAction(href: string, marked?: string): GcAction {
  if (marked === "manufacturer" || marked === "quote" || marked === "compare") return marked;
  if (href.startsWith("tel:")) return "call";
  if (href.startsWith("mailto:")) return "email";
  return "details";
}

/**
 * The analytics hooks of a widget: `gc-ready` once it shows its content (`shown`), and `gc-action` when the visitor
 * follows one of its links (a call, an e-mail, a quote, a details or a manufacturer link), with the widget and its
 * `source` label.
 */
export function useWidgetEvents(host: HTMLElement, widget: string, source: string | undefined, shown: boolean): void {
  const label = source?.trim() || null;
  // gc-ready says what stands once the task that added the element is over: attributes set just after it count.
  const now = useRef({ label, shown });
  now.current = { label, shown };
  useEffect(() => {
    if (!shown || ready.has(host)) return;
    return afterThisTask(() => {
      if (!now.current.shown || ready.has(host)) return;
      ready.add(host);
      emit(host, "gc-ready", { widget, source: now.current.label });
    });
  }, [host, widget, shown]);
  useEffect(() => {
    const onClick = (event: Event) => {
      const link = event.composedPath().find((el): el is HTMLAnchorElement => el instanceof HTMLAnchorElement && el.hasAttribute("href"));
      if (!link || !host.shadowRoot?.contains(link)) return;
      emit(host, "gc-action", { widget, action: linkAction(link.getAttribute("href")!, link.dataset.gcAction), source: label, href: link.href });
    };
    host.addEventListener("click", onClick);
    return () => host.removeEventListener("click", onClick);
  }, [host, widget, label]);
}

/**
 * A link to one of the dealership's pages, tagged for its analytics when the widget is on another site's page:
 * `utm_source` (the widget's `source` label, else the page's host) and `utm_medium=widget`. Links to other sites,
 * and links on the dealership's own pages, are left as they are.
 */
export function withUtm(href: string, apiBase: string, source: string | undefined): string {
  try {
    // A relative link (a partner's own detail-url) is the page's, as the browser reads it.
    const url = new URL(href, location.href);
    const dealer = new URL(apiBase).origin;
    if (url.origin !== dealer || location.origin === dealer || !/^https?:$/.test(url.protocol)) return href;
    url.searchParams.set("utm_source", source?.trim() || location.hostname);
    url.searchParams.set("utm_medium", "widget");
    return url.href;
  } catch {
    return href;
  }
}
