import { useSyncExternalStore } from "react";
import { siteForHost, type Site } from "../../domain/site";

/**
 * The site the console's switcher has chosen: its id, or "" for
 * every site the account may act on. Kept for this tab; the inbox's calls
 * send it, so the leads shown are that site's. A page that changes one site's
 * things works on `workingSite` (docs/decisions/0058).
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

/**
 * The one site a per-site page (partner origins, the embed builder, the rental desk and its fleet) works on, among
 * the account's `sites`: the one chosen in the header; with "All sites" (or a choice no longer listed), the site this
 * console is served as (`host`) when the account may act on it; else the first of the account's. Its id goes with
 * every call as `?site=`, and the page names it.
 */
export function workingSite(sites: readonly Site[], chosen: string, host: string): Site | undefined {
  return sites.find((s) => s.id === chosen) ?? sites.find((s) => s.id === siteForHost(sites, host)?.site.id) ?? sites[0];
}
