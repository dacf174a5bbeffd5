/**
 * How a widget's element tree gets into its shadow root: preact's render and
 * hydrate, the one place the widgets call preact rather than React's API
 * (which preact/compat provides). The bench swaps in
 * bench/widgets/renderer-react.ts to build the same widgets on react-dom.
 */
import { hydrate, render } from "preact";
import type { ReactElement } from "react";

/** Render `element` into `root`; `adopt`: take over the nodes already there (served content) instead of replacing them. */
export function renderInto(root: Element, element: ReactElement, adopt = false): void {
  (adopt ? hydrate : render)(element as never, root);
}

export function unmountFrom(root: Element): void {
  render(null, root);
}
