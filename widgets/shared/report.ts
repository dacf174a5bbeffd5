import { useEffect, useRef } from "react";
import { emit } from "./events";

/**
 * Report a failure the widget handled (it shows a fallback): a prefixed
 * warning for the developer and a gc-error event for the host page.
 */
export function reportError(host: Element | undefined, widget: string, message: string): void {
  console.warn(`[${widget}] ${message}`);
  if (host) emit(host, "gc-error", { widget, message });
}

/**
 * Run `then` once the task now running is over. A partner's script may add an element and set its attributes just
 * after (a microtask later, as frameworks do): what the widget reports waits for them.
 */
export function afterThisTask(then: () => void): () => void {
  const timer = setTimeout(then);
  return () => clearTimeout(timer);
}

/**
 * Report each of `problems` (an attribute the widget cannot use, a failed load) with reportError, unless it is gone by
 * the end of the task that brought it: a required attribute set just after the element was added is no mistake. A
 * problem is reported once while it lasts, also when another one joins it later (a cart found unknown after the load).
 */
export function useReportedProblems(host: Element | undefined, widget: string, ...problems: (string | false | undefined)[]): void {
  const text = problems.filter(Boolean).join("\n");
  const current = useRef(text);
  current.current = text;
  const reported = useRef<ReadonlySet<string>>(new Set());
  useEffect(
    () =>
      afterThisTask(() => {
        if (current.current !== text) return;
        const now = new Set(text ? text.split("\n") : []);
        for (const problem of now) if (!reported.current.has(problem)) reportError(host, widget, problem);
        reported.current = now;
      }),
    [host, widget, text],
  );
}
