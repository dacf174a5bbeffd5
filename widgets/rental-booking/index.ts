/** Registers <gc-rental-booking>: a rental request with its price at once and the carts free (issue 31). */
import { defineWidget } from "../shared/define-widget";
import { RentalBooking, TAG, type RentalBookingProps } from "./RentalBooking";
import css from "./rental-booking.css?inline";

defineWidget<RentalBookingProps>(TAG, RentalBooking, { props: { apiBase: "string", plan: "string", headingLevel: "number", source: "string" }, css });

/** The element: attributes `api-base`, `plan`, `heading-level` and `source`, reflected as properties. */
export interface GcRentalBookingElement extends HTMLElement, RentalBookingProps {}

declare global {
  interface HTMLElementTagNameMap {
    "gc-rental-booking": GcRentalBookingElement;
  }
}
