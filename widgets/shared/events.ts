import type { EcoResult, EcoInput } from "../../domain/eco-calculator";
import type { Interest } from "../../domain/contact";

/**
 * What a visitor did with a widget: dialled, wrote, asked for a financing quote, went to the dealership's page about
 * it (`details`), or to the manufacturer's own page about the vehicle (`manufacturer`), changed a payment estimate
 * (`estimate`, its href the estimate's shareable address), added the vehicle to a comparison (`compare`), booked a
 * test drive of it (`test-drive`, its href the vehicle's page on the dealership's site), or sent a trade-in from its
 * page (`trade-in`, its href the vehicle's page).
 */
export const GC_ACTIONS = ["call", "email", "quote", "details", "manufacturer", "estimate", "compare", "test-drive", "trade-in"] as const;
export type GcAction = (typeof GC_ACTIONS)[number];

/** Every event a widget dispatches for the host page, with its `detail`. */
export interface GcEventMap {
  /** The widget has rendered its content (its data, or a message saying why it has none). */
  "gc-ready": { widget: string; source: string | null };
  /** The visitor followed one of the widget's links. */
  "gc-action": { widget: string; action: GcAction; source: string | null; href: string };
  /** A lead was stored. */
  "gc-contact-submitted": { id: string; interest: Interest; source: string | null };
  /** A rental request was stored (`<gc-rental-booking>`): its reference, the plan and the total it was quoted. */
  "gc-rental-requested": { reference: string; plan: string; total: number; source: string | null };
  /** The calculator showed results for these inputs. */
  "gc-calculated": EcoResult & EcoInput;
  /** A widget could not do its job (load failed, bad attribute). */
  "gc-error": { widget: string; message: string };
}

export type GcEventName = keyof GcEventMap;

/** Dispatch a typed event that bubbles out of the shadow root to the host page. */
export function emit<K extends GcEventName>(host: Element, type: K, detail: GcEventMap[K]): void {
  host.dispatchEvent(new CustomEvent(type, { detail, bubbles: true, composed: true }));
}

/** Each gc-* event as the DOM types it. */
type GcEvents = { [K in GcEventName]: CustomEvent<GcEventMap[K]> };

// Typed listeners on the elements, on document and on window (the events bubble out of the shadow root to both):
// `document.addEventListener("gc-contact-submitted", (e) => e.detail.id)` compiles.
declare global {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  interface HTMLElementEventMap extends GcEvents {}
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  interface DocumentEventMap extends GcEvents {}
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  interface WindowEventMap extends GcEvents {}
}
