import { defineWidget } from "../shared/define-widget";
import { VehicleDetail, type VehicleDetailProps } from "./VehicleDetail";
import css from "./vehicle-detail.css?inline";
import testDriveCss from "./test-drive.css?inline";

/** `<gc-vehicle-detail vehicle-id="…">`: one vehicle with its gallery, specifications and calls to action. */
defineWidget<VehicleDetailProps>("gc-vehicle-detail", VehicleDetail, {
  props: { apiBase: "string", vehicleId: "string", headingLevel: "number", source: "string" },
  css: css + testDriveCss,
});

/** The element: attributes `api-base` and `vehicle-id` (required). */
export interface GcVehicleDetailElement extends HTMLElement, VehicleDetailProps {}

declare global {
  interface HTMLElementTagNameMap {
    "gc-vehicle-detail": GcVehicleDetailElement;
  }
}
