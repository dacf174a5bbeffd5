import { useEffect, useRef } from "react";
import { leadsApi, type LeadFilters } from "../api/leads-api";

/** How often the inbox asks whether a lead arrived (docs/decisions/0043): one cheap request, answered 304 while none did. */
export const POLL_MS = 5_000;

/**
 * The live inbox: asks GET /leads/latest every POLL_MS while the
 * page is visible, with the ETag of its last answer, and calls `arrived` when
 * the newest lead the filters keep is not one the screen shows. A poll rather
 * than a stream: any instance answers it from the shared store, and it is a
 * same-origin fetch under the console's CSP (connect-src 'self').
 */
export function useNewLeads(filters: LeadFilters, enabled: boolean, isShown: (id: string) => boolean, arrived: () => void): void {
  const latest = useRef({ isShown, arrived });
  latest.current = { isShown, arrived };
  useEffect(() => {
    if (!enabled) return;
    let etag: string | null = null;
    let stopped = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const tick = async () => {
      if (document.visibilityState === "visible") {
        try {
          const answer = await leadsApi.latest(filters, etag);
          if (stopped) return;
          if (answer) {
            etag = answer.etag;
            if (answer.newest && !latest.current.isShown(answer.newest.id)) latest.current.arrived();
          }
        } catch {
          // Offline a moment, or signed out (the next call of the screen says so): the next tick tries again.
        }
      }
      if (!stopped) timer = setTimeout(() => void tick(), POLL_MS);
    };
    timer = setTimeout(() => void tick(), POLL_MS);
    return () => {
      stopped = true;
      clearTimeout(timer);
    };
  }, [filters, enabled]);
}
