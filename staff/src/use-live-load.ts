import { useEffect, type DependencyList } from "react";

/**
 * Loads when `deps` change and hands on the value or the failure, unless the screen has moved on first (it unmounted,
 * or `deps` changed again): the answer of a request the screen no longer waits for is dropped.
 */
export function useLiveLoad<T>(load: () => Promise<T>, loaded: (value: T) => void, failed: (err: unknown) => void, deps: DependencyList): void {
  useEffect(() => {
    let live = true;
    load().then(
      (value) => live && loaded(value),
      (err: unknown) => live && failed(err),
    );
    return () => {
      live = false;
    };
    // The caller names what the load depends on, as with useEffect.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, deps);
}
