import { prettyDOM } from "@testing-library/react";

/**
 * The markup a failed query searched, for its error: Testing Library prints an element or a document, and refuses a
 * shadow root, which is where every widget renders; a root's children are printed instead.
 */
export function describeQueried(container: Element | Document | ShadowRoot | null | undefined): string {
  if (!container) return "";
  const nodes = container instanceof ShadowRoot ? [...container.children] : [container];
  return nodes.map((node) => prettyDOM(node, 20_000, { highlight: false }) || "").join("\n");
}
