import { useCallback, useState } from "react";
import { listSearch, parseListQuery, type InventoryListQuery } from "../../domain/inventory-list";

/**
 * The inventory list's filters and sort, kept in the page's URL (`/staff?status=sold&sort=days&order=desc`) so that a
 * reload, a bookmark or the browser's Back brings the same list. Each change replaces the history entry: a filter
 * is not a page of its own.
 */
export function useListQuery(): [InventoryListQuery, (change: Partial<InventoryListQuery>) => void] {
  const [query, setQuery] = useState(() => parseListQuery(new URLSearchParams(location.search)));
  const update = useCallback((change: Partial<InventoryListQuery>) => {
    setQuery((before) => {
      const next = parseListQuery(new URLSearchParams(listSearch({ ...before, ...change })));
      history.replaceState(history.state, "", `${location.pathname}${listSearch(next)}${location.hash}`);
      return next;
    });
  }, []);
  return [query, update];
}
