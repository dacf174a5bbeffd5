/** Registers <gc-eco-calculator>: the eco-savings calculator (spec §4: "Calculating..." for 1.5 s, then results that count up; §9: the eco formulas). */
import { defineWidget } from "../shared/define-widget";
import { EcoCalculator, TAG } from "./EcoCalculator";
import css from "./eco-calculator.css?inline";

// The page's summary table is taller than the idle calculator: its room stays, and the results fill it.
defineWidget(TAG, EcoCalculator, {
  props: { miles: "string", usage: "string", years: "string", headingLevel: "number", source: "string" },
  css,
  holdPrerenderedHeight: true,
});

/** The element's attributes, reflected as properties by r2wc. */
export interface GcEcoCalculatorElement extends HTMLElement {
  /** Default miles per week, 1-500. */
  miles?: string;
  /** Default usage: recreational, residential, commercial or golf-course. */
  usage?: string;
  /** Default time frame in years: 1, 3, 5 or 10. */
  years?: string;
}

declare global {
  interface HTMLElementTagNameMap {
    "gc-eco-calculator": GcEcoCalculatorElement;
  }
}
