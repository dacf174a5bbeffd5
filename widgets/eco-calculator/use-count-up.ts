import { useEffect, useState } from "react";

/** How long the result figures take to count up from zero (spec §4: 2 to 3 seconds). */
export const COUNT_UP_MS = 2500;

/** Ease-out cubic: fast at first, settling gently on the final figure. */
export const easeOutCubic = (t: number): number => 1 - (1 - t) ** 3;

/**
 * Progress from 0 to 1 over `durationMs`, eased out, restarted whenever
 * `runKey` changes (0 on the first render of a new key, so the final figures
 * never flash first); always 1 when `instant` (reduced motion). The frame
 * loop stops on unmount.
 */
export function useCountUp(runKey: unknown, instant: boolean, durationMs = COUNT_UP_MS): number {
  const [state, setState] = useState<{ key: unknown; progress: number }>({ key: undefined, progress: 1 });
  useEffect(() => {
    if (instant || runKey === undefined) return;
    if (typeof requestAnimationFrame !== "function") {
      setState({ key: runKey, progress: 1 });
      return;
    }
    let start: number | undefined;
    let frame = requestAnimationFrame(function step(now) {
      start ??= now;
      const t = Math.min(1, (now - start) / durationMs);
      setState({ key: runKey, progress: easeOutCubic(t) });
      if (t < 1) frame = requestAnimationFrame(step);
    });
    return () => cancelAnimationFrame(frame);
  }, [runKey, instant, durationMs]);
  if (instant) return 1;
  return state.key === runKey ? state.progress : 0;
}
