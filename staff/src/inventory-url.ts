import { useCallback, useEffect, useRef, useState } from "react";
import { listSearch, parseListQuery, type InventoryListQuery } from "../../domain/inventory-list";
import { BASE } from "./router";

/** Where this tab's inventory list keeps its last search, so that "Back to the inventory" returns to the same list. */
const LIST_KEY = "gc-staff-inventory-search";

/** The inventory's path with the search and filters it last had in this tab. */
export const inventoryPath = (): string => `${BASE}${sessionStorage.getItem(LIST_KEY) ?? ""}`;

/**
 * The inventory list's filters, sort and page, kept in the page's URL (`/staff?status=sold&sort=days&order=desc&page=2`)
 * so that a reload, a bookmark or the browser's Back brings the same list. A filter or a sort replaces the history
 * entry (it is not a page of its own) and goes back to the first page; another page (`{ page }` with `push`) is a new
 * entry, so Back returns to the page before.
 */
export function useListQuery(): [InventoryListQuery, (change: Partial<InventoryListQuery>, options?: { push?: boolean }) => void] {
  const [query, setQuery] = useState(() => {
    const first = parseListQuery(new URLSearchParams(location.search));
    sessionStorage.setItem(LIST_KEY, listSearch(first));
    return first;
  });
  useEffect(() => {
    const onPop = () => {
      if (location.pathname !== BASE && location.pathname !== `${BASE}/`) return;
      const now = parseListQuery(new URLSearchParams(location.search));
      sessionStorage.setItem(LIST_KEY, listSearch(now));
      setQuery((before) => (listSearch(before) === listSearch(now) ? before : now));
    };
    window.addEventListener("popstate", onPop);
    return () => window.removeEventListener("popstate", onPop);
  }, []);
  const current = useRef(query);
  current.current = query;
  const update = useCallback((change: Partial<InventoryListQuery>, { push = false } = {}) => {
    // Any change but the page's shows the first page of the new list.
    const next = parseListQuery(new URLSearchParams(listSearch({ ...current.current, page: undefined, ...change })));
    const url = `${location.pathname}${listSearch(next)}${location.hash}`;
    if (push) history.pushState(history.state, "", url);
    else history.replaceState(history.state, "", url);
    sessionStorage.setItem(LIST_KEY, listSearch(next));
    current.current = next;
    setQuery(next);
  }, []);
  return [query, update];
}
