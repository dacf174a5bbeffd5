import { createElement, type ReactNode } from "react";

/** A widget's `heading-level` attribute, read as its top heading's level (1 to 6); anything else keeps the default. */
export function headingLevel(attribute: number | string | undefined | null, fallback: number): number {
  const n = Number(attribute);
  return attribute !== undefined && attribute !== null && attribute !== "" && Number.isInteger(n) && n >= 1 && n <= 6 ? n : fallback;
}

/** A heading `depth` levels below the widget's top one (at most h6), so the widget's outline fits the host page's. */
export function Heading({ level, depth = 0, children, ...rest }: { level: number; depth?: number; children: ReactNode; [attr: string]: unknown }) {
  return createElement(`h${Math.min(6, level + depth)}`, rest, children);
}

/**
 * A region's accessible name, made distinct when the page holds more than one widget of the kind: the second
 * `<gc-rental-pricing>` is "Golf cart rental rates 2", so landmarks can be told apart.
 */
export function distinctLabel(host: Element, base: string): string {
  const same = [...document.querySelectorAll(host.localName)];
  return same.length > 1 && same.indexOf(host) > 0 ? `${base} ${same.indexOf(host) + 1}` : base;
}
