import { useEffect, type RefObject } from "react";

/**
 * Bring a submit's result (its confirmation, or the summary of what to fix) to the visitor: in view and focused, so a
 * screen reader reads it and the keyboard goes on from it. A form that gives way to a short confirmation leaves the
 * page scrolled far below it on a phone (a rental's "Request sent" would be 950 px above the screen); a result already
 * wholly in view is not scrolled to. An element that takes no focus of its own is made focusable by script only.
 */
export function showResult(el: HTMLElement | null | undefined, area: HTMLElement = el!): void {
  if (!el?.isConnected) return;
  if (el.tabIndex < 0 && !el.hasAttribute("tabindex")) el.tabIndex = -1;
  el.focus({ preventScroll: true });
  // `area`: what must be seen around the focused control (the group of times whose first one takes the focus).
  el = area;
  const box = el.getBoundingClientRect();
  const screen = innerHeight || document.documentElement.clientHeight;
  if (box.top >= 0 && box.bottom <= screen) return;
  // Its top in view when it is taller than the screen; else the middle, clear of a sticky header or a floating button.
  el.scrollIntoView({ block: box.height > screen ? "start" : "center" });
}

/** Show the element `ref` holds (showResult) each time `result` changes to something, once that render is in the page. */
export function useShownResult(ref: RefObject<HTMLElement | null>, result: unknown): void {
  useEffect(() => {
    if (result) showResult(ref.current);
  }, [ref, result]);
}
