import { defineWidget } from "../shared/define-widget";
import { ATTRIBUTES, type RentalBookingAttributes } from "./attributes";
import { RentalBooking } from "./RentalBooking";
import css from "./rental-booking.css?inline";

/** `<gc-rental-booking>`: a rental request, its price shown at once with the carts free. */
defineWidget("gc-rental-booking", RentalBooking, { props: ATTRIBUTES, css });

/** The element: its attributes (declared in widgets/registry.ts) as properties. */
export interface GcRentalBookingElement extends HTMLElement, RentalBookingAttributes {}

declare global {
  interface HTMLElementTagNameMap {
    "gc-rental-booking": GcRentalBookingElement;
  }
}
