import { defineWidget } from "../shared/define-widget";
import { ATTRIBUTES, type InventoryAttributes } from "./attributes";
import { Inventory } from "./Inventory";
import css from "./inventory.css?inline";

/** `<gc-inventory>`: the searchable, filterable vehicle grid. */
defineWidget("gc-inventory", Inventory, { props: ATTRIBUTES, css });

/** The element: its attributes (declared in widgets/registry.ts) as properties. */
export interface GcInventoryElement extends HTMLElement, InventoryAttributes {}

declare global {
  interface HTMLElementTagNameMap {
    "gc-inventory": GcInventoryElement;
  }
}
