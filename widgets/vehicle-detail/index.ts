import { defineWidget } from "../shared/define-widget";
import { ATTRIBUTES, type VehicleDetailAttributes } from "./attributes";
import { VehicleDetail } from "./VehicleDetail";
import css from "./vehicle-detail.css?inline";
import testDriveCss from "./test-drive.css?inline";

/** `<gc-vehicle-detail>`: one vehicle with its gallery, specifications and calls to action. */
defineWidget("gc-vehicle-detail", VehicleDetail, { props: ATTRIBUTES, css: css + testDriveCss });

/** The element: its attributes (declared in widgets/registry.ts) as properties. */
export interface GcVehicleDetailElement extends HTMLElement, VehicleDetailAttributes {}

declare global {
  interface HTMLElementTagNameMap {
    "gc-vehicle-detail": GcVehicleDetailElement;
  }
}
