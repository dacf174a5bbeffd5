import { useEffect, useRef, type ReactNode } from "react";

/**
 * Puts the result of what the user just did in view and gives it focus, so that after a Save far below a notice
 * (or on a phone) they see what happened and a screen reader reads it from there. A choice made in a select keeps
 * its focus, so that arrowing through the options is not interrupted: the result is only scrolled into view.
 */
export function showResult(element: HTMLElement | null): void {
  if (!element) return;
  element.scrollIntoView({ block: "nearest" });
  if (!(document.activeElement instanceof HTMLSelectElement)) element.focus({ preventScroll: true });
}

/**
 * A message about what just happened: errors are announced at once, the rest politely. `result`: the outcome it
 * reports (e.g. the screen's notice state); each new one is shown with showResult. Without it (a load failure, a
 * standing note) the notice takes no focus.
 */
export function Notice({ tone, children, result }: { tone: "success" | "error" | "info"; children: ReactNode; result?: unknown }) {
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (result != null && result !== false) showResult(box.current);
  }, [result]);
  return (
    <div
      ref={box}
      className={`notice notice--${tone}`}
      role={tone === "error" ? "alert" : "status"}
      tabIndex={result != null && result !== false ? -1 : undefined}
    >
      {children}
    </div>
  );
}
