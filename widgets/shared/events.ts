import type { EcoResult, EcoInput } from "../../domain/eco-calculator";
import type { Interest } from "../../domain/contact";

/** Every event a widget dispatches for the host page, with its `detail`. */
export interface GcEventMap {
  /** A lead was stored. */
  "gc-contact-submitted": { id: string; interest: Interest; source: string | null };
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

declare global {
  interface HTMLElementEventMap {
    "gc-contact-submitted": CustomEvent<GcEventMap["gc-contact-submitted"]>;
    "gc-calculated": CustomEvent<GcEventMap["gc-calculated"]>;
    "gc-error": CustomEvent<GcEventMap["gc-error"]>;
  }
}
