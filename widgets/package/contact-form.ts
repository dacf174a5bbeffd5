/**
 * @sussex-golf-carts/widgets/contact-form: defines <gc-contact-form> alone (importing it again, or beside the package's main
 * entry, is harmless) and brings its JSX typings (../jsx.d.ts, whose `declare module "react"` then applies).
 */
import "../contact-form/index";

export type { GcContactFormElement } from "../contact-form/index";
export type { GcContactFormAttributes } from "../jsx";
export type { GcEventMap, GcEventName, GcAction } from "../shared/events";
