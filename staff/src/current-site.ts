import { useSyncExternalStore } from "react";

/**
 * The site the console's switcher has chosen (issue 26): its id, or "" for
 * every site the account may act on. Kept for this tab; the inbox's calls
 * send it, so the leads shown are that site's.
 */
const KEY = "gc-staff-site";
const listeners = new Set<() => void>();

export const currentSite = (): string => sessionStorage.getItem(KEY) ?? "";

export function chooseSite(id: string): void {
  if (id) sessionStorage.setItem(KEY, id);
  else sessionStorage.removeItem(KEY);
  for (const listener of listeners) listener();
}

let sitesVersion = 0;
/** The Sites page added, changed or removed a site: the switcher reads the list again. */
export function sitesChanged(): void {
  sitesVersion++;
  for (const listener of listeners) listener();
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

/** The chosen site's id ("" for all), re-rendering when it changes. */
export const useCurrentSite = (): string => useSyncExternalStore(subscribe, currentSite, () => "");

/** A number that changes each time the sites do. */
export const useSitesVersion = (): number =>
  useSyncExternalStore(
    subscribe,
    () => sitesVersion,
    () => 0,
  );
