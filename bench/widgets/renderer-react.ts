/**
 * widgets/shared/renderer.ts on react-dom, for the bench's react-dom build of
 * the widgets (bench/widgets.ts): the same two calls, with a React root per
 * shadow root.
 */
import type { ReactElement } from "react";
import { createRoot, hydrateRoot, type Root } from "react-dom/client";

const roots = new WeakMap<Element, Root>();

export function renderInto(root: Element, element: ReactElement, adopt = false): void {
  const existing = roots.get(root);
  if (existing) return existing.render(element);
  const created = adopt ? hydrateRoot(root, element) : createRoot(root);
  roots.set(root, created);
  if (!adopt) created.render(element);
}

export function unmountFrom(root: Element): void {
  roots.get(root)?.unmount();
  roots.delete(root);
}
