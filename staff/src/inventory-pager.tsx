import type { MouseEvent } from "react";
import { listSearch, type InventoryListQuery } from "../../domain/inventory-list";
import { BASE } from "./router";

const n = (value: number) => value.toLocaleString("en-US");

/** "Vehicles 51–100 of 3,500": the carts a page holds, in words. */
export function pageRange({ page, pageSize, total }: { page: number; pageSize: number; total: number }): string {
  if (total === 0) return "No vehicles";
  const first = (page - 1) * pageSize + 1;
  if (first > total) return `No vehicles on page ${n(page)}`;
  return `Vehicles ${n(first)}–${n(Math.min(total, page * pageSize))} of ${n(total)}`;
}

/**
 * The list's pages (decision 0065): "Page 2 of 70", with links to the first, previous, next and last pages. Each is a
 * real link (`/staff?…&page=3`: opened in a new tab, it shows that page); a click goes there in place, as a new history
 * entry, so the browser's Back returns to the page before.
 */
export function InventoryPager({
  query,
  page,
  pageCount,
  onPage,
}: {
  query: InventoryListQuery;
  page: number;
  pageCount: number;
  onPage: (page: number) => void;
}) {
  if (pageCount <= 1 && page <= 1) return null;
  const link = (to: number, label: string, text: string) => {
    const off = to === page || to < 1 || to > pageCount;
    if (off) return <span className="pager__link pager__link--off">{text}</span>;
    const go = (e: MouseEvent) => {
      if (e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return;
      e.preventDefault();
      onPage(to);
    };
    return (
      <a className="pager__link" href={`${BASE}${listSearch({ ...query, page: to })}`} aria-label={label} onClick={go}>
        {text}
      </a>
    );
  };
  return (
    <nav className="pager" aria-label="Pages of the list">
      {link(1, "First page", "« First")}
      {link(page - 1, `Previous page, ${page - 1}`, "‹ Previous")}
      <span className="pager__where" aria-current="page">
        Page {n(page)} of {n(pageCount)}
      </span>
      {link(page + 1, `Next page, ${page + 1}`, "Next ›")}
      {link(pageCount, `Last page, ${pageCount}`, "Last »")}
    </nav>
  );
}
