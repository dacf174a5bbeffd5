/**
 * @sussex-golf-carts/widgets/rental-pricing: defines <gc-rental-pricing> alone (importing it again, or beside the package's main
 * entry, is harmless) and brings its JSX typings (../jsx.d.ts, whose `declare module "react"` then applies).
 */
import "../rental-pricing/index";

export type { GcRentalPricingElement } from "../rental-pricing/index";
export type { GcRentalPricingAttributes } from "../jsx";
export type { GcEventMap, GcEventName, GcAction } from "../shared/events";
