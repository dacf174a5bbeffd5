import { formatNumber } from "../../domain/number-format";
import type { InventoryPage } from "../../domain/inventory-query";
import { FilterBar } from "../../widgets/inventory/FilterBar";
import type { FilterChoice } from "../../widgets/inventory/filter-query";
import { PAGED_ATTRIBUTE } from "../../widgets/inventory/served-page";
import { VehicleCard } from "../../widgets/inventory/VehicleCard";
import { CompareForm } from "../../widgets/inventory/ComparePicks";
import { Heading } from "../../widgets/shared/headings";

/** One page of the inventory as `/inventory?…` serves it, cut on the server (domain/inventory-query.ts). */
export interface ServedPage extends InventoryPage {
  /** The filters and sort the page was asked for. */
  choice: FilterChoice;
  /** The category filter's options, from the whole catalogue. */
  categories: readonly { value: string; label: string }[];
  /** Links to the previous and next pages, when there are. */
  prev?: string;
  next?: string;
  /** The unfiltered list's first page. */
  first: string;
  /** How many vehicles the whole inventory holds, whatever the filters (the no-match line names it). */
  catalogueSize: number;
}

/** The cards' heading level: the page's h2 "Vehicles for sale" is above them. */
const LEVEL = 3;
/** Nothing of the element is read on the server but through the widget's own helpers. */
const NO_CHANGE = () => undefined;

/** Cards whose images load at once rather than when scrolled near: a wide grid's first row. */
const EAGER_IMAGES = 3;

/**
 * The inventory page of the dealership's own site: one page of results as the server cut it, rendered into the
 * `<gc-inventory>` element's shadow root with the widget's own parts and styles. The filter form is a GET form (each
 * choice is a URL, with or without JavaScript), the pages are plain links, and the widget's script keeps it all as
 * served (widgets/inventory/served-page.ts): a page of cards costs no script time (498 ms of TBT at 35).
 */
export function PagedInventory({ paged }: { paged: ServedPage }) {
  const { total, page, pageCount, vehicles } = paged;
  const pastEnd = page > pageCount;

  let status;
  let body;
  if (total === 0 || pastEnd) {
    // No match: the widget's four texts of the spec (§8), and a link that clears the filters (a GET form's reset).
    status = pastEnd ? (
      `Showing 0 of ${formatNumber(total)} vehicles`
    ) : (
      <>
        No vehicles match your current filters. <span className="count-sub">Showing 0 of {formatNumber(paged.catalogueSize)} total vehicles</span>
      </>
    );
    body = (
      <div className="notice" part="empty">
        <Heading level={LEVEL} className="notice-title">
          {pastEnd ? `There is no page ${formatNumber(page)}` : "No vehicles found"}
        </Heading>
        <p>
          {pastEnd ? `These results have ${formatNumber(pageCount)} ${pageCount === 1 ? "page" : "pages"}.` : "Try adjusting your search criteria or filters."}
        </p>
        <a className="gc-btn" href={paged.first}>
          {pastEnd ? "Show all vehicles" : "Clear filters"}
        </a>
      </div>
    );
  } else {
    status = (
      <>
        Showing {formatNumber(vehicles.length)} of {formatNumber(total)} vehicles
        {pageCount > 1 ? (
          <span className="count-sub">
            {" "}
            Page {formatNumber(page)} of {formatNumber(pageCount)}
          </span>
        ) : null}
      </>
    );
    body = (
      <CompareForm>
        <ul className="grid" part="grid" aria-label="Vehicles">
          {vehicles.map((v, i) => (
            <VehicleCard key={v.id} vehicle={v} apiBase="" href={`/vehicles/${encodeURIComponent(v.id)}`} eager={i < EAGER_IMAGES} level={LEVEL} />
          ))}
        </ul>
      </CompareForm>
    );
  }

  return (
    <div className="inventory" part="inventory" {...{ [PAGED_ATTRIBUTE]: "" }}>
      <FilterBar choice={paged.choice} onChange={NO_CHANGE} showBrand categories={paged.categories} label="Filter vehicles" submit="Show results" />
      <p className="count" part="count" role="status">
        {status}
      </p>
      {body}
      {pageCount > 1 && !pastEnd && (
        <nav className="pager" part="pager" aria-label="Pages">
          {paged.prev ? (
            <a className="gc-btn gc-btn--ghost" href={paged.prev} rel="prev">
              Previous page
            </a>
          ) : null}
          {paged.next ? (
            <a className="gc-btn gc-btn--ghost" href={paged.next} rel="next">
              Next page
            </a>
          ) : null}
        </nav>
      )}
    </div>
  );
}
