/**
 * A React 19 app using the built package (dist/package) as an installed dependency: compiled by
 * widgets/package/package-types.test.ts. Each `@ts-expect-error` is a mistake the typings must catch.
 */
import "@sussex-golf-carts/widgets/eco-calculator";
import "@sussex-golf-carts/widgets/contact-form";
import "@sussex-golf-carts/widgets/inventory";
import "@sussex-golf-carts/widgets/rental-pricing";
import "@sussex-golf-carts/widgets/vehicle-detail";
import { WIDGET_TAGS, type GcEventMap } from "@sussex-golf-carts/widgets";
import type { GcEcoCalculatorElement } from "@sussex-golf-carts/widgets/eco-calculator";

export const tags: readonly string[] = WIDGET_TAGS;

// Typed listeners on document, window and the elements.
document.addEventListener("gc-contact-submitted", (event) => {
  const id: string = event.detail.id;
  const source: string | null = event.detail.source;
  return [id, source];
});
window.addEventListener("gc-action", (event) => {
  const action: "call" | "email" | "quote" | "details" | "manufacturer" | "estimate" | "compare" | "test-drive" | "trade-in" = event.detail.action;
  return action;
});
document.addEventListener("gc-ready", (event) => event.detail.widget.toUpperCase());
// @ts-expect-error: gc-error's detail has no `status`.
document.addEventListener("gc-error", (event) => event.detail.status);
declare const calculator: GcEcoCalculatorElement;
calculator.addEventListener("gc-calculated", (event) => event.detail.netSavings.toFixed(0));
export const detail: GcEventMap["gc-calculated"]["netSavings"] = 1;

export const App = () => (
  <>
    <gc-eco-calculator miles="30" usage="residential" years={3} theme="dark" heading-level={2} source="app" ongc-calculated={(e) => e.detail.co2Saved} />
    <gc-contact-form api-base="https://www.sussexcoastgolfcarts.example" source="react-app" redirect="" interest="parts" theme="auto" />
    <gc-inventory brand="evolution" limit={6} sync-url="" heading-level="3" ongc-action={(e) => e.detail.href} />
    <gc-rental-pricing plan="6-seater" />
    <gc-vehicle-detail vehicle-id="denago-ev-city" ongc-ready={(e) => e.detail.source} />

    {/* @ts-expect-error: no such usage */}
    <gc-eco-calculator usage="boat" />
    {/* @ts-expect-error: misspelt attribute (miles) */}
    <gc-eco-calculator mile="30" />
    {/* @ts-expect-error: themes are light, dark and auto */}
    <gc-rental-pricing theme="blue" />
    {/* @ts-expect-error: headings go from 1 to 6 */}
    <gc-rental-pricing heading-level={7} />
    {/* @ts-expect-error: no such plan */}
    <gc-rental-pricing plan="8-seater" />
    {/* @ts-expect-error: the vehicle's id is required */}
    <gc-vehicle-detail />
    {/* @ts-expect-error: misspelt attribute (interest) */}
    <gc-contact-form intrest="parts" />
    {/* @ts-expect-error: the contact form takes no plan */}
    <gc-contact-form plan="utility" />
  </>
);
