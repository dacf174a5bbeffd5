import { useEffect, useState } from "react";

/** Cards in the first render: a wide grid's first row, more than a phone's screen holds. */
export const FIRST_SLICE = 3;
/** Cards added per later task. */
export const SLICE = 6;

/**
 * The leading part of `items` to render now. The first render takes
 * FIRST_SLICE items and each following task SLICE more, so a long list
 * reaches the screen as a few short tasks instead of one long one that
 * blocks input (docs/benchmarks.md §4). Once the whole list has rendered,
 * later lists (a filter change) render at once, up to that length. Taking
 * over the grid the server rendered (`whole`), the first render is the whole
 * list, as served.
 */
export function useSlices<T>(items: readonly T[], whole?: boolean): readonly T[] {
  const [count, setCount] = useState(whole ? Infinity : FIRST_SLICE);
  const done = count >= items.length;
  useEffect(() => {
    if (done) return;
    const timer = setTimeout(() => setCount((c) => c + SLICE), 0);
    return () => clearTimeout(timer);
  }, [done, count]);
  return done ? items : items.slice(0, count);
}
