import { defineWidget } from "../shared/define-widget";
import { ATTRIBUTES, type EcoCalculatorAttributes } from "./attributes";
import { EcoCalculator } from "./EcoCalculator";
import css from "./eco-calculator.css?inline";

/** `<gc-eco-calculator>`: the eco-savings calculator ("Calculating..." for 1.5 s, then results that count up). */
defineWidget("gc-eco-calculator", EcoCalculator, { props: ATTRIBUTES, css });

/** The element: its attributes (declared in widgets/registry.ts) as properties. */
export interface GcEcoCalculatorElement extends HTMLElement, EcoCalculatorAttributes {}

declare global {
  interface HTMLElementTagNameMap {
    "gc-eco-calculator": GcEcoCalculatorElement;
  }
}
