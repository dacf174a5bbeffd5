import { emit } from "./events";

/**
 * Report a failure the widget handled (it shows a fallback): a prefixed
 * warning for the developer and a gc-error event for the host page.
 */
export function reportError(host: Element | undefined, widget: string, message: string): void {
  console.warn(`[${widget}] ${message}`);
  if (host) emit(host, "gc-error", { widget, message });
}
