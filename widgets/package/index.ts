/**
 * @sussex-golf-carts/widgets: importing this module defines the five custom
 * elements (a second import, or the script tag on the same page, is harmless)
 * and, for TypeScript, brings their JSX typings: the attribute types below
 * come from ../jsx.d.ts, whose `declare module "react"` then applies.
 */
import "../all";
import { WIDGETS, type WidgetTag } from "../registry";

export type { GcEventMap, GcEventName, GcAction } from "../shared/events";
export type { GcInventoryElement } from "../inventory/index";
export type { GcVehicleDetailElement } from "../vehicle-detail/index";
export type { GcRentalPricingElement } from "../rental-pricing/index";
export type { GcEcoCalculatorElement } from "../eco-calculator/index";
export type { GcContactFormElement } from "../contact-form/index";
export type {
  GcElementAttributes,
  GcInventoryAttributes,
  GcVehicleDetailAttributes,
  GcRentalPricingAttributes,
  GcEcoCalculatorAttributes,
  GcContactFormAttributes,
} from "../jsx";
export type { EcoInput, EcoResult, UsageType, TimeFrame } from "../../domain/eco-calculator";
export type { Interest } from "../../domain/contact";

/** The tags this package defines. */
export const WIDGET_TAGS: readonly WidgetTag[] = WIDGETS.map((w) => w.tag);
export type { WidgetTag };
