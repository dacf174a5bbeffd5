/**
 * JSX typings for the five custom elements, so a React 19 app can write
 * `<gc-eco-calculator miles="30" />` with its attributes checked. React 19
 * sets attributes on custom elements and adds `on<event>` props as listeners:
 * `ongc-calculated={(e) => e.detail.netSavings}` listens to `gc-calculated`.
 */
import type { DetailedHTMLProps, HTMLAttributes } from "react";
import type { GcEventMap } from "./shared/events";

type Listener<K extends keyof GcEventMap> = (event: CustomEvent<GcEventMap[K]>) => void;

/** What every widget element accepts: the usual HTML attributes, the theme, and the listeners of the events every widget sends. */
export interface GcElementAttributes extends DetailedHTMLProps<HTMLAttributes<HTMLElement>, HTMLElement> {
  /** Where the API is; by default the origin the widget script came from. */
  "api-base"?: string;
  /** Colour theme: light (default), dark, or auto (following prefers-color-scheme). */
  theme?: "light" | "dark" | "auto";
  /** A widget could not do its job (load failed, bad attribute). */
  "ongc-error"?: Listener<"gc-error">;
  /** The widget has rendered its content. */
  "ongc-ready"?: Listener<"gc-ready">;
  /** The visitor followed one of the widget's links (call, email, quote, details). */
  "ongc-action"?: Listener<"gc-action">;
}

/** Attributes of the widgets that show headings and report a source label. */
interface GcAnalyticsAttributes {
  /** A label naming the page or partner: carried by gc-ready and gc-action, and as utm_source on links to the dealership. */
  source?: string;
  /** The level of the widget's top heading, so its outline fits the page's. */
  "heading-level"?: 1 | 2 | 3 | 4 | 5 | 6 | "1" | "2" | "3" | "4" | "5" | "6";
}

export interface GcInventoryAttributes extends GcElementAttributes, GcAnalyticsAttributes {
  /** Show only this brand (contains-match, case-insensitive), e.g. "evolution". */
  brand?: string;
  /** Card link template, `{id}` replaced: by default `/vehicles/{id}` on the dealership's origin. */
  "detail-url"?: string;
  /** Show at most this many vehicles. */
  limit?: number | string;
  /** Keep the filters in the page's URL query, as gc-q, gc-brand, gc-category, gc-price and gc-sort. */
  "sync-url"?: boolean | "";
}

export interface GcVehicleDetailAttributes extends GcElementAttributes, GcAnalyticsAttributes {
  /** The vehicle's id (slug), e.g. "denago-ev-city". Required. */
  "vehicle-id": string;
}

export interface GcRentalPricingAttributes extends Omit<GcElementAttributes, "api-base">, GcAnalyticsAttributes {
  /** Show one plan only. */
  plan?: "4-seater" | "6-seater" | "utility";
}

export interface GcEcoCalculatorAttributes extends Omit<GcElementAttributes, "api-base">, GcAnalyticsAttributes {
  /** Default miles per week, 1-500 (default 25). */
  miles?: number | string;
  /** Default usage type (default recreational). */
  usage?: "recreational" | "residential" | "commercial" | "golf-course";
  /** Default time frame in years (default 1). */
  years?: 1 | 3 | 5 | 10 | "1" | "3" | "5" | "10";
  /** Results were shown: the inputs and every figure. */
  "ongc-calculated"?: Listener<"gc-calculated">;
}

export interface GcContactFormAttributes extends GcElementAttributes {
  /** The interest chosen at first: sales (default), service, parts or general. */
  interest?: "sales" | "service" | "parts" | "general";
  /** A label stored with the lead, naming the page or partner that sent it, e.g. "spring-landing". */
  source?: string;
  /** Where to go after sending: by default the dealership's /thank-you; "" stays on the page with a success message. */
  redirect?: string;
  /** A lead was stored. */
  "ongc-contact-submitted"?: Listener<"gc-contact-submitted">;
}

declare module "react" {
  namespace JSX {
    interface IntrinsicElements {
      "gc-inventory": GcInventoryAttributes;
      "gc-vehicle-detail": GcVehicleDetailAttributes;
      "gc-rental-pricing": GcRentalPricingAttributes;
      "gc-eco-calculator": GcEcoCalculatorAttributes;
      "gc-contact-form": GcContactFormAttributes;
    }
  }
}
