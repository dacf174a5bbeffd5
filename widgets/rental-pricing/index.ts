import { defineWidget } from "../shared/define-widget";
import { ATTRIBUTES, type RentalPricingAttributes } from "./attributes";
import { RentalPricing } from "./RentalPricing";
import css from "./rental-pricing.css?inline";

/** `<gc-rental-pricing>`: the rental price tables. */
defineWidget("gc-rental-pricing", RentalPricing, { props: ATTRIBUTES, css });

/** The element: its attributes (declared in widgets/registry.ts) as properties. */
export interface GcRentalPricingElement extends HTMLElement, RentalPricingAttributes {}

declare global {
  interface HTMLElementTagNameMap {
    "gc-rental-pricing": GcRentalPricingElement;
  }
}
