/**
 * @sussex-golf-carts/widgets/vehicle-detail: defines <gc-vehicle-detail> alone (importing it again, or beside the package's main
 * entry, is harmless) and brings its JSX typings (../jsx.d.ts, whose `declare module "react"` then applies).
 */
import "../vehicle-detail/index";

export type { GcVehicleDetailElement } from "../vehicle-detail/index";
export type { GcVehicleDetailAttributes } from "../jsx";
export type { GcEventMap, GcEventName, GcAction } from "../shared/events";
