import { useCallback, useState } from "react";
import { listSearch, parseListQuery, type InventoryListQuery } from "../../domain/inventory-list";
import { BASE } from "./router";

/** Where this tab's inventory list keeps its last search, so that "Back to the inventory" returns to the same list. */
const LIST_KEY = "gc-staff-inventory-search";

/** The inventory's path with the search and filters it last had in this tab. */
export const inventoryPath = (): string => `${BASE}${sessionStorage.getItem(LIST_KEY) ?? ""}`;

/**
 * The inventory list's filters and sort, kept in the page's URL (`/staff?status=sold&sort=days&order=desc`) so that a
 * reload, a bookmark or the browser's Back brings the same list. Each change replaces the history entry: a filter
 * is not a page of its own.
 */
export function useListQuery(): [InventoryListQuery, (change: Partial<InventoryListQuery>) => void] {
  const [query, setQuery] = useState(() => {
    const first = parseListQuery(new URLSearchParams(location.search));
    sessionStorage.setItem(LIST_KEY, listSearch(first));
    return first;
  });
  const update = useCallback((change: Partial<InventoryListQuery>) => {
    setQuery((before) => {
      const next = parseListQuery(new URLSearchParams(listSearch({ ...before, ...change })));
      history.replaceState(history.state, "", `${location.pathname}${listSearch(next)}${location.hash}`);
      sessionStorage.setItem(LIST_KEY, listSearch(next));
      return next;
    });
  }, []);
  return [query, update];
}
