import { useSyncExternalStore, type AnchorHTMLAttributes, type MouseEvent } from "react";

/** Where the console is served; every client route lives under it. */
export const BASE = "/staff";

const listeners = new Set<() => void>();
const subscribe = (listener: () => void) => {
  listeners.add(listener);
  window.addEventListener("popstate", listener);
  return () => {
    listeners.delete(listener);
    window.removeEventListener("popstate", listener);
  };
};
const currentPath = () => location.pathname;

/** Go to a console path ("/staff/…") without reloading the page. */
export function navigate(path: string, { replace = false } = {}): void {
  if (path === location.pathname) return;
  if (replace) history.replaceState(null, "", path);
  else history.pushState(null, "", path);
  for (const listener of listeners) listener();
}

/** The current path, re-rendering on navigation and on the browser's back and forward. */
export function usePath(): string {
  return useSyncExternalStore(subscribe, currentPath, () => BASE);
}

/** The screen a console path names. */
export type Route =
  | { screen: "inventory" }
  | { screen: "new-vehicle" }
  | { screen: "edit-vehicle"; id: string }
  | { screen: "history" }
  | { screen: "accounts" }
  | { screen: "origins" }
  | { screen: "sites" }
  | { screen: "leads" }
  | { screen: "lead"; id: string }
  | { screen: "embed" }
  | { screen: "rentals" }
  | { screen: "inventory-sources" }
  | { screen: "not-found" };

export function matchRoute(path: string): Route {
  const rest = path.startsWith(BASE) ? path.slice(BASE.length).replace(/\/+$/, "") : null;
  if (rest === null) return { screen: "not-found" };
  if (rest === "") return { screen: "inventory" };
  if (rest === "/vehicles/new") return { screen: "new-vehicle" };
  const vehicle = /^\/vehicles\/([^/]+)$/.exec(rest);
  if (vehicle) return { screen: "edit-vehicle", id: decodeURIComponent(vehicle[1]!) };
  if (rest === "/history") return { screen: "history" };
  if (rest === "/accounts") return { screen: "accounts" };
  if (rest === "/origins") return { screen: "origins" };
  if (rest === "/sites") return { screen: "sites" };
  if (rest === "/leads") return { screen: "leads" };
  const lead = /^\/leads\/([^/]+)$/.exec(rest);
  if (lead) return { screen: "lead", id: decodeURIComponent(lead[1]!) };
  if (rest === "/embed") return { screen: "embed" };
  if (rest === "/rentals") return { screen: "rentals" };
  if (rest === "/inventory-sources") return { screen: "inventory-sources" };
  return { screen: "not-found" };
}

export const vehiclePath = (id: string) => `${BASE}/vehicles/${encodeURIComponent(id)}`;
export const leadPath = (id: string) => `${BASE}/leads/${encodeURIComponent(id)}`;

/** An ordinary link that navigates inside the console (a modified click still opens a new tab). */
export function Link({ href, onClick, ...rest }: AnchorHTMLAttributes<HTMLAnchorElement> & { href: string }) {
  const click = (event: MouseEvent<HTMLAnchorElement>) => {
    onClick?.(event);
    if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    navigate(href);
  };
  return <a href={href} onClick={click} {...rest} />;
}
