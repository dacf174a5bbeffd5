import { defineWidget } from "../shared/define-widget";
import { Inventory, type InventoryProps } from "./Inventory";
import css from "./inventory.css?inline";

/** `<gc-inventory>`: the searchable, filterable vehicle grid. */
defineWidget<InventoryProps>("gc-inventory", Inventory, {
  props: { apiBase: "string", brand: "string", detailUrl: "string", limit: "number", headingLevel: "number", source: "string" },
  css,
});

/** The element: attributes `api-base`, `brand`, `detail-url`, `limit` and boolean `sync-url`. */
export interface GcInventoryElement extends HTMLElement, InventoryProps {}

declare global {
  interface HTMLElementTagNameMap {
    "gc-inventory": GcInventoryElement;
  }
}
