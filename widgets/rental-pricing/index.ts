/** Registers <gc-rental-pricing>: the rental price tables (spec §9 "Rental prices"). */
import { defineWidget } from "../shared/define-widget";
import { RentalPricing, TAG } from "./RentalPricing";
import css from "./rental-pricing.css?inline";

defineWidget(TAG, RentalPricing, { props: { plan: "string", headingLevel: "number", source: "string", reserveUrl: "string" }, css });

/** The element's attributes, reflected as properties by r2wc. */
export interface GcRentalPricingElement extends HTMLElement {
  /** "4-seater", "6-seater" or "utility": show one plan. */
  plan?: string;
}

declare global {
  interface HTMLElementTagNameMap {
    "gc-rental-pricing": GcRentalPricingElement;
  }
}
