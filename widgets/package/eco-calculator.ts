/**
 * @sussex-golf-carts/widgets/eco-calculator: defines <gc-eco-calculator> alone (importing it again, or beside the package's main
 * entry, is harmless) and brings its JSX typings (../jsx.d.ts, whose `declare module "react"` then applies).
 */
import "../eco-calculator/index";

export type { GcEcoCalculatorElement } from "../eco-calculator/index";
export type { GcEcoCalculatorAttributes } from "../jsx";
export type { GcEventMap, GcEventName, GcAction } from "../shared/events";
