/**
 * @sussex-golf-carts/widgets/inventory: defines <gc-inventory> alone (importing it again, or beside the package's main
 * entry, is harmless) and brings its JSX typings (../jsx.d.ts, whose `declare module "react"` then applies).
 */
import "../inventory/index";

export type { GcInventoryElement } from "../inventory/index";
export type { GcInventoryAttributes } from "../jsx";
export type { GcEventMap, GcEventName, GcAction } from "../shared/events";
